// Site search and hints over a real database: morphology, typos, ё, wrong layout, hidden rows, hostile input.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { articles, recipes } from '../content/content.table.ts';
import { findMatchingProducts, findMatchingPublications } from './search.repo.ts';
import { buildSearchTerms, deriveNounStem, readQueryVariants } from './search.service.ts';

let app: FastifyInstance;
let database: TestDatabase;

/** Our own rows under /search-test/, so the assertions do not depend on the demo catalogue. */
const URL = {
  lavender10: '/search-test/lavanda-10',
  teaTree: '/search-test/chainoe-derevo',
  lavender30: '/search-test/lavanda-30',
  eucalyptus: '/search-test/evkalipt',
  fir: '/search-test/elka',
  mandarin: '/search-test/mandarin',
  ajwain: '/search-test/azhgon',
  kitchenBlend: '/search-test/pryanaya-smes',
  ajwainLookalike: '/search-test/azhgoan',
  hiddenProduct: '/search-test/skrytaya-lavanda',
  storageArticle: '/search-test/kak-hranit-maslo',
  hiddenArticle: '/search-test/skrytaya-statya',
  handCream: '/search-test/krem-dlya-ruk',
  hiddenRecipe: '/search-test/skrytyj-recept',
} as const;

function productRow(name: string, url: string, extra: Partial<typeof products.$inferInsert> = {}) {
  return { name, url, familyKey: url, categoryId: 1, cena: 500, ...extra };
}

