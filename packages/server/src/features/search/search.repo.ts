// Long on purpose: the prepared statements of products, publications and courses share the term expressions.
// Search queries over products, articles and recipes: full-text (russian) plus trigram similarity on names.
import { and, asc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery, prepareRawSql } from '../../db/prepared.ts';
import { courses } from '../../modules/school/index.ts';
import type { ImageRef } from '../catalog/catalog.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';

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

/**
 * A condition that sets the threshold of `<%` for the running statement before any row is read (decision 016): an
 * uncorrelated subquery in a condition without columns becomes a one-time filter, evaluated before the plan below it
 * starts, so the trigram index scan and its recheck see 0.5. `is_local` outside a transaction block lasts until the
 * statement ends, so pooled connections keep the default — and no transaction (three more round trips) is needed.
 */
const TYPO_THRESHOLD_SET = sql`(select set_config('pg_trgm.word_similarity_threshold', ${sql.raw(`'${WORD_SIMILARITY_THRESHOLD}'`)}, true)) is not null`;
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

/** A text of the terms: a value bound as a parameter, or a placeholder of a prepared statement. */
type TermText = string | Placeholder;

/** The terms with each text either a value or a placeholder (prepared statements, `termsShape`). */
interface TermTexts {
  prefixQuery: TermText;
  exactQuery: TermText;
  nameWordQueries: TermText[][];
  trigramTexts: TermText[];
  texts: TermText[];
}

/**
 * A tsquery computed once per statement: an uncorrelated subquery is evaluated once, where `to_tsquery($1)` in a
 * generic plan (prepared statements) would parse and stem the text again for every row.
 */
function tsquery(text: TermText): SQL {
  return sql`(select to_tsquery('russian', ${text}))`;
}

/**
 * `name` must be the column whose `lower(translate(name, 'Ёё', 'Ее'))` carries the GIN trigram index: the
 * expression is written here exactly as in the index so the planner can use it.
 */
