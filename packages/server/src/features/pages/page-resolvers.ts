// One resolver per page type of POST /api/v1/route: the pages at fixed addresses (home, catalogue, special offers,
// the article and recipe listings), the pages whose address belongs to a row (category, product, article, recipe,
// section) and a shared saved cart. resolvePage (pages.service.ts) picks one.

import type { SavedCartPage } from '@efir/domain/cart-wire';
import type { CriticalData } from '@efir/domain/catalog-wire';
import {
  type ProductFilter,
  type PublicationFilter,
  productFilterSchema,
  publicationFilterSchema,
} from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  buildCategoryTrail,
  type CatalogTree,
  categoryHeading,
  collectSubtreeIds,
  getCategoryDetails,
  getProductDetails,
  listProducts,
} from '../catalog/catalog.service.ts';
import {
  getPublicationPage,
  getRazdel,
  LISTING_TITLES,
  listPublications,
  type PublicationKind,
} from '../content/publications.service.ts';
import { listCommentThreads } from '../reviews/reviews.service.ts';
import { emptyResponse, pageInfo, requireListedPage } from './page-answer.ts';
import type { UrlOwner } from './pages.repo.ts';

const SPECIAL_OFFERS_URL = '/akcii';

/** What every resolver may need: the request's address, filters, sort and page, and the critical data. */
export interface PageContext {
  db: Database;
  url: string;
  sort: number;
  page: number;
  productFilter: ProductFilter;
  publicationFilter: PublicationFilter;
  critical: CriticalData;
  tree: CatalogTree;
}

type Resolver = (context: PageContext) => Promise<RouteResponse>;

async function resolveHomepage({ db, url, productFilter, critical }: PageContext): Promise<RouteResponse> {
  const latest = (kind: PublicationKind) =>
    listPublications(db, kind, { filter: publicationFilterSchema.parse({}), sort: 1, page: 1, perPage: 4 });
  const [popular, special, latestArticles, latestRecipes] = await Promise.all([
    listProducts(db, { filter: productFilter, sort: 3, page: 1 }),
    listProducts(db, { onlySpecialPrice: true, filter: productFilterSchema.parse({}), sort: 3, page: 1 }),
    latest('article'),
    latest('recept'),
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

async function resolveCatalog({ db, url, productFilter, tree }: PageContext): Promise<RouteResponse> {
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

async function resolveSpecialOffers({
  db,
  url,
  productFilter,
  sort,
  page,
}: PageContext): Promise<RouteResponse> {
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

const LISTING_TEXTS: Record<PublicationKind, { title: string; description: string }> = {
  article: {
    title: 'Статьи об эфирных маслах и ароматерапии',
    description:
      'Статьи ароматерапевтов «Эфира»: как выбирать, хранить и безопасно применять эфирные масла, гидролаты и базовые масла.',
  },
  recept: {
    title: 'Рецепты натуральной косметики и ароматерапии',
    description:
      'Проверенные рецепты домашней косметики с эфирными маслами: кремы, бальзамы, масла для волос, соли для ванн и ароматы для дома.',
  },
};

/** All articles or all recipes (/articles-new.html, /recept.html). */
function publicationListing(kind: PublicationKind): Resolver {
  return async ({ db, url, publicationFilter, sort, page, critical }) => {
    const listingPage = LISTING_TITLES[kind];
    const listing = requireListedPage(
      await listPublications(db, kind, { filter: publicationFilter, sort, page }),
      page,
    );
    const { title, description } = LISTING_TEXTS[kind];
    return {
      ...emptyResponse(
        pageInfo('razdel', url, title, description, { id: 0, name: listingPage.name, url, kind }, [
          listingPage,
        ]),
        { sort, filter: publicationFilter },
      ),
      [kind === 'article' ? 'articles' : 'recepts']: listing.items,
      razdels: critical.razdels,
      pagination: listing.pagination,
    };
  };
}

/** The pages at fixed addresses. */
export const FIXED_PAGES: ReadonlyMap<string, Resolver> = new Map([
  ['/', resolveHomepage],
  ['/catalog.html', resolveCatalog],
  [SPECIAL_OFFERS_URL, resolveSpecialOffers],
  [LISTING_TITLES.article.url, publicationListing('article')],
  [LISTING_TITLES.recept.url, publicationListing('recept')],
]);

async function resolveCategory(context: PageContext, owner: UrlOwner): Promise<RouteResponse> {
  const { db, url, tree, productFilter, sort, page } = context;
  const category = tree.categories.find((entry) => entry.id === owner.id);
  if (!category) throw notFound();
  const [details, categoryListing] = await Promise.all([
    getCategoryDetails(db, owner.id),
    listProducts(db, { categoryIds: collectSubtreeIds(tree, owner.id), filter: productFilter, sort, page }),
  ]);
  const listing = requireListedPage(categoryListing, page);
  const heading = categoryHeading(tree, owner.id);
  return {
    ...emptyResponse(
      pageInfo(
        'category',
        url,
        details?.htmlTitle ?? `${heading} — купить в Москве, цены`,
        details?.metaDescription ??
          `${heading} в интернет-магазине «Эфир»: ${formatCount(listing.pagination.total, GOODS_FORMS)} с ценами и наличием, доставка по Москве и всей России.`,
        { ...category, description: details?.description ?? '', heading },
        buildCategoryTrail(tree, owner.id),
      ),
      { sort, filter: productFilter },
    ),
    products: listing.products,
    categories: tree.categories.filter((entry) => entry.id_kat === owner.id),
    pagination: listing.pagination,
  };
}

async function resolveProduct({ db, url, tree }: PageContext, owner: UrlOwner): Promise<RouteResponse> {
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

/** An article or a recipe. */
async function resolvePublication(
  { db, url }: PageContext,
  owner: UrlOwner & { type: PublicationKind },
): Promise<RouteResponse> {
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

/** A section: its articles and its recipes, paged together. */
async function resolveRazdel(context: PageContext): Promise<RouteResponse> {
  const { db, url, publicationFilter, sort, page, critical } = context;
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

/** The page of the row that owns the address. */
export function resolveOwnedPage(context: PageContext, owner: UrlOwner): Promise<RouteResponse> {
  switch (owner.type) {
    case 'category':
      return resolveCategory(context, owner);
    case 'product':
      return resolveProduct(context, owner);
    case 'article':
    case 'recept':
      return resolvePublication(context, { ...owner, type: owner.type });
    case 'razdel':
      return resolveRazdel(context);
  }
}

/** A cart someone shared (/saved/<token>): its lines as the page's data. */
export async function resolveSavedCart(
  url: string,
  getSavedPage: (token: string) => Promise<SavedCartPage | null>,
): Promise<RouteResponse> {
  const saved = await getSavedPage(url.slice('/saved/'.length));
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
