// Site search and typing hints (spec §7 POST api/v1/search, POST api/v1/hint): turns what the visitor typed into
// safe full-text and trigram terms, and shapes the matches for the wire.
import {
  normalizeSearchText,
  replaceLatinLookalikes,
  switchKeyboardLayout,
} from '@efir/domain/keyboard-layout';
import { translateEnglishOilNames } from '@efir/domain/search-synonyms';
import type {
  Hint,
  HintResponse,
  HintType,
  ProductResult,
  PublicationResult,
  ScoredResults,
  SearchResponse,
} from '@efir/domain/search-wire';
import type { Database } from '../../db/client.ts';
import {
  findSearchMatches,
  type ProductMatch,
  type PublicationMatch,
  type SearchMatch,
  type SearchMatches,
  type SearchTerms,
} from './search.repo.ts';
import { findProductsByCode } from './search-by-sku.repo.ts';

/** More words add nothing to a shop query but make the tsquery longer. */
const MAX_WORDS = 10;
/** Below this many letters a trigram comparison matches nearly anything. */
const MIN_TRIGRAM_LETTERS = 4;
const HINT_LIMIT = 8;

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN_LETTER = /[a-z]/;

const ADJECTIVE_ENDING = /(?:ыми|ими|ого|его|ому|ему|ый|ий|ой|ая|яя|ое|ее|ые|ие|ым|им|ую|юю|ых|их|ом|ем)$/;
const ADJECTIVE_SUFFIX = /(?:ов|ев|н)$/;

/**
 * The noun an adjective is made from («лавандовое» → «лаванд», «мятное» → «мят», «эвкалиптового» → «эвкалипт»).
 * The Snowball stemmer keeps the suffix («лавандов»), so without this «лавандовое масло» would miss «Лаванда».
 */
export function deriveNounStem(word: string): string | null {
  if (word.length < 5) return null;
  const base = word.replace(ADJECTIVE_ENDING, '');
  if (base === word) return null;
  const stem = base.replace(ADJECTIVE_SUFFIX, '');
  return stem !== base && stem.length >= 3 ? stem : null;
}

/** Letters and digits only: whatever else the visitor typed can never reach the tsquery syntax. */
function splitWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The readings of a normalised query, each a list of words: as typed (Latin look-alikes inside Russian words
 * repaired) and, when some word is typed in Latin, retyped on the Russian layout («kfdfylf» → «лаванда»).
 */
export function readQueryVariants(normalized: string): string[][] {
  const tokens = normalized.split(' ');
  const readings = [tokens.map(replaceLatinLookalikes).join(' ')];
  // Only tokens with no Cyrillic at all are retyped: punctuation keys are letters on the Russian layout
  // («k.,jdm» → «любовь»), while a token mixing scripts is a Russian word with look-alikes, repaired above.
  const isTypedOnLatinLayout = (token: string) => LATIN_LETTER.test(token) && !CYRILLIC.test(token);
  if (tokens.some(isTypedOnLatinLayout)) {
    const switched = tokens.map((token) =>
      isTypedOnLatinLayout(token) ? switchKeyboardLayout(token) : token,
    );
    readings.push(switched.join(' ').replace(/ё/g, 'е'));
  }
  const variants = new Map<string, string[]>();
  for (const reading of readings) {
    const words = splitWords(reading);
    if (words.length > 0) variants.set(words.join(' '), words);
  }
  return [...variants.values()];
}

/** The readings plus, for each holding English names («tea tree», «lavender»), its reading in the Russian names. */
function withEnglishNames(variants: string[][]): string[][] {
  const all = new Map(variants.map((words) => [words.join(' '), words]));
  for (const words of variants) {
    const translated = translateEnglishOilNames(words);
    if (translated) all.set(translated.join(' '), translated);
  }
  return [...all.values()];
}

type OperandMode = 'prefix' | 'exact' | 'name';

