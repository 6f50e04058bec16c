// Search queries over products, articles and recipes: full-text (russian) plus trigram similarity on names.
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';
import { courses } from '../school/school.table.ts';

/** Everything the SQL needs from a query; every text is bound as a parameter, never spliced into SQL. */
export interface SearchTerms {
  /** to_tsquery text with every word as a prefix: what decides a full-text match. */
  prefixQuery: string;
  /** The same words as whole stems: ranks exact word forms above mere prefixes. */
  exactQuery: string;
  /** Per reading, per word: the word limited to weight A (name/title), to count how many words the name has. */
  nameWordQueries: string[][];
  /** Readings long enough for a trigram comparison (typos). */
  trigramTexts: string[];
  /** Every reading as plain words, for the «name starts with what was typed» bonus. */
  texts: string[];
}

/**
 * Lowest word similarity (pg_trgm `<%`) a name needs to count as a typo match. The default 0.6 misses a
 * missing letter in a short word («лванда» is 0.57 to «лаванда узколистная»).
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';
/** ts_rank_cd weights for D, C, B, A: name/title (A) counts five times a description or article body (C). */
const RANK_WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'`);
/** 32 = rank / (rank + 1): keeps a long description full of a word from outranking the name. */
const RANK_NORMALIZATION = sql.raw('32');

export interface SearchMatch {
  /** Matched by full text; trigram-only matches (typos) come after every full-text match. */
  ftsHit: boolean;
  /** Share of the query's words found in the name/title (0–1), best reading. */
  nameCoverage: number;
  score: number;
}

interface MatchExpressions {
  condition: SQL;
  ftsHit: SQL<boolean>;
  nameCoverage: SQL<number>;
  score: SQL<number>;
}

/**
 * `name` must be the column whose `lower(translate(name, 'Ёё', 'Ее'))` carries the GIN trigram index: the
 * expression is written here exactly as in the index so the planner can use it.
 */
function buildMatchExpressions(vector: AnyColumn, name: AnyColumn, terms: SearchTerms): MatchExpressions {
  const nameKey = sql`lower(translate(${name}, 'Ёё', 'Ее'))`;
  const fullText = sql`${vector} @@ to_tsquery('russian', ${terms.prefixQuery})`;
  const typo = terms.trigramTexts.map((text) => sql`${text} <% ${nameKey}`);
  const condition = typo.length > 0 ? sql`(${fullText} or ${sql.join(typo, sql` or `)})` : fullText;
  const similarity =
    terms.trigramTexts.length > 0
      ? sql`greatest(${sql.join(
          terms.trigramTexts.map((text) => sql`word_similarity(${text}, ${nameKey})`),
          sql`, `,
        )})`
      : sql`0`;
  const startsWith = sql.join(
    terms.texts.map((text) => sql`starts_with(${nameKey}, ${text})`),
    sql` or `,
  );
  const coverages = terms.nameWordQueries.map((words) => {
    const hits = words.map((word) => sql`(${vector} @@ to_tsquery('russian', ${word}))::int`);
    return sql`(${sql.join(hits, sql` + `)})::float8 / ${sql.raw(String(words.length))}`;
  });
  const nameCoverage = sql<number>`greatest(${sql.join(coverages, sql`, `)})`;
  const score = sql<number>`(
    2 * ${nameCoverage}
    + ts_rank_cd(${RANK_WEIGHTS}, ${vector}, to_tsquery('russian', ${terms.prefixQuery}), ${RANK_NORMALIZATION})
    + ts_rank_cd(${RANK_WEIGHTS}, ${vector}, to_tsquery('russian', ${terms.exactQuery}), ${RANK_NORMALIZATION})
    + ${similarity}
    + 0.5 * (${startsWith})::int
  )::float8`;
  return {
    condition,
    ftsHit: sql<boolean>`${fullText}`,
    nameCoverage: nameCoverage.mapWith(Number),
    score: score.mapWith(Number),
  };
}

/** Full-text hits first, then by score; the id keeps equal scores in a stable order. */
const MATCH_ORDER = [sql`"fts_hit" desc`, sql`"score" desc`];

type Queryable = Pick<Database, 'select'>;

/**
 * The expression of the GIN index `products_name_vector_idx` (migration 0014), written exactly as there: the
 * name and Latin name alone, so name matches are found without reading every matching description.
 */
const productNameVector = sql`(to_tsvector('russian', translate(${products.name}, 'Ёё', 'Ее')) || to_tsvector('simple', ${products.latinName}))`;

/** How many rows each way of matching may contribute before ranking: enough for any page of results. */
function candidatesPerKind(limit: number): number {
  return Math.max(2 * limit, 50);
}

/**
 * Ids worth ranking, each way of matching through its own GIN index and LIMITed: names (full text), names
 * (typos, trigrams) and full text anywhere. Ranking reads every candidate's whole search vector, so a common
 * word («масло» in thousands of descriptions) must not make every match a candidate: name matches always get
 * in. Visibility is checked on the candidates (hidden products are few), which keeps each part on its index.
 */
