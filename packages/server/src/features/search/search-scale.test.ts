// Search on a generated catalogue (3 000 products, seedLargeCatalogue): the shop's search, which ranks a bounded set
// of candidates (search.repo.ts, decision 016), answers what a plain ranking of every matching product would — the
// same products in the same order — for a common word, a rare one, a prefix, a typo, the wrong keyboard layout, two
// words and no match.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalogue } from '../../seed/large-catalogue.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildSearchTerms } from './search.service.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp();
  await seedLargeCatalogue(shop.database.db, 3000);
});

afterAll(() => shop.close());

/**
 * Every visible product matching by full text or by a typo in its name, ranked by the formula of the search
 * (full-text matches first; 2 × share of the words in the name + cover density of the prefixes and of the whole
 * words + word similarity + 0.5 if the name starts with the query; then id), written out here on its own.
 */
function plainRanking(query: string, limit: number): SQL {
  const terms = buildSearchTerms(query)!;
  const nameKey = sql`lower(translate(name, 'Ёё', 'Ее'))`;
  const fullText = sql`search_vector @@ to_tsquery('russian', ${terms.prefixQuery})`;
  const typos = terms.trigramTexts.map((text) => sql`${text} <% ${nameKey}`);
  const similarity =
    terms.trigramTexts.length > 0
      ? sql`greatest(${sql.join(
          terms.trigramTexts.map((text) => sql`word_similarity(${text}, ${nameKey})`),
          sql`, `,
        )})`
      : sql`0`;
  const coverage = sql`greatest(${sql.join(
    terms.nameWordQueries.map(
      (words) =>
        sql`(${sql.join(
          words.map((word) => sql`(search_vector @@ to_tsquery('russian', ${word}))::int`),
          sql` + `,
        )})::float8 / ${words.length}`,
    ),
    sql`, `,
  )})`;
  const rank = (text: string) =>
    sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search_vector, to_tsquery('russian', ${text}), 32)`;
  const startsWith = sql.join(
    terms.texts.map((text) => sql`starts_with(${nameKey}, ${text})`),
    sql` or `,
  );
  return sql`
    select url from products
    where visible and (${sql.join([fullText, ...typos], sql` or `)})
    order by ${fullText} desc,
      (2 * ${coverage} + ${rank(terms.prefixQuery)} + ${rank(terms.exactQuery)} + ${similarity}
        + 0.5 * (${startsWith})::int)::float8 desc,
      id
    limit ${limit}`;
}

async function plainUrls(query: string, limit: number): Promise<string[]> {
  return shop.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
    const result = (await tx.execute(plainRanking(query, limit))) as unknown as {
      rows: Array<{ url: string }>;
    };
    return result.rows.map((row) => row.url);
  });
}

async function searchUrls(q: string, limit: number): Promise<string[]> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/v1/search', payload: { q, limit } });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ results: { products: Array<{ url: string }> } }>()
    .results.products.map((row) => row.url);
}

describe('search on 3 000 products', () => {
  it.each([
    ['лаванда', 'a common word (hundreds of names)'],
    ['мят', 'a prefix, as the hints send it'],
    ['ажгон', 'a rare word'],
    ['лванда', 'a typo'],
    ['kfdfylf', 'the wrong keyboard layout'],
    ['эвкалипт шаровидный', 'two words'],
    ['зззззз', 'no match'],
  ])('%s (%s): the same products in the same order as a plain ranking', async (q) => {
    for (const limit of [20, 50]) {
      const expected = await plainUrls(q, limit);
      expect(await searchUrls(q, limit)).toEqual(expected);
    }
  });

  it('«масло», in hundreds of names of unequal score: the first page as a plain ranking', async () => {
    // Only the first 2 × limit names by id are ranked (search.repo.ts, decision 016): with names of unequal
    // scores (almond above shea) a later name can be missed from a page of 50 — as before the candidates were
    // bounded; the first page of 20 is the plain ranking's.
    expect(await searchUrls('масло', 20)).toEqual(await plainUrls('масло', 20));
  });

  it('finds many names for a common word, and none for no match', async () => {
    expect(await searchUrls('лаванда', 50)).toHaveLength(50);
    expect(await searchUrls('зззззз', 50)).toEqual([]);
  });
});
