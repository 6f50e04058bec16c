import { formatDateLong } from '@efir/domain/dates';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import type { ReactNode } from 'react';
import { ShopProductCard } from '../../components/shop/shop-product-card.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { Form, useLoaderData } from '../../lib/router/router-view.tsx';
import './search-page.css';

import {
  GROUP_FORMS,
  RESULT_FORMS,
  SEARCH_MAX_LENGTH,
  type SearchPageData,
  type SearchPublication,
  type SearchResponse,
  summariseCounts,
  toProductCard,
} from './search-loader.ts';

export {
  createSearchLoader,
  describeRefusal,
  getSearchMeta,
  RESULT_FORMS,
  readQuery,
  SEARCH_MAX_LENGTH,
  type SearchCourse,
  type SearchPageData,
  type SearchProduct,
  type SearchPublication,
  type SearchResponse,
  summariseCounts,
  toProductCard,
} from './search-loader.ts';

function SearchForm({ q }: { q: string }) {
  return (
    // Named apart from the header's search box: a screen reader lists both search landmarks of this page.
    <Form method="get" action="/search" className="search-form" role="search" aria-label="Новый запрос">
      <label htmlFor="search-page-q" className="visually-hidden">
        Что ищем?
      </label>
      {/* key: a new query from the header box refills the field. */}
      <input
        key={q}
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Например, лаванда или крем для рук"
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button">
        <SearchIcon width={18} height={18} />
        Найти
      </button>
    </Form>
  );
}

function PopularCategories() {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const popular = [...catalogs].sort((a: CatalogEntry, b: CatalogEntry) => a.pos - b.pos).slice(0, 8);
  return (
    <div className="search-suggest">
      <h2 className="search-suggest__title">Популярные разделы</h2>
      <ul className="search-suggest__list">
        <li>
          <Link to="/catalog.html" className="search-chip search-chip--main">
            Весь каталог
          </Link>
        </li>
        {popular.map((entry) => (
          <li key={entry.id}>
            <Link to={entry.url} className="search-chip">
              {entry.name}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/recept.html" className="search-chip">
            Рецепты
          </Link>
        </li>
        <li>
          <Link to="/articles-new.html" className="search-chip">
            Статьи
          </Link>
        </li>
      </ul>
    </div>
  );
}

function PublicationResults({ items }: { items: SearchPublication[] }) {
  return (
    <ul className="search-pubs">
      {items.map((item) => (
        <li key={item.url} className="search-pub">
          <Link to={item.url} className="search-pub__picture" tabIndex={-1} aria-hidden="true">
            <Picture image={item.image} alt="" width={320} height={180} />
          </Link>
          <div className="search-pub__body">
            <h3 className="search-pub__title">
              <Link to={item.url}>{item.title}</Link>
            </h3>
            {item.excerpt && <p className="search-pub__excerpt">{item.excerpt}</p>}
            <p className="search-pub__date">
              <time dateTime={item.published_at}>{formatDateLong(item.published_at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ResultGroup({
  id,
  title,
  count,
  forms,
  children,
}: {
  id: string;
  title: string;
  count: number;
  forms: PluralForms;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section className="search-group" aria-labelledby={`search-${id}`}>
      <h2 id={`search-${id}`} className="search-group__title">
        {title} <span className="search-group__count">{formatCount(count, forms)}</span>
      </h2>
      {children}
    </section>
  );
}

function Results({ q, response }: { q: string; response: SearchResponse }) {
  const { results } = response;
  const total =
    results.products.length + results.articles.length + results.recipes.length + results.courses.length;
  if (total === 0) {
    return (
      <div className="search-empty">
        <h2>Ничего не нашлось по запросу «{q}»</h2>
        <ul className="search-empty__tips">
          <li>Проверьте, нет ли в запросе опечатки.</li>
          <li>
            Попробуйте написать короче или другими словами: «лаванда» вместо «масло лаванды узколистной».
          </li>
          <li>Загляните в каталог или в популярные разделы ниже.</li>
        </ul>
        <PopularCategories />
      </div>
    );
  }
  const corrected = response.corrected;
  const searched = corrected ?? q;
  return (
    <>
      {corrected && (
        <p className="search-corrected">
          <strong>Показаны результаты для «{corrected}»</strong>
          <span>Вы искали «{q}» — похоже, запрос набран в английской раскладке.</span>
        </p>
      )}
      <p className="search-summary" aria-live="polite">
        По запросу «{searched}» {total === 1 ? 'нашёлся' : 'нашлось'} {formatCount(total, RESULT_FORMS)}:{' '}
        {summariseCounts(results)}.
      </p>
      <ResultGroup id="products" title="Товары" count={results.products.length} forms={GROUP_FORMS.products}>
        <ul className="product-grid">
          {results.products.map((product, index) => (
            <li key={product.id}>
              <ShopProductCard product={toProductCard(product)} eager={index < 4} />
            </li>
          ))}
        </ul>
      </ResultGroup>
      <ResultGroup id="articles" title="Статьи" count={results.articles.length} forms={GROUP_FORMS.articles}>
        <PublicationResults items={results.articles} />
      </ResultGroup>
      <ResultGroup id="recipes" title="Рецепты" count={results.recipes.length} forms={GROUP_FORMS.recipes}>
        <PublicationResults items={results.recipes} />
      </ResultGroup>
      <ResultGroup id="courses" title="Курсы" count={results.courses.length} forms={GROUP_FORMS.courses}>
        <ul className="search-courses">
          {results.courses.map((course) => (
            <li key={course.url}>
              <Link to={course.url}>{course.title}</Link>
              {course.excerpt && <p className="muted small">{course.excerpt}</p>}
            </li>
          ))}
        </ul>
      </ResultGroup>
    </>
  );
}

export function SearchPage() {
  const { q, response, error } = useLoaderData() as SearchPageData;
  return (
    <div className="container page search-page">
      <Breadcrumbs items={[{ name: 'Поиск' }]} />
      <h1>{q ? 'Результаты поиска' : 'Поиск по магазину'}</h1>
      <SearchForm q={q} />
      {error && (
        <div className="search-refused" role="alert">
          <p>{error}</p>
        </div>
      )}
      {!q && !error && (
        <>
          <p className="search-hint">
            Ищите масла, гидролаты, наборы, статьи и рецепты — по названию или теме.
          </p>
          <PopularCategories />
        </>
      )}
      {response && <Results q={q} response={response} />}
    </div>
  );
}