function productCandidates(terms: SearchTerms, limit: number): SQL {
  const perKind = candidatesPerKind(limit);
  const prefixQuery = sql`to_tsquery('russian', ${terms.prefixQuery})`;
  const nameKey = sql`lower(translate(${products.name}, 'Ёё', 'Ее'))`;
  const matching = (condition: SQL) => sql`select ${products.id} from ${products} where ${condition}`;
  // Every name match comes from the index first (ids only), then the first ones by id, the ranking's own
  // tie-break: when more names match than are ranked (hundreds of «Лаванда …»), the equally scored ones
  // shown are those a full ranking would show. Materialized, so the planner cannot walk the primary key instead.
  const byName = sql`(with name_hits as materialized (${matching(sql`${productNameVector} @@ ${prefixQuery}`)}) select id from name_hits order by id limit ${perKind})`;
  const kinds = [
    byName,
    ...terms.trigramTexts.map((text) => sql`(${matching(sql`${text} <% ${nameKey}`)} limit ${perKind})`),
    sql`(${matching(sql`${products.searchVector} @@ ${prefixQuery}`)} limit ${perKind})`,
  ];
  return sql`(${sql.join(kinds, sql` union `)})`;
}

export function findMatchingProducts(db: Queryable, terms: SearchTerms, limit: number) {
  const match = buildMatchExpressions(products.searchVector, products.name, terms);
  return (
    db
      .select({
        id: products.id,
        name: products.name,
        url: products.url,
        cena: products.cena,
        cenaSt: products.cenaSt,
        volume: products.volume,
        stock: products.stock,
        images: products.images,
        avgRating: products.avgRating,
        katGlobal: products.katGlobal,
        ftsHit: match.ftsHit.as('fts_hit'),
        nameCoverage: match.nameCoverage.as('name_coverage'),
        score: match.score.as('score'),
      })
      .from(products)
      // Every candidate is a match by construction.
      .where(and(eq(products.visible, true), sql`${products.id} in ${productCandidates(terms, limit)}`))
      .orderBy(...MATCH_ORDER, asc(products.id))
      .limit(limit)
  );
}

export function findMatchingPublications(
  db: Queryable,
  table: typeof articles,
  terms: SearchTerms,
  limit: number,
) {
  const match = buildMatchExpressions(table.searchVector, table.title, terms);
  return db
    .select({
      id: table.id,
      title: table.title,
      url: table.url,
      excerpt: table.excerpt,
      image: table.image,
      publishedAt: table.publishedAt,
      ftsHit: match.ftsHit.as('fts_hit'),
      nameCoverage: match.nameCoverage.as('name_coverage'),
      score: match.score.as('score'),
    })
    .from(table)
    .where(and(eq(table.visible, true), match.condition))
    .orderBy(...MATCH_ORDER, asc(table.id))
    .limit(limit);
}

/**
 * Courses of the school whose title or summary matches. A handful of rows (one per course on offer), so the
 * vector is computed on the fly rather than kept in an index.
 */
export function findMatchingCourses(db: Queryable, terms: SearchTerms, limit: number) {
  const vector = sql`to_tsvector('russian', translate(${courses.title} || ' ' || ${courses.summary}, 'Ёё', 'Ее'))`;
  const query = sql`to_tsquery('russian', ${terms.prefixQuery})`;
  return db
    .select({ id: courses.id, title: courses.title, url: courses.url, excerpt: courses.summary })
    .from(courses)
    .where(sql`${vector} @@ ${query}`)
    .orderBy(sql`ts_rank(${vector}, ${query}) desc`, asc(courses.startsAt), asc(courses.id))
    .limit(limit);
}

export type ProductMatch = Awaited<ReturnType<typeof findMatchingProducts>>[number];
export type CourseMatch = Awaited<ReturnType<typeof findMatchingCourses>>[number];
export type PublicationMatch = Awaited<ReturnType<typeof findMatchingPublications>>[number];

export interface SearchMatches {
  products: ProductMatch[];
  articles: PublicationMatch[];
  recipes: PublicationMatch[];
  courses: CourseMatch[];
}

/** Visible matches of each kind, best first, at most `limits` of each. */
export function findSearchMatches(
  db: Database,
  terms: SearchTerms,
  limits: { products: number; articles: number; recipes: number; courses: number },
): Promise<SearchMatches> {
  // The threshold is set for this transaction only, so pooled connections keep the default.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`,
    );
    const productRows = await findMatchingProducts(tx, terms, limits.products);
    const articleRows = await findMatchingPublications(tx, articles, terms, limits.articles);
    // Recipes share the article columns (publicationColumns); only the table name differs.
    const recipeRows = await findMatchingPublications(
      tx,
      recipes as unknown as typeof articles,
      terms,
      limits.recipes,
    );
    const courseRows = limits.courses > 0 ? await findMatchingCourses(tx, terms, limits.courses) : [];
    return { products: productRows, articles: articleRows, recipes: recipeRows, courses: courseRows };
  });
}
