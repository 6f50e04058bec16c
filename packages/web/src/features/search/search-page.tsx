// /search?q=…: results of POST /api/v1/search grouped into products, articles, recipes and courses; a form on top.
import type { ImageRef, ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import type { ReactNode } from 'react';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import type { AppContextValue } from '../../app/app-context.tsx';
import { useAppState } from '../../app/app-context.tsx';
import type { CatalogEntry } from '../../app/app-state.ts';
import { loadPageData } from '../../app/page-loader.ts';
import type { PageMeta } from '../../app/page-meta.ts';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { HttpError } from '../../lib/http-client.ts';
import './search.css';

/** The server's limit (search.routes.ts); the form keeps to it so only a hand-made address can exceed it. */
export const SEARCH_MAX_LENGTH = 200;

export interface SearchProduct {
  id: number;
  name: string;
  url: string;
  cena: number;
  cena_st: number;
  volume: string;
  stock: number;
  katGlobal: number;
  avg_rating: number;
  images?: ImageRef[];
  image?: ImageRef | null;
  icons?: ProductCardData['icons'];
  votes_count?: number;
}

export interface SearchPublication {
  id: number;
  title: string;
  url: string;
  excerpt: string;
  image: ImageRef | null;
  published_at: string;
}

export interface SearchCourse {
  id: number;
  url: string;
  name?: string;
  title?: string;
  excerpt?: string;
  image?: ImageRef | null;
}

/** What POST /api/v1/search answers. */
export interface SearchResponse {
  q: string;
  results: {
    products: SearchProduct[];
    articles: SearchPublication[];
    recipes: SearchPublication[];
    courses: SearchCourse[];
  };
  total: number;
}

export interface SearchPageData {
  q: string;
  response?: SearchResponse;
  /** A query the server refused (too long, say), in words for the visitor. */
  error?: string;
}

export const RESULT_FORMS: PluralForms = ['результат', 'результата', 'результатов'];
const GROUP_FORMS = {
  products: ['товар', 'товара', 'товаров'],
  articles: ['статья', 'статьи', 'статей'],
  recipes: ['рецепт', 'рецепта', 'рецептов'],
  courses: ['курс', 'курса', 'курсов'],
} as const satisfies Record<string, PluralForms>;

const TOO_LONG_FALLBACK = `Запрос получился слишком длинным: сократите его до ${SEARCH_MAX_LENGTH} символов.`;

/** The query as the visitor typed it, with runs of spaces collapsed; what the page shows and sends. */
export function readQuery(url: URL): string {
  return (url.searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim();
}

/** A search product shaped as the shared product card wants it. */
export function toProductCard(product: SearchProduct): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    volume: product.volume,
    cena: product.cena,
    cena_st: product.cena_st,
    stock: product.stock,
    katGlobal: product.katGlobal,
    icons: product.icons ?? [],
    image: product.image ?? product.images?.[0] ?? null,
    avg_rating: product.avg_rating,
    votes_count: product.votes_count ?? 0,
  };
}

/** «8 товаров, 3 статьи и 1 рецепт» — only the groups that found something. */
export function summariseCounts(results: SearchResponse['results']): string {
  const parts = (Object.keys(GROUP_FORMS) as Array<keyof typeof GROUP_FORMS>)
    .filter((group) => results[group].length > 0)
    .map((group) => formatCount(results[group].length, GROUP_FORMS[group]));
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} и ${parts[parts.length - 1]}`;
}

/** The message for a refused query: the server's own words when it gave them. */
export function describeRefusal(error: HttpError): string {
  const message = error.detail.errors?.q?.[0];
  if (!message) return TOO_LONG_FALLBACK;
  return /[.!?…]$/.test(message) ? message : `${message}.`;
}

export function createSearchLoader(context: AppContextValue) {
  return async ({ request }: LoaderFunctionArgs): Promise<SearchPageData> => {
    const q = readQuery(new URL(request.url));
    if (!q) return { q };
    return loadPageData(context, request, 'search', async () => {
      try {
        const response = await context.api.post<SearchResponse>('/api/v1/search', {
          body: { q },
          suppressErrors: true,
        });
        return { q, response };
      } catch (error) {
        // A query the server will not take is the visitor's to fix, not an error page.
        if (error instanceof HttpError && error.detail.status === 422)
          return { q, error: describeRefusal(error) };
        throw error;
      }
    });
  };
}

export function getSearchMeta(data: unknown): PageMeta {
  const q = (data as SearchPageData | undefined)?.q;
  return { title: q ? `Поиск: ${q}` : 'Поиск по магазину', noindex: true };
}

function SearchForm({ q }: { q: string }) {
  return (
    <Form method="get" action="/search" className="search-form" role="search">
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
  return (
    <>
      <p className="search-summary" aria-live="polite">
        По запросу «{q}» {total === 1 ? 'нашёлся' : 'нашлось'} {formatCount(total, RESULT_FORMS)}:{' '}
        {summariseCounts(results)}.
      </p>
      <ResultGroup id="products" title="Товары" count={results.products.length} forms={GROUP_FORMS.products}>
        <ul className="product-grid">
          {results.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={toProductCard(product)} eager={index < 4} />
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
              <Link to={course.url}>{course.title ?? course.name ?? course.url}</Link>
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
