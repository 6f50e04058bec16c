// The parts every page answer of POST /api/v1/route is made of: the empty lists, the `page` block, and the rule
// that a listing's page past its last one is no page.
import type { Crumb } from '@efir/domain/catalog-wire';
import type { PageData, RouteResponse } from '@efir/domain/page-wire';
import { notFound } from '../../lib/app-error.ts';
import type { listCommentThreads } from '../reviews/reviews.service.ts';

export function emptyResponse(page: RouteResponse['page'], applied: RouteResponse['applied']): RouteResponse {
  return {
    page,
    products: [],
    components: [],
    recoGoods: [],
    categories: [],
    articles: [],
    razdels: [],
    recepts: [],
    pagination: null,
    applied,
  };
}

type PageComments = Awaited<ReturnType<typeof listCommentThreads>>;

/** The page block of a page of `type`, whose entity (com_data) is of that type's schema. */
export function pageInfo<Type extends keyof PageData>(
  type: Type,
  url: string,
  title: string,
  description: string,
  comData: PageData[Type],
  breadcrumbs: Crumb[],
  rating: { avg_rating?: number; votes_count?: number } = {},
  comments: PageComments | null = null,
): RouteResponse['page'] {
  return {
    // The answer is shared by everyone (and cached): the visitor's own vote is laid over it per request, and as
    // the very first field it is found without parsing (withUserRating).
    userRating: 0,
    type,
    url,
    html_title: title,
    meta_description: description.slice(0, 200),
    com_data: comData,
    avg_rating: rating.avg_rating ?? 0,
    votes_count: rating.votes_count ?? 0,
    comments: comments?.items ?? [],
    comments_pagination: comments?.pagination ?? null,
    breadcrumbs,
  };
}

/**
 * A listing's page past its last one names no page: 404, not an empty page that answers 200 (a soft 404 to search
 * engines). The first page of an empty listing is still the listing.
 */
export function requireListedPage<T extends { pagination: { pages: number } }>(listing: T, page: number): T {
  if (page > 1 && page > listing.pagination.pages) throw notFound();
  return listing;
}
