// Page data of POST /api/v1/route (spec §3 Page) and the filters and sorts of spec §3–§4, §9.
import type { CommentThread } from './reviews-schemas.ts';
import { z } from './zod-ru.ts';

// The constants live in a zod-free module, so the browser's page code can use them without the schemas below.
export * from './catalog-constants.ts';

import {
  DEFAULT_AVAILABILITY,
  DEFAULT_DATE_PERIOD,
  type PageType,
  PRODUCT_ICONS,
  type ProductIcon,
} from './catalog-constants.ts';

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
  /** The WebP widths there are: the largest is `${basename}.webp`, each other `${basename}-${width}w.webp`. */
  widths?: number[];
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
  /** The visitor's own vote: 0 for a guest or without a vote (the only part of the page data that depends on who asks). */
  userRating: number;
  /** The first page of the comment threads (products, recipes, articles), newest first; [] on other pages. */
  comments: CommentThread[];
  /** Where those threads stand among all of them (total: top-level threads); null where there are no comments. */
  comments_pagination: Pagination | null;
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
