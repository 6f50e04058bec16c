// Page data of POST /api/v1/route (spec §3 Page) and the filters and sorts of spec §3–§4, §9.
import { publicShopSchema } from './shop-settings.ts';
import { z } from './zod-ru.ts';

// The constants live in a zod-free module, so the browser's page code can use them without the schemas below.
export * from './catalog-constants.ts';

import { DEFAULT_AVAILABILITY, DEFAULT_DATE_PERIOD, PRODUCT_ICONS } from './catalog-constants.ts';

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

// Answers: zod schemas, so the server declares them as its routes' `response` (and in the OpenAPI document) and the
// web takes their types with `import type` (no zod in the browser's page code). docs/decisions/031.

const count = z.int().min(0);

export const imageRefSchema = z.object({
  filename: z.string(),
  basename: z.string(),
  /** The WebP widths there are: the largest is `${basename}.webp`, each other `${basename}-${width}w.webp`. */
  widths: z.array(z.int()).optional(),
  /** What the picture shows, for screen readers and search engines (the back office writes it; issue 39). */
  alt: z.string().optional(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

/** What a product card and a product page both say of a product (one volume of it). */
const productBasics = {
  id: z.int(),
  name: z.string(),
  url: z.string(),
  volume: z.string(),
  cena: z.int(),
  cena_st: z.int(),
  stock: z.int(),
  katGlobal: z.int(),
  icons: z.array(z.enum(PRODUCT_ICONS)),
};

export const productCardSchema = z.object({
  ...productBasics,
  image: imageRefSchema.nullable(),
  avg_rating: z.number(),
  votes_count: count,
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const publicationCardSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  image: imageRefSchema.nullable(),
  published_at: z.string(),
  author: z.object({ id: z.int(), name: z.string(), url: z.string() }).nullable(),
  avg_rating: z.number(),
  comments_count: count,
});
export type PublicationCard = z.infer<typeof publicationCardSchema>;

export const crumbSchema = z.object({ name: z.string(), url: z.string() });
export type Crumb = z.infer<typeof crumbSchema>;

export const paginationSchema = z.object({
  page: z.int(),
  pages: z.int(),
  total: count,
  per_page: z.int(),
  /** A list narrowed by a filter: how many it holds without one («Показаны 3 из 8»). Absent when unfiltered. */
  unfiltered_total: count.optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** com_data of a product page. */
export const productDetailsSchema = z.object({
  ...productBasics,
  latin_name: z.string(),
  images: z.array(imageRefSchema),
  description: z.string(),
  composition: z.string(),
  usage: z.string(),
  safety: z.string(),
  country: z.string(),
  plant_part: z.string(),
  extraction_method: z.string(),
  avg_rating: z.number(),
  votes_count: count,
  comments_count: count,
  category: z.object({ id: z.int(), name: z.string(), url: z.string() }).nullable(),
  volumes: z.array(
    z.object({
      id: z.int(),
      volume: z.string(),
      url: z.string(),
      cena: z.int(),
      cena_st: z.int(),
      stock: z.int(),
    }),
  ),
  /** The maker; null for the shop's own bottling. */
  brand: z.string().nullable(),
  gtin: z.string().nullable(),
  special_price_until: z.string().nullable(),
  /** Each way of delivery with its lowest price and term (structured data for search engines). */
  shipping: z.array(
    z.object({
      name: z.string(),
      price_from: z.int(),
      free_from: z.int().nullable(),
      days_min: z.int(),
      days_max: z.int(),
    }),
  ),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
export type ProductShipping = ProductDetails['shipping'][number];

// The answer of POST /api/v1/route (the page block, com_data by page type) is in page-wire.ts, which builds on the
// cards above: import PageInfo and RouteResponse from there (not re-exported here, so the wires form no circle).

// GET /api/v1/critical: what every first page load needs (spec §7). Sent as ready JSON text; described here.

export const catalogEntrySchema = z.object({
  id: z.int(),
  /** The parent entry; 0 at the top. */
  id_kat: z.int(),
  name: z.string(),
  url: z.string(),
  pos: z.int(),
  /** 1: shown in its parent's sub-menu. */
  top: z.union([z.literal(0), z.literal(1)]),
  foto: z.string().nullable(),
  foto_main: imageRefSchema.nullable(),
  webp: z.string().nullable(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const menuLinkSchema = z.object({
  name: z.string(),
  url: z.string(),
  img: z.string().nullable(),
  color: z.string().nullable(),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const slideSchema = z.object({
  id: z.int(),
  img: imageRefSchema,
  name: z.string(),
  link: z.string(),
  /** Who sees it: everyone, signed-in customers, or guests. */
  show: z.enum(['all', 'reg', 'guest']),
  color: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

export const authorSchema = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  position: z.string(),
  photo: imageRefSchema.nullable(),
  bio: z.string(),
});

export const razdelSchema = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
});

export const tagSchema = z.object({ id: z.int(), name: z.string(), url: z.string() });

export const criticalDataSchema = z.object({
  /** Top entries (id_kat = 0), by pos. */
  catalogs: z.array(catalogEntrySchema),
  /** Every entry, by pos. */
  categories: z.array(catalogEntrySchema),
  /** Children of each entry shown in the sub-menu (top = 1), by name. */
  subCatalog: z.record(z.string(), z.array(catalogEntrySchema)),
  slider: z.array(slideSchema),
  /** Links of the catalogue mega-menu's article column (spec §3 Menu article link). */
  sidebar: z.array(menuLinkSchema),
  authors: z.array(authorSchema),
  /** Best sellers in stock, shown in the catalogue mega-menu. */
  collection: z.array(productCardSchema),
  razdels: z.array(razdelSchema),
  tags: z.array(tagSchema),
  /** Top bar, its «Ещё» list and the footer, editable like any content. */
  menus: z.record(z.string(), z.array(menuLinkSchema)),
  /** The shop's name, phones, e-mail, hours and address as the owner set them (decision 060). */
  shop: publicShopSchema,
});
export type CriticalData = z.infer<typeof criticalDataSchema>;

/** GET /api/v1/static-page. */
export const staticPageAnswerSchema = z.object({
  page: z.object({
    url: z.string(),
    kind: z.enum(['static', 'legal']),
    title: z.string(),
    description: z.string(),
    html: z.string(),
    updated_at: z.string(),
  }),
});
export type StaticPageAnswer = z.infer<typeof staticPageAnswerSchema>;
export type StaticPage = StaticPageAnswer['page'];

// Filter options (spec §7 Filters): each option with how many items it would show.

const sortOptionSchema = z.object({ id: z.int(), name: z.string() });

/** POST /api/v1/filter/products. */
export const productFacetsSchema = z.object({
  icons: z.array(z.object({ id: z.enum(PRODUCT_ICONS), name: z.string(), count })),
  anywhere: z.array(z.object({ id: z.int(), name: z.string(), count })),
  defaults: z.object({ icons: z.array(z.enum(PRODUCT_ICONS)), anywhere: z.int() }),
  sorts: z.array(sortOptionSchema),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** GET /api/v1/filter/articles and /recepts. */
export const publicationFacetsSchema = z.object({
  authors: z.array(z.object({ id: z.int(), name: z.string(), count })),
  date: z.array(z.object({ id: z.int(), name: z.string(), count })),
  tags: z.array(z.object({ id: z.int(), name: z.string(), count })),
  defaults: z.object({ authors: z.array(z.int()), date: z.int(), tags: z.array(z.int()) }),
  sorts: z.array(sortOptionSchema),
});
export type PublicationFacets = z.infer<typeof publicationFacetsSchema>;