function formatOperand(word: string, mode: OperandMode): string {
  if (mode === 'exact') return word;
  // `:*` matches any lexeme starting with the stem; `A` limits it to the name/title weight.
  return mode === 'prefix' ? `${word}:*` : `${word}:*A`;
}

/** One word as to_tsquery text, OR-ed with its noun stem. Words are letters and digits only. */
function formatWord(word: string, mode: OperandMode): string {
  const alternatives = [word, deriveNounStem(word)].filter((item): item is string => item !== null);
  const operands = alternatives.map((alternative) => formatOperand(alternative, mode));
  return operands.length > 1 ? `(${operands.join(' | ')})` : (operands[0] ?? '');
}

/** A to_tsquery text: words AND-ed, readings OR-ed. */
function formatTsquery(variants: string[][], mode: OperandMode): string {
  const formatted = variants.map((words) => words.map((word) => formatWord(word, mode)).join(' & '));
  return formatted.length > 1 ? formatted.map((part) => `(${part})`).join(' | ') : (formatted[0] ?? '');
}

/** Search terms of a raw query, or null when nothing searchable is left (only punctuation, say). */
export function buildSearchTerms(query: string): SearchTerms | null {
  const variants = withEnglishNames(readQueryVariants(normalizeSearchText(query)));
  return variants.length === 0 ? null : termsOfReadings(variants);
}

function termsOfReadings(variants: string[][]): SearchTerms {
  const texts = variants.map((words) => words.join(' '));
  return {
    prefixQuery: formatTsquery(variants, 'prefix'),
    exactQuery: formatTsquery(variants, 'exact'),
    nameWordQueries: variants.map((words) => words.map((word) => formatWord(word, 'name'))),
    // Names are Russian: a reading with Latin letters cannot be a typo of one, and leaving it out keeps
    // the condition to one trigram index scan (more OR-ed scans tip the planner into a sequential scan).
    trigramTexts: texts.filter(
      (text) => !LATIN_LETTER.test(text) && text.replace(/ /g, '').length >= MIN_TRIGRAM_LETTERS,
    ),
    texts,
  };
}

function toProductResult(row: ProductMatch): ProductResult {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    cena: row.cena,
    cena_st: row.cenaSt,
    volume: row.volume,
    stock: row.stock,
    images: row.images,
    avg_rating: row.avgRating,
    katGlobal: row.katGlobal,
  };
}

function toPublicationResult(row: PublicationMatch): PublicationResult {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    excerpt: row.excerpt,
    image: row.image,
    published_at: row.publishedAt.toISOString(),
  };
}

async function matchSite(db: Database, query: string, limit: number): Promise<SearchMatches> {
  const terms = buildSearchTerms(query);
  const [matches, byCode] = await Promise.all([
    terms
      ? findSearchMatches(db, terms, { products: limit, articles: limit, recipes: limit, courses: limit })
      : { products: [], articles: [], recipes: [], courses: [] },
    findProductsByCode(db, query),
  ]);
  if (byCode.length === 0) return matches;
  // The product whose артикул was typed comes first; the words' matches follow.
  const codeIds = new Set(byCode.map((row) => row.id));
  const products = [...byCode, ...matches.products.filter((row) => !codeIds.has(row.id))].slice(0, limit);
  return { ...matches, products };
}

/** How well a result matches: the search's own score (a word in the name counts 2, mentions in the text less). */
/** The site search with each result's score, for a reader that must tell a close match from a passing mention. */
export async function searchSiteScored(db: Database, query: string, limit: number): Promise<ScoredResults> {
  const matches = await matchSite(db, query, limit);
  const publication = (row: PublicationMatch) => ({ ...toPublicationResult(row), score: row.score });
  return {
    products: matches.products.map((row) => ({ ...toProductResult(row), score: row.score })),
    articles: matches.articles.map(publication),
    recipes: matches.recipes.map(publication),
  };
}

