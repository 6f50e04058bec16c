// Page data of POST /api/v1/route (spec §3 Page) and the filters and sorts of spec §3–§4, §9.
import { z } from './zod-ru.ts';

export const PAGE_TYPES = [
  'article',
  'category',
  'catalog',
  'homepage',
  'product',
  'razdel',
  'recept',
  'saved',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const PRODUCT_ICONS = ['new', 'hit', 'organic', 'sale', 'rare'] as const;
export type ProductIcon = (typeof PRODUCT_ICONS)[number];
export const PRODUCT_ICON_NAMES: Record<ProductIcon, string> = {
  new: 'Новинка',
  hit: 'Хит продаж',
  organic: 'Органик',
  sale: 'Скидка',
  rare: 'Редкое',
};

/** Date periods of the article and recipe filters; 4 (all time) is the default (spec §9). */
export const DATE_PERIODS = { 1: 'За неделю', 2: 'За месяц', 3: 'За год', 4: 'За всё время' } as const;
export const DEFAULT_DATE_PERIOD = 4;
export const DATE_PERIOD_DAYS: Record<number, number | null> = { 1: 7, 2: 30, 3: 365, 4: null };

/** «anywhere» of the product filter: 1 only what is in stock, 2 everything (default, spec §9). */
export const AVAILABILITY = { 1: 'Только в наличии', 2: 'Все товары' } as const;
export const DEFAULT_AVAILABILITY = 2;

/** Sorts: a number per list; 0 means none (spec §3). */
export const PRODUCT_SORTS = {
  0: 'По умолчанию',
  1: 'Сначала дешевле',
  2: 'Сначала дороже',
  3: 'Популярные',
  4: 'Новинки',
  5: 'По названию',
} as const;
export const PUBLICATION_SORTS = {
  0: 'По умолчанию',
  1: 'Сначала новые',
  2: 'Сначала старые',
  3: 'Популярные',
  4: 'По рейтингу',
} as const;

export const PRODUCTS_PER_PAGE = 24;
export const PUBLICATIONS_PER_PAGE = 12;

const ids = z.array(z.int().positive()).max(50);

export const productFilterSchema = z.strictObject({
  icons: z.array(z.enum(PRODUCT_ICONS)).max(PRODUCT_ICONS.length).default([]),
  anywhere: z.union([z.literal(1), z.literal(2)]).default(DEFAULT_AVAILABILITY),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;

export const publicationFilterSchema = z.strictObject({
  authors: ids.default([]),
  date: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(DEFAULT_DATE_PERIOD),
  tags: ids.default([]),
});
export type PublicationFilter = z.infer<typeof publicationFilterSchema>;

export const routeRequestSchema = z.strictObject({
  url: z.string().trim().min(1).max(500),
  page: z.int().min(1).max(1000).default(1),
  sort: z.int().min(0).max(5).default(0),
  /** Product filter on category pages, publication filter on sections and listings; keys of the other kind are ignored. */
  filter: z
    .strictObject({
      icons: productFilterSchema.shape.icons.optional(),
      anywhere: productFilterSchema.shape.anywhere.optional(),
      authors: publicationFilterSchema.shape.authors.optional(),
      date: publicationFilterSchema.shape.date.optional(),
      tags: publicationFilterSchema.shape.tags.optional(),
    })
    .default({}),
});
export type RouteRequest = z.infer<typeof routeRequestSchema>;

export interface ImageRef {
  filename: string;
  basename: string;
}

export interface ProductCard {
  id: number;
  name: string;
  url: string;
  volume: string;
  cena: number;
  cena_st: number;
  stock: number;
  katGlobal: number;
  icons: ProductIcon[];
  image: ImageRef | null;
  avg_rating: number;
  votes_count: number;
}

export interface PublicationCard {
  id: number;
  title: string;
  url: string;
  excerpt: string;
  image: ImageRef | null;
  published_at: string;
  author: { id: number; name: string; url: string } | null;
  avg_rating: number;
  comments_count: number;
}

export interface Crumb {
  name: string;
  url: string;
}

export interface PageInfo<T = unknown> {
  type: PageType;
  url: string;
  html_title: string;
  meta_description: string;
  /** The page's own entity (category, product, article, recipe, section…). */
  com_data: T;
  avg_rating: number;
  votes_count: number;
  /** The visitor's own vote, 0 when none. */
  userRating: number;
  comments: unknown[];
  breadcrumbs: Crumb[];
}

export interface Pagination {
  page: number;
  pages: number;
  total: number;
  per_page: number;
}

export interface RouteResponse<T = unknown> {
  page: PageInfo<T>;
  products: ProductCard[];
  /** Recipe ingredients (with their products where the shop sells them). */
  components: unknown[];
  recoGoods: ProductCard[];
  categories: unknown[];
  articles: PublicationCard[];
  razdels: unknown[];
  recepts: PublicationCard[];
  pagination: Pagination | null;
  /** The filter and sort the server applied (defaults filled in). */
  applied: { sort: number; filter: Partial<ProductFilter & PublicationFilter> };
}

/** Cookie names of the persisted filters and sorts (spec §4: separate keys per list, 365 days). */
export const FILTER_COOKIES = {
  product: { filter: 'filter_product', sort: 'sort_product' },
  article: { filter: 'filter_article', sort: 'sort_article' },
  recept: { filter: 'filter_recept', sort: 'sort_recept' },
} as const;
export const FILTER_COOKIE_DAYS = 365;
