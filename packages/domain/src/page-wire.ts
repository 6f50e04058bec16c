// The answer of POST /api/v1/route (spec §3 Page, §7): the page block with the page's own entity (com_data, one
// schema per page type) and the lists around it. A module of its own because a shared cart's page (cart-wire.ts,
// which builds on catalog-wire's cards) is one of the entities. docs/decisions/031.
import { savedCartPageSchema } from './cart-wire.ts';
import {
  catalogEntrySchema,
  crumbSchema,
  imageRefSchema,
  PAGE_TYPES,
  PRODUCT_ICONS,
  paginationSchema,
  productCardSchema,
  productDetailsSchema,
  publicationCardSchema,
  razdelSchema,
  tagSchema,
} from './catalog-wire.ts';
import { commentThreadSchema } from './reviews-schemas.ts';
import { z } from './zod-ru.ts';

type PageType = (typeof PAGE_TYPES)[number];
const count = z.int().min(0);

/** com_data of an article: its text and what stands around it. */
export const publicationDetailsSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  html: z.string(),
  image: imageRefSchema.nullable(),
  published_at: z.string(),
  /** The last edit (never before publication). */
  updated_at: z.string(),
  author: z
    .object({
      id: z.int(),
      name: z.string(),
      url: z.string(),
      position: z.string(),
      photo: imageRefSchema.nullable(),
    })
    .nullable(),
  razdel: z.object({ id: z.int(), name: z.string(), url: z.string() }).nullable(),
  tags: z.array(tagSchema),
  avg_rating: z.number(),
  votes_count: count,
  comments_count: count,
});

/** com_data of a recipe: an article with what it makes and how long it takes. */
export const recipeDetailsSchema = publicationDetailsSchema.extend({
  yield: z.string(),
  time_minutes: z.int(),
});

/** A recipe's ingredient (the page's `components`), with the product where the shop sells it. */
export const recipeComponentSchema = z.object({
  id: z.int(),
  name: z.string(),
  amount: z.string(),
  product: z
    .object({
      id: z.int(),
      name: z.string().nullable(),
      url: z.string(),
      volume: z.string().nullable(),
      cena: z.int().nullable(),
      cena_st: z.int().nullable(),
      stock: z.int().nullable(),
      katGlobal: z.int().nullable(),
      image: imageRefSchema.nullable(),
    })
    .nullable(),
});

/** com_data of a category page: its catalogue entry, its description and its heading said in full. */
export const categoryDataSchema = catalogEntrySchema.extend({
  description: z.string(),
  /** «Пряные эфирные масла» for «Пряные»: what the page is about, said in full. */
  heading: z.string(),
});

/** com_data of a listing that is no row of its own: the special offers (category), all articles or recipes (razdel). */
export const listingDataSchema = z.object({
  id: z.literal(0),
  name: z.string(),
  url: z.string(),
  /** What the article and recipe listings list. */
  kind: z.enum(['article', 'recept']).optional(),
});

/** com_data by page type (page.type). */
export const pageDataSchemas = {
  product: productDetailsSchema.meta({ description: 'page.type product' }),
  recept: recipeDetailsSchema.meta({ description: 'page.type recept' }),
  article: publicationDetailsSchema.meta({ description: 'page.type article' }),
  category: z.union([categoryDataSchema, listingDataSchema]).meta({
    description: 'page.type category: a category, or the special offers (id 0)',
  }),
  razdel: z.union([razdelSchema, listingDataSchema]).meta({
    description: 'page.type razdel: a section, or the listing of all articles or recipes (id 0)',
  }),
  saved: savedCartPageSchema.meta({ description: 'page.type saved: a shared cart' }),
  catalog: z.object({ name: z.string() }).meta({ description: 'page.type catalog' }),
  homepage: z.object({}).meta({ description: 'page.type homepage: the lists around it are the page' }),
} satisfies Record<PageType, z.ZodType>;

export type PageData = { [Type in PageType]: z.infer<(typeof pageDataSchemas)[Type]> };

export const pageInfoSchema = z.object({
  type: z.enum(PAGE_TYPES),
  url: z.string(),
  html_title: z.string(),
  meta_description: z.string(),
  /** The page's own entity, by `type`: a product's details, an article, a category, a shared cart… */
  com_data: z.union(Object.values(pageDataSchemas)),
  avg_rating: z.number(),
  votes_count: count,
  /** The visitor's own vote: 0 for a guest or without a vote (the only part of the page data that depends on who asks). */
  userRating: z.int(),
  /** The first page of the comment threads (products, recipes, articles), newest first; [] on other pages. */
  comments: z.array(commentThreadSchema),
  /** Where those threads stand among all of them (total: top-level threads); null where there are no comments. */
  comments_pagination: paginationSchema.nullable(),
  breadcrumbs: z.array(crumbSchema),
});

/** The page block; `PageInfo<ProductDetails>` where the page's type is known. */
export type PageInfo<T = PageData[PageType]> = Omit<z.infer<typeof pageInfoSchema>, 'com_data'> & {
  com_data: T;
};

export const routeResponseSchema = z.object({
  page: pageInfoSchema,
  products: z.array(productCardSchema),
  /** Recipe ingredients (with their products where the shop sells them). */
  components: z.array(recipeComponentSchema),
  recoGoods: z.array(productCardSchema),
  /** Catalogue entries: the top ones on the home page, a category's children on its page. */
  categories: z.array(catalogEntrySchema),
  articles: z.array(publicationCardSchema),
  razdels: z.array(razdelSchema),
  recepts: z.array(publicationCardSchema),
  pagination: paginationSchema.nullable(),
  /** The filter and sort the server applied (defaults filled in). */
  applied: z.object({
    sort: z.int(),
    filter: z.object({
      icons: z.array(z.enum(PRODUCT_ICONS)).optional(),
      anywhere: z.int().optional(),
      authors: z.array(z.int()).optional(),
      date: z.int().optional(),
      tags: z.array(z.int()).optional(),
    }),
  }),
});
export type RouteResponse<T = PageData[PageType]> = Omit<z.infer<typeof routeResponseSchema>, 'page'> & {
  page: PageInfo<T>;
};
