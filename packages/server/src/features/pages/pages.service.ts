// POST /api/v1/route: resolves any page address to the page data of spec §3 (page, products, articles, …).
import {
  type Crumb,
  productFilterSchema,
  publicationFilterSchema,
  type RouteRequest,
  type RouteResponse,
} from '@efir/domain/catalog-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type { VoteType } from '@efir/domain/reviews-schemas';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  buildCategoryTrail,
  categoryHeading,
  collectSubtreeIds,
  getCategoryDetails,
  getProductDetails,
  listProducts,
} from '../catalog/catalog.service.ts';
import type { ContentService } from '../content/content.service.ts';
import {
  getPublicationPage,
  getRazdel,
  LISTING_TITLES,
  listPublications,
} from '../content/publications.service.ts';
import { listCommentThreads } from '../reviews/reviews.service.ts';
import { findUrlOwner } from './pages.repo.ts';

const SPECIAL_OFFERS_URL = '/akcii';

function emptyResponse(page: RouteResponse['page'], applied: RouteResponse['applied']): RouteResponse {
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

function pageInfo(
  type: RouteResponse['page']['type'],
  url: string,
  title: string,
  description: string,
  comData: unknown,
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

/**
 * A listing's page past its last one names no page: 404, not an empty page that answers 200 (a soft 404 to search
 * engines). The first page of an empty listing is still the listing.
 */
function requireListedPage<T extends { pagination: { pages: number } }>(listing: T, page: number): T {
  if (page > 1 && page > listing.pagination.pages) throw notFound();
  return listing;
}

export interface PageSources {
  /** Saved carts live in the cart feature: `/saved/<token>` pages. */
  getSavedPage?(token: string): Promise<{ lines: unknown[]; total: number; created_at: string } | null>;
}

export async function resolvePage(
  db: Database,
  content: ContentService,
  request: RouteRequest,
  sources: PageSources = {},
): Promise<RouteResponse> {
  const url = normalisePageUrl(request.url);
  if (url.startsWith('/saved/') && sources.getSavedPage) {
    const saved = await sources.getSavedPage(url.slice('/saved/'.length));
    if (!saved) throw notFound();
    return emptyResponse(
      pageInfo(
        'saved',
        url,
        'Сохранённая корзина',
        'Корзина, которой с вами поделились в магазине «Эфир».',
        saved,
        [{ name: 'Сохранённая корзина', url }],
      ),
      { sort: 0, filter: {} },
    );
  }
  const productFilter = productFilterSchema.parse({
    icons: request.filter.icons,
    anywhere: request.filter.anywhere,
  });
  const publicationFilter = publicationFilterSchema.parse({
    authors: request.filter.authors,
    date: request.filter.date,
    tags: request.filter.tags,
  });
  const { sort, page } = request;
  const critical = await content.critical.get();
  const tree = {
    catalogs: critical.catalogs,
    categories: critical.categories,
    subCatalog: critical.subCatalog,
  };

  if (url === '/') {
    const [popular, special, latestArticles, latestRecipes] = await Promise.all([
      listProducts(db, { filter: productFilter, sort: 3, page: 1 }),
      listProducts(db, { onlySpecialPrice: true, filter: productFilterSchema.parse({}), sort: 3, page: 1 }),
      listPublications(db, 'article', {
        filter: publicationFilterSchema.parse({}),
        sort: 1,
        page: 1,
        perPage: 4,
      }),
      listPublications(db, 'recept', {
        filter: publicationFilterSchema.parse({}),
        sort: 1,
        page: 1,
        perPage: 4,
      }),
    ]);
    return {
      ...emptyResponse(
        pageInfo('homepage', url, 'Натуральные эфирные масла и школа ароматерапии', '', {}, []),
        { sort: 0, filter: {} },
      ),
      products: popular.products.slice(0, 8),
      recoGoods: special.products.slice(0, 8),
      categories: critical.catalogs,
      articles: latestArticles.items,
      recepts: latestRecipes.items,
      razdels: critical.razdels,
    };
  }

  if (url === '/catalog.html') {
    const popular = await listProducts(db, { filter: productFilter, sort: 3, page: 1 });
    return {
      ...emptyResponse(
        pageInfo(
          'catalog',
          url,
          'Каталог эфирных масел, гидролатов и косметики',
          'Каталог магазина «Эфир»: эфирные и базовые масла, гидролаты, смеси, наборы и аксессуары для ароматерапии с доставкой по России.',
          { name: 'Каталог' },
          [{ name: 'Каталог', url }],
        ),
        { sort: 0, filter: {} },
      ),
      categories: tree.categories,
      recoGoods: popular.products.slice(0, 8),
    };
  }

  if (url === SPECIAL_OFFERS_URL) {
    const listing = requireListedPage(
      await listProducts(db, { onlySpecialPrice: true, filter: productFilter, sort, page }),
      page,
    );
    return {
      ...emptyResponse(
        pageInfo(
          'category',
          url,
          'Акции и специальные цены',
          'Эфирные масла, гидролаты и косметика по специальной цене.',
          { id: 0, name: 'Акции', url },
          [{ name: 'Акции', url }],
        ),
        { sort, filter: productFilter },
      ),
      products: listing.products,
      pagination: listing.pagination,
    };
  }

  for (const kind of ['article', 'recept'] as const) {
    const listingPage = LISTING_TITLES[kind];
    if (url !== listingPage.url) continue;
    const listing = requireListedPage(
      await listPublications(db, kind, { filter: publicationFilter, sort, page }),
      page,
    );
    const title =
      kind === 'article'
        ? 'Статьи об эфирных маслах и ароматерапии'
        : 'Рецепты натуральной косметики и ароматерапии';
    const description =
      kind === 'article'
        ? 'Статьи ароматерапевтов «Эфира»: как выбирать, хранить и безопасно применять эфирные масла, гидролаты и базовые масла.'
        : 'Проверенные рецепты домашней косметики с эфирными маслами: кремы, бальзамы, масла для волос, соли для ванн и ароматы для дома.';
    return {
      ...emptyResponse(
        pageInfo('razdel', url, title, description, { id: 0, name: listingPage.name, url, kind }, [
          listingPage,
        ]),
        {
          sort,
          filter: publicationFilter,
        },
      ),
      [kind === 'article' ? 'articles' : 'recepts']: listing.items,
      razdels: critical.razdels,
      pagination: listing.pagination,
    };
  }

  const owner = await findUrlOwner(db, url);
  if (!owner) throw notFound();

  switch (owner.type) {
    case 'category': {
      const category = tree.categories.find((entry) => entry.id === owner.id);
      if (!category) throw notFound();
      const [details, categoryListing] = await Promise.all([
        getCategoryDetails(db, owner.id),
        listProducts(db, {
          categoryIds: collectSubtreeIds(tree, owner.id),
          filter: productFilter,
          sort,
          page,
        }),
      ]);
      const listing = requireListedPage(categoryListing, page);
      return {
        ...emptyResponse(
          pageInfo(
            'category',
            url,
            details?.htmlTitle ?? `${categoryHeading(tree, owner.id)} — купить в Москве, цены`,
            details?.metaDescription ??
              `${categoryHeading(tree, owner.id)} в интернет-магазине «Эфир»: ${formatCount(listing.pagination.total, GOODS_FORMS)} с ценами и наличием, доставка по Москве и всей России.`,
            {
              ...category,
              description: details?.description ?? '',
              heading: categoryHeading(tree, owner.id),
            },
            buildCategoryTrail(tree, owner.id),
          ),
          { sort, filter: productFilter },
        ),
        products: listing.products,
        categories: tree.categories.filter((entry) => entry.id_kat === owner.id),
        pagination: listing.pagination,
      };
    }
    case 'product': {
      // The url's owner is the product itself: its comments (if it has any) are read alongside, not after.
      const [details, comments] = await Promise.all([
        getProductDetails(db, tree, url),
        listCommentThreads(db, 'product', owner.id, 1, owner.commentsCount),
      ]);
      if (!details) throw notFound();
      return {
        ...emptyResponse(
          pageInfo(
            'product',
            url,
            details.htmlTitle,
            details.metaDescription,
            details.product,
            details.trail,
            details.product,
            comments,
          ),
          { sort: 0, filter: {} },
        ),
        recoGoods: details.related,
      };
    }
    case 'article':
    case 'recept': {
      const [publication, comments] = await Promise.all([
        getPublicationPage(db, owner.type, url),
        listCommentThreads(db, owner.type, owner.id, 1, owner.commentsCount),
      ]);
      if (!publication) throw notFound();
      return {
        ...emptyResponse(
          pageInfo(
            owner.type,
            url,
            publication.htmlTitle,
            publication.metaDescription,
            publication.data,
            publication.trail,
            publication.data,
            comments,
          ),
          { sort: 0, filter: {} },
        ),
        components: publication.components,
      };
    }
    case 'razdel': {
      const razdel = await getRazdel(db, url);
      if (!razdel) throw notFound();
      const [articlesListing, recipesListing] = await Promise.all([
        listPublications(db, 'article', { razdelId: razdel.id, filter: publicationFilter, sort, page }),
        listPublications(db, 'recept', { razdelId: razdel.id, filter: publicationFilter, sort, page }),
      ]);
      const pages = Math.max(articlesListing.pagination.pages, recipesListing.pagination.pages);
      requireListedPage({ pagination: { pages } }, page);
      return {
        ...emptyResponse(
          pageInfo(
            'razdel',
            url,
            razdel.name,
            razdel.description,
            { id: razdel.id, name: razdel.name, url, description: razdel.description },
            [{ name: razdel.name, url }],
          ),
          { sort, filter: publicationFilter },
        ),
        articles: articlesListing.items,
        recepts: recipesListing.items,
        razdels: critical.razdels,
        pagination: {
          page,
          pages,
          total: articlesListing.pagination.total + recipesListing.pagination.total,
          per_page: articlesListing.pagination.per_page,
        },
      };
    }
  }
}
