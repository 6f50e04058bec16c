// The home page: the slider, the catalogue's top categories, best sellers, special prices, what is new in the
// blog and what makes the shop different.
import type { ProductCard as ProductCardData, PublicationCard } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import type { RouteResponse } from '@efir/domain/page-wire';
import { SHOP } from '@efir/domain/shop-info';
import { ShopProductCard } from '../../components/shop/shop-product-card.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { organizationJsonLd, webSiteJsonLd } from '../../components/ui/structured-data.ts';
import { useAppContext } from '../../lib/app-context.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { HomeSlider } from './home-slider.tsx';
import './home.css';

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

const BLOG_CARDS = 4;

export interface BlogPost extends PublicationCard {
  kind: 'article' | 'recept';
}

/** The newest articles and recipes together, newest first. */
export function pickLatestPosts(
  articles: readonly PublicationCard[],
  recipes: readonly PublicationCard[],
  limit = BLOG_CARDS,
): BlogPost[] {
  return [
    ...articles.map((item) => ({ ...item, kind: 'article' as const })),
    ...recipes.map((item) => ({ ...item, kind: 'recept' as const })),
  ]
    .sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at))
    .slice(0, limit);
}

function ProductShelf({
  id,
  title,
  products,
  more,
}: {
  id: string;
  title: string;
  products: ProductCardData[];
  more: { url: string; text: string };
}) {
  if (products.length === 0) return null;
  return (
    <section className="container section home-shelf" aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        <Link to={more.url} className="home-section__more">
          {more.text}
        </Link>
      </div>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ShopProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  return (
    <article className="post-card">
      <Link to={post.url} className="post-card__link">
        <Picture
          image={post.image}
          alt=""
          width={1200}
          height={675}
          className="post-card__picture"
          sizes="(max-width: 599px) 100vw, (max-width: 1023px) 50vw, 280px"
        />
        <span className="post-card__kind">{post.kind === 'article' ? 'Статья' : 'Рецепт'}</span>
        <h3 className="post-card__title">{post.title}</h3>
      </Link>
      {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
      <p className="post-card__meta">
        <time dateTime={post.published_at}>{formatDateLong(post.published_at)}</time>
        {post.author && <span> · {post.author.name}</span>}
      </p>
    </article>
  );
}

export function HomePage({ data }: { data: RouteResponse }) {
  const catalogs = (data.categories as CatalogEntry[]).slice().sort((a, b) => a.pos - b.pos);
  const posts = pickLatestPosts(data.articles, data.recepts);

  const { origin } = useAppContext();
  return (
    <div className="home">
      <JsonLd data={organizationJsonLd(origin)} />
      <JsonLd data={webSiteJsonLd(origin)} />
      <h1 className="visually-hidden">
        {SHOP.name} — натуральные эфирные масла, гидролаты и школа ароматерапии
      </h1>
      <div className="container home__slider">
        <HomeSlider />
      </div>

      {catalogs.length > 0 && (
        <section className="container section" aria-labelledby="home-catalog">
          <div className="home-section__head">
            <h2 id="home-catalog" className="section__title">
              Каталог
            </h2>
            <Link to="/catalog.html" className="home-section__more">
              Весь каталог
            </Link>
          </div>
          <ul className="home-categories">
            {catalogs.map((entry) => (
              <li key={entry.id}>
                <Link to={entry.url} className="home-category">
                  <Picture
                    image={entry.foto_main}
                    alt=""
                    width={600}
                    height={400}
                    className="home-category__picture"
                    sizes="(max-width: 599px) 50vw, (max-width: 1023px) 33vw, 280px"
                  />
                  <span className="home-category__name">{entry.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProductShelf
        id="home-hits"
        title="Хиты продаж"
        products={data.products}
        more={{ url: '/catalog.html', text: 'Смотреть каталог' }}
      />
      <ProductShelf
        id="home-special"
        title="Специальные цены"
        products={data.recoGoods}
        more={{ url: '/akcii', text: 'Все акции' }}
      />

      {posts.length > 0 && (
        <section className="container section" aria-labelledby="home-blog">
          <div className="home-section__head">
            <h2 id="home-blog" className="section__title">
              Новое в блоге
            </h2>
            <span className="home-section__links">
              <Link to="/articles-new.html" className="home-section__more">
                Все статьи
              </Link>
              <Link to="/recept.html" className="home-section__more">
                Все рецепты
              </Link>
            </span>
          </div>
          <ul className="post-grid">
            {posts.map((post) => (
              <li key={`${post.kind}-${post.id}`}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="container section" aria-labelledby="home-promises">
        <h2 id="home-promises" className="section__title">
          Почему покупают у нас
        </h2>
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
