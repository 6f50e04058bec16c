// The home page: the slide for this visitor, the catalogue's top categories and what makes the shop different.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import { Link } from 'react-router';
import { useAppState } from '../../app/app-context.tsx';

const PROMISES = [
  {
    title: 'Проверяем каждую партию',
    text: 'Хромато-масс-спектрометрия для масел, сертификаты поставщиков и честные этикетки с латинским названием.',
  },
  {
    title: 'Доставка по всей России',
    text: 'Курьером по Москве и Санкт-Петербургу, в пункты CDEK и Boxberry, постаматы 5Post и Почтой России.',
  },
  {
    title: 'Школа ароматерапии',
    text: 'Курсы для начинающих и профессионалов: очно в Москве и онлайн, с сертификатом или дипломом.',
  },
] as const;

export function HomePage(_props: { data: RouteResponse }) {
  const isLoggedIn = useAppState((state) => state.user !== null);
  const slides = useAppState((state) => state.critical.slider);
  const catalogs = useAppState((state) => state.critical.catalogs);
  const audience = isLoggedIn ? 'reg' : 'guest';
  const slide = slides.find((item) => item.show === 'all' || item.show === audience);

  return (
    <div className="home">
      <section className="hero" style={slide ? { backgroundColor: slide.color } : undefined}>
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__kicker">Натуральные эфирные масла из первых рук</p>
            <h1>{slide?.name ?? 'Эфирные масла, гидролаты и ароматерапия'}</h1>
            <p className="hero__lead">
              Более 300 масел из Болгарии, Франции, Индии и Крыма — с паспортами качества, рецептами и
              советами ароматерапевтов.
            </p>
            <div className="hero__actions">
              <Link to={slide?.link || '/catalog.html'} className="button">
                Смотреть каталог
              </Link>
              <Link to="/seminar_po_aromatherapy.html" className="button button--ghost">
                Курсы ароматерапии
              </Link>
            </div>
          </div>
        </div>
      </section>

      {catalogs.length > 0 && (
        <section className="container section">
          <h2 className="section__title">Каталог</h2>
          <ul className="category-grid">
            {catalogs.map((entry) => (
              <li key={entry.id}>
                <Link to={entry.url} className="category-card">
                  <span className="category-card__name">{entry.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="container section">
        <h2 className="section__title">Почему покупают у нас</h2>
        <ul className="promise-grid">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="promise">
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <Link to="/pochemu-mi">Подробнее о нас</Link>
        </p>
      </section>
    </div>
  );
}