function buildMatchExpressions(vector: SQLWrapper, name: SQLWrapper, terms: TermTexts): MatchExpressions {
  const nameKey = sql`lower(translate(${name}, 'Ёё', 'Ее'))`;
  const prefixQuery = tsquery(terms.prefixQuery);
  const fullText = sql`${vector} @@ ${prefixQuery}`;
  const typo = terms.trigramTexts.map((text) => sql`${text} <% ${nameKey}`);
  const condition =
    typo.length > 0
      ? sql`(${fullText} or (${TYPO_THRESHOLD_SET} and (${sql.join(typo, sql` or `)})))`
      : fullText;
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
    const hits = words.map((word) => sql`(${vector} @@ ${tsquery(word)})::int`);
    return sql`(${sql.join(hits, sql` + `)})::float8 / ${sql.raw(String(words.length))}`;
  });
  const nameCoverage = sql<number>`greatest(${sql.join(coverages, sql`, `)})`;
  const score = sql<number>`(
    2 * ${nameCoverage}
    + ts_rank_cd(${RANK_WEIGHTS}, ${vector}, ${prefixQuery}, ${RANK_NORMALIZATION})
    + ts_rank_cd(${RANK_WEIGHTS}, ${vector}, ${tsquery(terms.exactQuery)}, ${RANK_NORMALIZATION})
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
 * Name matches are first looked for among the first NAME_WALK_IDS ids, walking `products_name_walk_idx` (ids with the
 * stored name vector: no table rows read) until enough are found — a common word finds them within a few hundred
 * entries. Only when that range holds too few are the later ones taken from the GIN index, which is then cheap: a
 * word found fewer than `perKind` times in NAME_WALK_IDS products is rare.
 */
const NAME_WALK_IDS = 2000;

/**
 * Ids worth ranking, each way of matching LIMITed: names (full text), the first ones by id, the ranking's own
 * tie-break — when more names match than are ranked (hundreds of «Лаванда …»), the equally scored ones shown are
 * those a full ranking would show; when names give fewer than that, full text anywhere; and when those give fewer
 * full-text matches than are shown, names with typos (trigrams): a typo-only match ranks after every full-text one.
 * Ranking reads every candidate's whole search vector, and a GIN index hands over every match before the first
 * (82 000 for «масло» at 100 000 products), so a common word never reaches the description index: its name matches
 * outrank a mention in a description (2 × the share of the query's words in the name). search-scale.test.ts
 * compares the results with a full ranking of every match on a generated catalogue.
 */
function productCandidates(terms: TermTexts, limit: number | Placeholder): SQL {
  const perKind = sql`greatest(2 * ${limit}::int, 50)`;
  const prefixQuery = tsquery(terms.prefixQuery);
  const nameKey = sql`lower(translate(${products.name}, 'Ёё', 'Ее'))`;
  const nameMatch = sql`${products.nameVector} @@ ${prefixQuery}`;
  const walkEnd = sql`(select coalesce(min(${products.id}), 0) + ${sql.raw(String(NAME_WALK_IDS))} from ${products})`;
  const typo =
    terms.trigramTexts.length > 0
      ? sql`, by_typo as (select ${products.id} from ${products}
          where (select count(*) from by_name) + (select count(*) from by_text) < ${limit}::int
            and ${TYPO_THRESHOLD_SET}
            and (${sql.join(
              terms.trigramTexts.map((text) => sql`${text} <% ${nameKey}`),
              sql` or `,
            )})
          limit ${perKind})`
      : sql``;
  return sql`(
    with name_walk as materialized (
      select ${products.id} from ${products}
      where ${products.visible} and ${nameMatch} and ${products.id} <= ${walkEnd}
      order by ${products.id} limit ${perKind}),
    name_rest as materialized (
      select ${products.id} from ${products}
      where (select count(*) from name_walk) < ${perKind} and ${nameMatch} and ${products.id} > ${walkEnd}),
    by_name as materialized (
      select id from name_walk
      union all (select id from name_rest order by id limit ${perKind} - (select count(*) from name_walk))),
    by_text as materialized (
      select ${products.id} from ${products}
      where (select count(*) from by_name) < ${perKind} and ${products.searchVector} @@ ${prefixQuery}
      limit ${perKind})${typo}
    select id from by_name union select id from by_text${terms.trigramTexts.length > 0 ? sql` union select id from by_typo` : sql``}
  )`;
}

function productMatchesQuery(db: Queryable, terms: TermTexts, limit: number | Placeholder) {
  // The candidates' rows, each search vector read once: a long description's vector is stored out of line (TOAST),
  // and every use in the ranking would fetch and decompress it again. The `order by` keeps the subquery from being
  // merged into the ranking, which would put the expression back into each use.
  const candidates = db
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
      vector: sql<string>`${products.searchVector} || ''::tsvector`.as('vector'),
    })
    .from(products)
    // Every candidate is a match by construction. Visibility is checked on the candidates (hidden products are
    // few), which keeps each way of matching on its own index.
    .where(and(eq(products.visible, true), sql`${products.id} in ${productCandidates(terms, limit)}`))
    .orderBy(products.id)
    .as('candidates');
  const match = buildMatchExpressions(candidates.vector, candidates.name, terms);
  return db
    .select({
      id: candidates.id,
      name: candidates.name,
      url: candidates.url,
      cena: candidates.cena,
      cenaSt: candidates.cenaSt,
      volume: candidates.volume,
      stock: candidates.stock,
      images: candidates.images,
      avgRating: candidates.avgRating,
      katGlobal: candidates.katGlobal,
      ftsHit: match.ftsHit.as('fts_hit'),
      nameCoverage: match.nameCoverage.as('name_coverage'),
      score: match.score.as('score'),
    })
    .from(candidates)
    .orderBy(...MATCH_ORDER, asc(candidates.id))
    .limit(limit);
}

export function findMatchingProducts(db: Queryable, terms: SearchTerms, limit: number) {
  return productMatchesQuery(db, terms, limit);
}

/**
 * The shape of the search statements for some terms (how many readings, words, trigram texts): each statement is
 * prepared once per shape, its texts and limit bound as placeholders.
 */
function termsShape(terms: SearchTerms): string {
  const words = terms.nameWordQueries.map((reading) => reading.length).join('_');
  return `${words}t${terms.trigramTexts.length}x${terms.texts.length}`;
}

/** The terms of a shape as placeholders (p, e, w<reading>_<word>, g<i>, x<i>) and their values for some terms. */
function placeholderTerms(terms: SearchTerms): { texts: TermTexts; values: Record<string, string> } {
  const values: Record<string, string> = { p: terms.prefixQuery, e: terms.exactQuery };
  const placeholder = (name: string, value: string) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return {
    texts: {
      prefixQuery: sql.placeholder('p'),
      exactQuery: sql.placeholder('e'),
      nameWordQueries: terms.nameWordQueries.map((reading, r) =>
        reading.map((word, w) => placeholder(`w${r}_${w}`, word)),
      ),
      trigramTexts: terms.trigramTexts.map((text, i) => placeholder(`g${i}`, text)),
      texts: terms.texts.map((text, i) => placeholder(`x${i}`, text)),
    },
    values,
  };
}

/** A statement prepared per connection (prepared.ts) and per shape of the terms, the shape in its name. */
function preparedByShape<Row>(
  name: string,
  build: (db: Database, texts: TermTexts, limit: Placeholder) => { prepare(name: string): PreparedRows<Row> },
) {
  const byShape = new Map<string, (db: Database) => PreparedRows<Row>>();
  return (db: Database, terms: SearchTerms, limit: number): Promise<Row[]> => {
    const shape = termsShape(terms);
    const { texts, values } = placeholderTerms(terms);
    let prepared = byShape.get(shape);
    if (prepared === undefined) {
      const statement = `${name}_${shape}`;
      prepared = preparedQuery((handle) => build(handle, texts, sql.placeholder('limit')).prepare(statement));
      byShape.set(shape, prepared);
    }
    return prepared(db).execute({ ...values, limit });
  };
}

interface PreparedRows<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

const findProductsPrepared = preparedByShape<ProductMatch>('search_products', (db, texts, limit) =>
  productMatchesQuery(db, texts, limit),
);
interface PublicationsRow {
  kind: 'article' | 'recipe' | 'course';
  id: number;
  title: string;
  url: string;
  excerpt: string;
  image: ImageRef | null;
  published_at: string | null;
  fts_hit: boolean | null;
  name_coverage: number | null;
  score: number | null;
}

/**
 * Articles, recipes and courses in one statement (one round trip): each kind ranked and limited on its own, as
 * `findMatchingPublications` and `findMatchingCourses` do, the rows told apart by `kind`; courses leave the
 * publication-only columns empty.
 */
function publicationsStatement(db: Queryable, texts: TermTexts): SQL {
  const article = publicationMatchesQuery(db, articles, texts, sql.placeholder('articles'));
  // Recipes share the article columns (publicationColumns); only the table name differs.
  const recipe = publicationMatchesQuery(
    db,
    recipes as unknown as typeof articles,
    texts,
    sql.placeholder('recipes'),
  );
  const course = courseMatchesQuery(db, texts.prefixQuery, sql.placeholder('courses'));
  return sql`select 'article' as kind, a.* from (${article.getSQL()}) a
    union all select 'recipe', r.* from (${recipe.getSQL()}) r
    union all select 'course', c.*, null::jsonb, null::timestamptz, null::boolean, null::float8, null::float8
    from (${course.getSQL()}) c`;
}

const publicationsByShape = new Map<
  string,
  (db: Database) => { execute(values: Record<string, unknown>): Promise<{ rows: PublicationsRow[] }> }
>();

async function findPublicationsPrepared(
  db: Database,
  terms: SearchTerms,
  limits: { articles: number; recipes: number; courses: number },
): Promise<Pick<SearchMatches, 'articles' | 'recipes' | 'courses'>> {
  const shape = termsShape(terms);
  const { texts, values } = placeholderTerms(terms);
  let prepared = publicationsByShape.get(shape);
  if (prepared === undefined) {
    const statement = `search_publications_${shape}`;
    prepared = preparedQuery((handle) =>
      prepareRawSql<PublicationsRow>(handle, statement, publicationsStatement(handle, texts)),
    );
    publicationsByShape.set(shape, prepared);
  }
  const { rows } = await prepared(db).execute({ ...values, ...limits });
  const found: Pick<SearchMatches, 'articles' | 'recipes' | 'courses'> = {
    articles: [],
    recipes: [],
    courses: [],
  };
  for (const row of rows) {
    if (row.kind === 'course') {
      found.courses.push({ id: row.id, title: row.title, url: row.url, excerpt: row.excerpt });
      continue;
    }
    const match: PublicationMatch = {
      id: row.id,
      title: row.title,
      url: row.url,
      excerpt: row.excerpt,
      image: row.image,
      // The driver hands timestamps over as text (drizzle's setting); the column's own mapping reads it.
      publishedAt: articles.publishedAt.mapFromDriverValue(row.published_at as string) as Date,
      ftsHit: row.fts_hit as boolean,
      nameCoverage: Number(row.name_coverage),
      score: Number(row.score),
    };
    (row.kind === 'article' ? found.articles : found.recipes).push(match);
  }
  return found;
}

function publicationMatchesQuery(
  db: Queryable,
  table: typeof articles,
  terms: TermTexts,
  limit: number | Placeholder,
) {
  // The matches with each search vector read once (an article's body is stored out of line), as for products.
  const matched = buildMatchExpressions(table.searchVector, table.title, terms);
  const rows = db
    .select({
      id: table.id,
      title: table.title,
      url: table.url,
      excerpt: table.excerpt,
      image: table.image,
      publishedAt: table.publishedAt,
      vector: sql<string>`${table.searchVector} || ''::tsvector`.as('vector'),
    })
    .from(table)
    .where(and(eq(table.visible, true), matched.condition))
    .orderBy(table.id)
    .as('matches');
  const match = buildMatchExpressions(rows.vector, rows.title, terms);
  return db
    .select({
      id: rows.id,
      title: rows.title,
      url: rows.url,
      excerpt: rows.excerpt,
      image: rows.image,
      publishedAt: rows.publishedAt,
      ftsHit: match.ftsHit.as('fts_hit'),
      nameCoverage: match.nameCoverage.as('name_coverage'),
      score: match.score.as('score'),
    })
    .from(rows)
    .orderBy(...MATCH_ORDER, asc(rows.id))
    .limit(limit);
}

export function findMatchingPublications(
  db: Queryable,
  table: typeof articles,
  terms: SearchTerms,
  limit: number,
) {
  return publicationMatchesQuery(db, table, terms, limit);
}

/**
 * Courses of the school whose title or summary matches. A handful of rows (one per course on offer), so the
 * vector is computed on the fly rather than kept in an index.
 */
function courseMatchesQuery(db: Queryable, prefixQuery: TermText, limit: number | Placeholder) {
  const vector = sql`to_tsvector('russian', translate(${courses.title} || ' ' || ${courses.summary}, 'Ёё', 'Ее'))`;
  const query = tsquery(prefixQuery);
  return db
    .select({ id: courses.id, title: courses.title, url: courses.url, excerpt: courses.summary })
    .from(courses)
    .where(sql`${vector} @@ ${query}`)
    .orderBy(sql`ts_rank(${vector}, ${query}) desc`, asc(courses.startsAt), asc(courses.id))
    .limit(limit);
}

export function findMatchingCourses(db: Queryable, terms: SearchTerms, limit: number) {
  return courseMatchesQuery(db, terms.prefixQuery, limit);
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
export async function findSearchMatches(
  db: Database,
  terms: SearchTerms,
  limits: { products: number; articles: number; recipes: number; courses: number },
): Promise<SearchMatches> {
  // No transaction: each statement sets the trigram threshold for itself (TYPO_THRESHOLD_SET). On a pool the
  // statements run side by side.
  const [productRows, publications] = await Promise.all([
    findProductsPrepared(db, terms, limits.products),
    findPublicationsPrepared(db, terms, limits),
  ]);
  return { products: productRows, ...publications };
}
