// Answers of the site search (spec §7 POST /api/v1/search and /api/v1/hint): zod schemas the server declares as
// its routes' `response` and the web takes its types from (`import type`). docs/decisions/031.
import { imageRefSchema, productCardSchema } from './catalog-wire.ts';
import { z } from './zod-ru.ts';

/** A product found: its card's facts with all its pictures, and no badges or vote count. */
export const productResultSchema = productCardSchema
  .pick({
    id: true,
    name: true,
    url: true,
    cena: true,
    cena_st: true,
    volume: true,
    stock: true,
    avg_rating: true,
    katGlobal: true,
  })
  .extend({ images: z.array(imageRefSchema) });
export type ProductResult = z.infer<typeof productResultSchema>;

export const publicationResultSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  image: imageRefSchema.nullable(),
  published_at: z.string(),
});
export type PublicationResult = z.infer<typeof publicationResultSchema>;

export const courseResultSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
});
export type CourseResult = z.infer<typeof courseResultSchema>;

/** POST /api/v1/search. */
export const searchResponseSchema = z.object({
  q: z.string(),
  results: z.object({
    products: z.array(productResultSchema),
    articles: z.array(publicationResultSchema),
    recipes: z.array(publicationResultSchema),
    /** Courses of the school (/seminar_po_aromatherapy/…). */
    courses: z.array(courseResultSchema),
  }),
  /** How many results the lists hold together. */
  total: z.int(),
  /**
   * The query retyped on the Russian layout when that is what found the results and the query as typed finds
   * nothing («kfdfylf» → «лаванда»): the page says «Показаны результаты для „лаванда“». Otherwise null.
   */
  corrected: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const HINT_TYPES = ['product', 'article', 'recipe'] as const;
export type HintType = (typeof HINT_TYPES)[number];

export const hintSchema = z.object({ type: z.enum(HINT_TYPES), name: z.string(), url: z.string() });
export type Hint = z.infer<typeof hintSchema>;

/** POST /api/v1/hint. */
export const hintResponseSchema = z.object({ q: z.string(), hints: z.array(hintSchema) });
export type HintResponse = z.infer<typeof hintResponseSchema>;

/** How closely a result matches, for a reader that must tell a close match from a passing mention (the assistant). */
export interface Relevance {
  score: number;
}

/** The site search with each result's score (the search module's searchSiteScored; the chat's assistant reads it). */
export interface ScoredResults {
  products: Array<ProductResult & Relevance>;
  articles: Array<PublicationResult & Relevance>;
  recipes: Array<PublicationResult & Relevance>;
}