/** `limit` applies to each list separately, so a page of products never hides every article. */
export async function searchSite(db: Database, query: string, limit: number): Promise<SearchResponse> {
  const matches = await matchSite(db, query, limit);
  const results = {
    products: matches.products.map(toProductResult),
    articles: matches.articles.map(toPublicationResult),
    recipes: matches.recipes.map(toPublicationResult),
    courses: matches.courses.map(({ id, title, url, excerpt }) => ({ id, title, url, excerpt })),
  };
  const total =
    results.products.length + results.articles.length + results.recipes.length + results.courses.length;
  return { q: query, results, total, corrected: total > 0 ? await findLayoutCorrection(db, query) : null };
}

/**
 * The Russian-layout reading of a query typed (partly) on the Latin layout, when the query as typed finds
 * nothing by itself: then the results came from the retyped words. One small extra lookup, for Latin queries only.
 */
async function findLayoutCorrection(db: Database, query: string): Promise<string | null> {
  const [asTyped, retyped] = readQueryVariants(normalizeSearchText(query));
  if (!asTyped || !retyped) return null;
  // English names read as Russian ones are what was typed, not a wrong layout: «tea tree» is corrected to nothing.
  const found = await findSearchMatches(db, termsOfReadings(withEnglishNames([asTyped])), {
    products: 1,
    articles: 1,
    recipes: 1,
    courses: 1,
  });
  const foundAsTyped = Object.values(found).some((rows) => rows.length > 0);
  return foundAsTyped ? null : retyped.join(' ');
}

const HINT_TYPE_ORDER: Record<HintType, number> = { product: 0, recipe: 1, article: 2 };

/**
 * Scores of different tables are not comparable beyond their tiers: a long recipe full of «масло» outscores
 * a product named «Масло жожоба». So hints go by tier (full text, share of the words in the name), then a
 * product before a recipe before an article, and only then by score.
 */
function compareHints(a: SearchMatch & { type: HintType }, b: SearchMatch & { type: HintType }): number {
  if (a.ftsHit !== b.ftsHit) return a.ftsHit ? -1 : 1;
  if (a.nameCoverage !== b.nameCoverage) return b.nameCoverage - a.nameCoverage;
  if (a.type !== b.type) return HINT_TYPE_ORDER[a.type] - HINT_TYPE_ORDER[b.type];
  return b.score - a.score;
}

/** Up to eight names to complete while typing; the last word counts as a prefix (every word does). */
export async function suggestHints(db: Database, query: string): Promise<HintResponse> {
  const terms = buildSearchTerms(query);
  if (!terms) return { q: query, hints: [] };
  // Volumes of one oil share a name: fetch extra products so duplicates do not crowd out others.
  const matches = await findSearchMatches(db, terms, {
    products: HINT_LIMIT * 3,
    articles: HINT_LIMIT,
    recipes: HINT_LIMIT,
    // Hints name products, recipes and articles (spec §7); courses are found by the search page.
    courses: 0,
  });
  const candidates = [
    ...matches.products.map((row) => ({ ...row, type: 'product' as const, label: row.name })),
    ...matches.articles.map((row) => ({ ...row, type: 'article' as const, label: row.title })),
    ...matches.recipes.map((row) => ({ ...row, type: 'recipe' as const, label: row.title })),
  ].sort(compareHints);
  const seen = new Set<string>();
  const hints: Hint[] = [];
  for (const candidate of candidates) {
    const key = `${candidate.type}:${candidate.label.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hints.push({ type: candidate.type, name: candidate.label, url: candidate.url });
    if (hints.length === HINT_LIMIT) break;
  }
  return { q: query, hints };
}

export interface SearchService {
  search(query: string, limit: number): Promise<SearchResponse>;
  hint(query: string): Promise<HintResponse>;
}

export function createSearchService(db: Database): SearchService {
  return {
    search: (query, limit) => searchSite(db, query, limit),
    hint: (query) => suggestHints(db, query),
  };
}
