// The data and head tags of /search, apart from the page component (kept out of the browser's entry chunk).
import type { ProductCard as ProductCardData } from '@efir/domain/catalog-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import type {
  CourseResult,
  ProductResult,
  PublicationResult,
  SearchResponse,
} from '@efir/domain/search-wire';
import type { AppContextValue } from '../../lib/app-context.tsx';
import { HttpError } from '../../lib/http-client.ts';
import { loadPageData } from '../../lib/page-loader.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../../lib/router/router.ts';

/** The server's limit (search.routes.ts); the form keeps to it so only a hand-made address can exceed it. */
export const SEARCH_MAX_LENGTH = 200;

// What POST /api/v1/search answers: its response schema's types (domain/search-wire.ts).
export type {
  CourseResult as SearchCourse,
  ProductResult as SearchProduct,
  PublicationResult as SearchPublication,
  SearchResponse,
};

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
export function toProductCard(product: ProductResult): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    volume: product.volume,
    cena: product.cena,
    cena_st: product.cena_st,
    stock: product.stock,
    katGlobal: product.katGlobal,
    // A search result carries no badges and no vote count: the card shows none.
    icons: [],
    image: product.images[0] ?? null,
    avg_rating: product.avg_rating,
    votes_count: 0,
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
