// POST /api/v1/route: resolves any page address to the page data of spec §3 (page, products, articles, …). Each
// page type has its resolver (page-resolvers.ts); this picks one and lays the visitor's own vote over the answer.
import type { SavedCartPage } from '@efir/domain/cart-wire';
import { DEFAULT_AVAILABILITY, DEFAULT_DATE_PERIOD } from '@efir/domain/catalog-constants';
import { productFilterSchema, publicationFilterSchema, type RouteRequest } from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import type { VoteType } from '@efir/domain/reviews-schemas';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ContentService } from '../content/content.service.ts';
import { FIXED_PAGES, type PageContext, resolveOwnedPage, resolveSavedCart } from './page-resolvers.ts';
import { findUrlOwner } from './pages.repo.ts';

/** The page one can vote on that an answer shows (product, recipe, article), or null. */
export function findRatedItem(answer: RouteResponse): { type: VoteType; id: number } | null {
  const { type, com_data: entity } = answer.page;
  if (type !== 'product' && type !== 'recept' && type !== 'article') return null;
  const id = (entity as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? { type, id } : null;
}

/** How every serialised page answer starts: `page` first, its `userRating` (always 0 there) first in it. */
export const SHARED_ANSWER_HEAD = '{"page":{"userRating":0,';

/** A page answer serialised for everyone, with this visitor's own vote put in. */
export function withUserRating(json: string, userRating: number): string {
  if (json.startsWith(SHARED_ANSWER_HEAD)) {
    return `{"page":{"userRating":${userRating},${json.slice(SHARED_ANSWER_HEAD.length)}`;
  }
  const answer = JSON.parse(json) as RouteResponse;
  answer.page.userRating = userRating;
  return JSON.stringify(answer);
}

/** Normalises a url: path only, no trailing slash (except the root). */
export function normalisePageUrl(raw: string): string {
  let path = raw;
  try {
    path = new URL(raw, 'http://efir.local').pathname;
  } catch {
    // keep it as given; it will simply not be found
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // Broken percent-encoding names no page of ours.
    throw notFound();
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface PageSources {
  /** Saved carts live in the cart feature: `/saved/<token>` pages. */
  getSavedPage?(token: string): Promise<SavedCartPage | null>;
}

export async function resolvePage(
  db: Database,
  content: ContentService,
  request: RouteRequest,
  sources: PageSources = {},
): Promise<RouteResponse> {
  const url = normalisePageUrl(request.url);
  if (url.startsWith('/saved/') && sources.getSavedPage) return resolveSavedCart(url, sources.getSavedPage);
  const productFilter = productFilterSchema.parse({
    icons: request.filter.icons,
    anywhere: request.filter.anywhere,
  });
  const publicationFilter = publicationFilterSchema.parse({
    authors: request.filter.authors,
    date: request.filter.date,
    tags: request.filter.tags,
  });
  const critical = await content.critical.get();
  const context: PageContext = {
    db,
    url,
    sort: request.sort,
    page: request.page,
    productFilter,
    publicationFilter,
    critical,
    tree: { catalogs: critical.catalogs, categories: critical.categories, subCatalog: critical.subCatalog },
  };
  const answer = await resolveInContext(context);
  if (!answer.pagination || !isNarrowed(answer.applied.filter, productFilter, publicationFilter))
    return answer;
  // The same list without its filter, from its first page: what «Показаны N из M» counts against.
  const unfiltered = await resolveInContext({
    ...context,
    page: 1,
    productFilter: productFilterSchema.parse({}),
    publicationFilter: publicationFilterSchema.parse({}),
  });
  const unfilteredTotal = unfiltered.pagination?.total ?? answer.pagination.total;
  return { ...answer, pagination: { ...answer.pagination, unfiltered_total: unfilteredTotal } };
}

async function resolveInContext(context: PageContext): Promise<RouteResponse> {
  const fixed = FIXED_PAGES.get(context.url);
  if (fixed) return fixed(context);
  const owner = await findUrlOwner(context.db, context.url);
  if (!owner) throw notFound();
  return resolveOwnedPage(context, owner);
}

/** Whether the list of the answer is narrowed by its filter: a product list by badges or stock, a publication list
 * by author, tag or period. */
function isNarrowed(
  applied: RouteResponse['applied']['filter'],
  product: ReturnType<typeof productFilterSchema.parse>,
  publication: ReturnType<typeof publicationFilterSchema.parse>,
): boolean {
  if ('icons' in applied || 'anywhere' in applied)
    return product.icons.length > 0 || product.anywhere !== DEFAULT_AVAILABILITY;
  if ('authors' in applied || 'tags' in applied || 'date' in applied)
    return (
      publication.authors.length > 0 ||
      publication.tags.length > 0 ||
      publication.date !== DEFAULT_DATE_PERIOD
    );
  return false;
}