async function insertSearchRows(db: Database): Promise<void> {
  await db.insert(products).values([
    productRow('Лаванда узколистная', URL.lavender10, {
      familyKey: 'search-test-lavanda',
      volume: '10 мл',
      latinName: 'Lavandula angustifolia',
      description: '<p>Эфирное масло лаванды с горных склонов Крыма.</p>',
      cena: 690,
      cenaSt: 790,
      stock: 12,
      katGlobal: 1,
      avgRating: 4.5,
      images: [{ filename: 'lavanda.jpg', basename: 'lavanda' }],
    }),
    productRow('Лаванда узколистная', URL.lavender30, {
      familyKey: 'search-test-lavanda',
      volume: '30 мл',
      description: '<p>Эфирное масло лаванды, большой флакон.</p>',
      cena: 1590,
    }),
    productRow('Чайное дерево', URL.teaTree, {
      latinName: 'Melaleuca alternifolia',
      description: '<p>Свежий лекарственный аромат.</p>',
    }),
    productRow('Эвкалипт шаровидный', URL.eucalyptus, { description: '<p>Свежий камфорный аромат.</p>' }),
    productRow('Ёлка праздничная', URL.fir, {
      description: '<p>Смесь хвойных масел для зимних вечеров.</p>',
    }),
    productRow('Мандарин зеленый', URL.mandarin),
    // Ranking trio: the name, a mention in a description, and a near-miss name only trigrams can find.
    productRow('Ажгон индийский', URL.ajwain),
    productRow('Пряная смесь для кухни', URL.kitchenBlend, {
      description: '<p>Тмин, кориандр и немного ажгона для бобовых.</p>',
    }),
    productRow('Ажгоан пряный', URL.ajwainLookalike),
    productRow('Лаванда скрытая', URL.hiddenProduct, { visible: false }),
  ]);
  const publication = { razdelId: 1, authorId: 1, publishedAt: new Date('2024-03-01T09:00:00Z') };
  await db.insert(articles).values([
    {
      ...publication,
      title: 'Как хранить эфирное масло',
      url: URL.storageArticle,
      excerpt: 'Свет и тепло портят флакон за полгода.',
      html: '<p>Держите флаконы в тёмном прохладном месте.</p>',
      image: { filename: 'hranenie.jpg', basename: 'hranenie' },
    },
    { ...publication, title: 'Лавандовые поля, которых нет', url: URL.hiddenArticle, visible: false },
  ]);
  await db.insert(recipes).values([
    {
      ...publication,
      title: 'Крем для рук с лавандой',
      url: URL.handCream,
      excerpt: 'Питательный крем за 15 минут.',
    },
    { ...publication, title: 'Скрытый рецепт с лавандой', url: URL.hiddenRecipe, visible: false },
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchRows(database.db);
  app = await buildApp(createTestConfig(), { db: database.db });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

interface SearchBody {
  q: string;
  results: {
    products: Array<Record<string, unknown> & { url: string }>;
    articles: Array<Record<string, unknown> & { url: string }>;
    recipes: Array<Record<string, unknown> & { url: string }>;
    courses: Array<Record<string, unknown> & { url: string }>;
  };
  total: number;
  corrected: string | null;
}

function post(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
}

async function search(q: string, limit?: number): Promise<SearchBody> {
  const response = await post('/api/v1/search', limit === undefined ? { q } : { q, limit });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchBody>();
}

function urlsOf(rows: Array<{ url: string }>): string[] {
  return rows.map((row) => row.url);
}

describe('POST /api/v1/search', () => {
  it('groups results by kind', async () => {
    const body = await search('лаванда');
    expect(body.q).toBe('лаванда');
    expect(urlsOf(body.results.products)).toEqual(expect.arrayContaining([URL.lavender10, URL.lavender30]));
    expect(urlsOf(body.results.recipes)).toContain(URL.handCream);
    expect(body.total).toBe(
      body.results.products.length +
        body.results.articles.length +
        body.results.recipes.length +
        body.results.courses.length,
    );
  });

  it('finds the school’s courses by their title and summary, word forms included', async () => {
    const body = await search('сестринское дело');
    expect(urlsOf(body.results.courses)).toEqual([
      '/seminar_po_aromatherapy/aromaterapiya-v-sestrinskom-dele.html',
    ]);
    expect(body.results.courses[0]).toMatchObject({ title: expect.stringMatching(/сестринском деле/) });
    expect((await search('косметика')).results.courses.length).toBeGreaterThan(0);
    expect((await search('бергамот')).results.courses).toEqual([]);
  });

  it('answers products and publications in the wire shape', async () => {
    const body = await search('лаванда узколистная');
    expect(body.results.products.find((row) => row.url === URL.lavender10)).toEqual({
      id: expect.any(Number),
      name: 'Лаванда узколистная',
      url: URL.lavender10,
      cena: 690,
      cena_st: 790,
      volume: '10 мл',
      stock: 12,
      images: [{ filename: 'lavanda.jpg', basename: 'lavanda' }],
      avg_rating: 4.5,
      katGlobal: 1,
    });
    const article = (await search('хранить масло')).results.articles.find(
      (row) => row.url === URL.storageArticle,
    );
    expect(article).toEqual({
      id: expect.any(Number),
      title: 'Как хранить эфирное масло',
      url: URL.storageArticle,
      excerpt: 'Свет и тепло портят флакон за полгода.',
      image: { filename: 'hranenie.jpg', basename: 'hranenie' },
      published_at: '2024-03-01T09:00:00.000Z',
    });
  });

  it('ranks a name match above a mention in the description', async () => {
    const urls = urlsOf((await search('ажгон')).results.products);
    expect(urls.slice(0, 2)).toEqual([URL.ajwain, URL.kitchenBlend]);
  });

  it('ranks every full-text match above a typo-only match, however similar its name', async () => {
    // «Ажгоан пряный» is closer to «ажгон» by trigrams than «Пряная смесь для кухни», but only the latter
    // contains the word itself.
    const urls = urlsOf((await search('ажгон')).results.products);
    expect(urls).toEqual([URL.ajwain, URL.kitchenBlend, URL.ajwainLookalike]);
  });

  it.each([['лаванды'], ['лавандой'], ['лавандовое масло'], ['Лавандовый']])(
    'finds «Лаванда узколистная» by another word form: %s',
    async (q) => {
      expect(urlsOf((await search(q)).results.products)).toContain(URL.lavender10);
    },
  );

  it.each([['масла'], ['маслом'], ['хранение масла']])('finds the article about «масло» by %s', async (q) => {
    expect(urlsOf((await search(q)).results.articles)).toContain(URL.storageArticle);
  });

  it.each([
    ['лвандa', URL.lavender10],
    ['лванда', URL.lavender10],
    ['эвкалипп', URL.eucalyptus],
    ['эвкалиптт', URL.eucalyptus],
  ])('forgives the typo %s', async (q, url) => {
    expect(urlsOf((await search(q)).results.products)).toContain(url);
  });

  it.each([['елка'], ['ёлка'], ['ЁЛКА праздничная']])(
    'treats ё as е: %s finds «Ёлка праздничная»',
    async (q) => {
      expect(urlsOf((await search(q)).results.products)).toContain(URL.fir);
    },
  );

  it('treats ё as е the other way: «зелёный» finds «Мандарин зеленый»', async () => {
    expect(urlsOf((await search('мандарин зелёный')).results.products)).toContain(URL.mandarin);
  });

  it.each([['kfdfylf'], ['Kfdfylf'], ['kfdfylf eprjkbcnyfz'], ['rhtv lkz her']])(
    'reads a query typed on the Latin layout: %s',
    async (q) => {
      const body = await search(q);
      const found = [...urlsOf(body.results.products), ...urlsOf(body.results.recipes)];
      expect(found.some((url) => url === URL.lavender10 || url === URL.handCream)).toBe(true);
    },
  );

  it('says which Russian words it searched for when the query as typed found nothing', async () => {
    expect((await search('kfdfylf')).corrected).toBe('лаванда');
    expect((await search('Rhtv lkz her')).corrected).toBe('крем для рук');
    // Typed right, or Latin that finds something by itself: nothing was corrected.
    expect((await search('лаванда')).corrected).toBeNull();
    expect((await search('lavandula')).corrected).toBeNull();
    expect((await search('zzqqxx')).corrected).toBeNull();
  });

  it('finds a product by its Latin name', async () => {
    expect(urlsOf((await search('lavandula')).results.products)).toContain(URL.lavender10);
    for (const [q, url] of [
      ['Lavandula angustifolia', URL.lavender10],
      ['Melaleuca alternifolia', URL.teaTree],
      ['melaleuca', URL.teaTree],
    ] as const) {
      const found = urlsOf((await search(q)).results.products);
      expect(found, q).toContain(url);
      expect(
        found.every((item) => /lavand|chajnoe|chainoe/.test(item)),
        `${q}: ${found.join(', ')}`,
      ).toBe(true);
    }
  });

  it('finds a product by the English name buyers type (issue 35)', async () => {
    for (const [q, url, first] of [
      ['tea tree', URL.teaTree, /chajnoe|chainoe/],
      ['Tea tree oil', URL.teaTree, /chajnoe|chainoe/],
      ['lavender', URL.lavender10, /lavand/],
      ['lavender essential oil', URL.lavender30, /lavand/],
      ['eucalyptus', URL.eucalyptus, /evkalipt/],
    ] as const) {
      const found = urlsOf((await search(q)).results.products);
      expect(found, q).toContain(url);
      // The product named so comes first, before mentions in other descriptions.
      expect(found[0], `${q}: ${found.join(', ')}`).toMatch(first);
      // Read as English, not as a query typed on the wrong layout.
      expect((await search(q)).corrected, q).toBeNull();
    }
  });

  it('never shows hidden products, articles or recipes', async () => {
    for (const q of ['лаванда скрытая', 'лавандовые поля', 'скрытый рецепт', 'лаванда']) {
      const body = await search(q, 50);
      const urls = [
        ...urlsOf(body.results.products),
        ...urlsOf(body.results.articles),
        ...urlsOf(body.results.recipes),
      ];
      expect(urls).not.toContain(URL.hiddenProduct);
      expect(urls).not.toContain(URL.hiddenArticle);
      expect(urls).not.toContain(URL.hiddenRecipe);
    }
  });

  it('returns at most `limit` of each kind', async () => {
    const body = await search('лаванда', 1);
    expect(body.results.products).toHaveLength(1);
    expect(body.results.recipes).toHaveLength(1);
    expect(body.results.products[0]?.name).toBe('Лаванда узколистная');
  });

  it.each([
    ["'; drop table products; --"],
    ['\\'],
    ['\\\\'],
    ['a:*|!('],
    ['%_'],
    ['лаванда:* & !масло | ('],
    ["лаванда' or '1'='1"],
    ['<->'],
    ['²³ ⅷ ①'],
    ['🌿🌿🌿'],
    ['١٢٣ ǅ ß 中文 ﬁ'],
    ['и или а'],
    ['.*+?^$ {}()|[]'],
  ])('answers hostile or odd input %j with 200', async (q) => {
    const body = await search(q);
    expect(body.q).toBe(q.trim());
    expect(Array.isArray(body.results.courses)).toBe(true);
    expect(typeof body.total).toBe('number');
  });

  it('still searches the words around metacharacters', async () => {
    expect(urlsOf((await search("лаванда' & ( ")).results.products)).toContain(URL.lavender10);
    // The table survived the hostile queries above.
    expect(urlsOf((await search('эвкалипт')).results.products)).toContain(URL.eucalyptus);
  });

  it('rejects a 10 kB query with 422 and a Russian message on q', async () => {
    const response = await post('/api/v1/search', { q: 'лаванда '.repeat(1300) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { q: ['Запрос должен быть не длиннее 200 символов'] },
    });
  });

  it.each([[''], ['   '], ['\n\t']])('rejects the empty query %j with 422', async (q) => {
    const response = await post('/api/v1/search', { q });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ q: ['Введите поисковый запрос'] });
  });

  it.each([
    [{}, 'q'],
    [{ q: 42 }, 'q'],
    [{ q: 'лаванда', limit: 0 }, 'limit'],
    [{ q: 'лаванда', limit: 51 }, 'limit'],
    [{ q: 'лаванда', limit: 2.5 }, 'limit'],
    [{ q: 'лаванда', page: 2 }, 'page'],
  ])('rejects %j with 422 on %s', async (payload, field) => {
    const response = await post('/api/v1/search', payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('counts 200 characters after collapsing whitespace', async () => {
    const padded = `${'   '.repeat(100)}лаванда${' '.repeat(300)}`;
    expect((await post('/api/v1/search', { q: padded })).statusCode).toBe(200);
  });
});

interface HintBody {
  q: string;
  hints: Array<{ type: 'product' | 'article' | 'recipe'; name: string; url: string }>;
}

async function hint(q: string): Promise<HintBody> {
  const response = await post('/api/v1/hint', { q });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HintBody>();
}

describe('POST /api/v1/hint', () => {
  it('completes the last word as a prefix', async () => {
    const body = await hint('лав');
    expect(body.q).toBe('лав');
    expect(body.hints).toEqual(
      expect.arrayContaining([
        { type: 'product', name: 'Лаванда узколистная', url: expect.stringMatching(/^\//) },
        { type: 'recipe', name: 'Крем для рук с лавандой', url: URL.handCream },
      ]),
    );
    expect(body.hints.length).toBeLessThanOrEqual(8);
  });

  it('names each product once, though it comes in two volumes', async () => {
    const names = (await hint('лаванда узк')).hints
      .filter((item) => item.type === 'product')
      .map((item) => item.name);
    expect(names.filter((name) => name === 'Лаванда узколистная')).toHaveLength(1);
  });

  it('completes after full words and on the wrong layout', async () => {
    expect((await hint('крем для р')).hints).toContainEqual({
      type: 'recipe',
      name: 'Крем для рук с лавандой',
      url: URL.handCream,
    });
    expect((await hint('rhtv lkz')).hints.map((item) => item.url)).toContain(URL.handCream);
    expect((await hint('эвкал')).hints.map((item) => item.name)).toContain('Эвкалипт шаровидный');
  });

  it('gives at most eight hints', async () => {
    await database.db
      .insert(products)
      .values(
        Array.from({ length: 12 }, (_, index) =>
          productRow(`Лавр благородный, партия ${index + 1}`, `/search-test/lavr-${index + 1}`),
        ),
      );
    const body = await hint('лавр');
    expect(body.hints).toHaveLength(8);
    expect(body.hints.every((item) => item.name.toLowerCase().includes('лавр'))).toBe(true);
  });

  it.each([["'; drop table products; --"], ['a:*|!('], ['%_'], ['\\']])('answers %j with 200', async (q) => {
    expect(Array.isArray((await hint(q)).hints)).toBe(true);
  });

  it('rejects an empty or oversized query with 422', async () => {
    expect((await post('/api/v1/hint', { q: ' ' })).statusCode).toBe(422);
    const long = await post('/api/v1/hint', { q: 'л'.repeat(10_000) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.q).toEqual(['Запрос должен быть не длиннее 200 символов']);
  });
});

describe('search terms', () => {
  it('derives the noun stem of an adjective', () => {
    expect(deriveNounStem('лавандовое')).toBe('лаванд');
    expect(deriveNounStem('эвкалиптового')).toBe('эвкалипт');
    expect(deriveNounStem('мятное')).toBe('мят');
    expect(deriveNounStem('масло')).toBeNull();
    expect(deriveNounStem('лаванды')).toBeNull();
  });

  it('reads a Latin-layout query both as typed and on the Russian layout', () => {
    expect(readQueryVariants('kfdfylf')).toEqual([['kfdfylf'], ['лаванда']]);
    expect(readQueryVariants('k.,jdm')).toEqual([['k', 'jdm'], ['любовь']]);
    expect(readQueryVariants('лаванда')).toEqual([['лаванда']]);
    expect(readQueryVariants('масло kfdfylf')).toEqual([
      ['масло', 'kfdfylf'],
      ['масло', 'лаванда'],
    ]);
  });

  it('repairs Latin look-alikes inside a Russian word instead of retyping it', () => {
    expect(readQueryVariants('лвандa')).toEqual([['лванда']]);
  });

  it('compares only Cyrillic readings with the Russian names by trigrams', () => {
    expect(buildSearchTerms('kfdfylf')?.trigramTexts).toEqual(['лаванда']);
    expect(buildSearchTerms('lavandula')?.trigramTexts).toEqual(['дфмфтвгдф']);
    expect(buildSearchTerms('лав')?.trigramTexts).toEqual([]);
  });

  it('keeps only letters and digits in the tsquery', () => {
    const terms = buildSearchTerms("Лавандовое' & !(масло):* | 10");
    expect(terms?.prefixQuery).toBe('(лавандовое:* | лаванд:*) & масло:* & 10:*');
    expect(terms?.exactQuery).toBe('(лавандовое | лаванд) & масло & 10');
    expect(buildSearchTerms("'\\%_:*|!(")).toBeNull();
  });
});

describe('index use', () => {
  /**
   * The plan when sequential and plain index scans are priced out (on a few dozen rows the planner would
   * rather walk a table or the primary key): shows whether the conditions fit the GIN indexes at all.
   */
  async function explainWithoutSeqScan(build: (db: Database) => { getSQL(): ReturnType<typeof sql> }) {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      await tx.execute(sql`select set_config('enable_indexscan', 'off', true)`);
      const result = (await tx.execute(sql`explain (costs off) ${build(tx as unknown as Database)}`)) as {
        rows: Array<Record<string, string>>;
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('matches products through the full-text and trigram GIN indexes', async () => {
    const terms = buildSearchTerms('лванда')!;
    const plan = await explainWithoutSeqScan((db) => findMatchingProducts(db, terms, 20));
    expect(plan).toContain('products_search_idx');
    expect(plan).toContain('products_name_trgm_idx');
    // Name matches are found without reading descriptions.
    expect(plan).toContain('products_name_vector_idx');
  });

  it.each([
    ['articles', articles],
    ['recipes', recipes],
  ] as const)('matches %s through their GIN indexes', async (name, table) => {
    const terms = buildSearchTerms('лванда')!;
    const plan = await explainWithoutSeqScan((db) =>
      findMatchingPublications(db, table as typeof articles, terms, 20),
    );
    expect(plan).toContain(`${name}_search_idx`);
    expect(plan).toContain(`${name}_title_trgm_idx`);
  });
});
