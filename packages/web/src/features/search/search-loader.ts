// The data and head tags of /search, apart from the page component (kept out of the browser's entry chunk).
import type { ImageRef, ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import type { AppContextValue } from '../../app/app-context.tsx';
import { loadPageData } from '../../app/page-loader.ts';
import type { PageMeta } from '../../app/page-meta.ts';
import type { LoaderFunctionArgs } from '../../app/router/router.ts';
import { HttpError } from '../../lib/http-client.ts';

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
  /** The query retyped on the Russian layout when that is what found the results («kfdfylf» → «лаванда»). */
  corrected?: string | null;
}

export interface SearchPageData {
  q: string;
  response?: SearchResponse;
  /** A query the server refused (too long, say), in words for the visitor. */
  error?: string;
}

export const RESULT_FORMS: PluralForms = ['результат', 'результата', 'результатов'];
export const GROUP_FORMS = {
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
    return loadPageData(context, request, async () => {
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
