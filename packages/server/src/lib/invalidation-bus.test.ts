// Two instances of one shop on one database and one Redis (issue 17): a change made through one is seen through
// the other at once, though both keep answers in memory for a minute. Redis is the machine's own (TEST_REDIS_URL).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestConfig } from '../config.ts';
import { products } from '../features/catalog/catalog.table.ts';
import { menuItems, slides } from '../features/content/content.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { redisForTests, TEST_REDIS_URL } from '../test/redis.ts';
import type { TestAgent } from '../test/test-agent.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';

const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisForTests('the two-instance cache tests', REDIS_URL);

describe.skipIf(!redisUp)('two instances on one database and one Redis', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let moderatorOnA: TestAgent;
  const lavenderUrl = '/lavanda-uzkolistnaya-10-ml.html';

  async function instance(prefix: string) {
    const config = createTestConfig({
      ...MODERATOR_ENV,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      // Long enough that only a dropped cache can explain a fresh answer.
      PAGE_CACHE_TTL_MS: '60000',
    });
    const app = await buildApp(config, { db: database.db });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const prefix = `efir-test-${randomBytes(6).toString('hex')}`;
    a = await instance(prefix);
    b = await instance(prefix);
    moderatorOnA = await signInAs(a, database.db, TEST_MODERATOR_ID);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.destroy();
  });

  const critical = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
  const productPage = async (app: FastifyInstance) =>
    (await app.inject({ method: 'POST', url: '/api/v1/route', payload: { url: lavenderUrl } })).json().page
      .com_data as { cena: number; stock: number };

  /** Waits up to a second for the other instance to show the change. */
  async function seenWithinASecond<T>(read: () => Promise<T>, expected: T) {
    const started = Date.now();
    let last: T = await read();
    while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      last = await read();
    }
    expect(last).toEqual(expected);
  }

  it('a price and a stock changed on A are on B’s product page within a second', async () => {
    const [lavender] = await database.db.select().from(products).where(eq(products.url, lavenderUrl));
    // Both instances have the page in memory now.
    expect(await productPage(a)).toMatchObject({ cena: lavender!.cena });
    expect(await productPage(b)).toMatchObject({ cena: lavender!.cena });
    const changed = await moderatorOnA.request({
      method: 'PUT',
      url: `/api/v1/admin/products/${lavender!.id}`,
      payload: { cena: lavender!.cena + 111, stock: 77 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await seenWithinASecond(
      async () => {
        const page = await productPage(b);
        return { cena: page.cena, stock: page.stock };
      },
      { cena: lavender!.cena + 111, stock: 77 },
    );
  });

  it('a slide and a menu link renamed on A are in B’s critical data within a second', async () => {
    const [slide] = await database.db.select().from(slides).limit(1);
    const [link] = await database.db.select().from(menuItems).limit(1);
    const before = await critical(b);
    expect(before.slider.map((item: { name: string }) => item.name)).toContain(slide!.name);
    for (const [url, payload] of [
      [`/api/v1/admin/content/slides/${slide!.id}`, { name: 'Осенние ароматы — новая подборка' }],
      [`/api/v1/admin/content/menu/${link!.id}`, { name: 'Ароматы для дома' }],
    ] as const) {
      const changed = await moderatorOnA.request({ method: 'PUT', url, payload });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    await seenWithinASecond(
      async () => {
        const data = await critical(b);
        return {
          slide: data.slider.some(
            (item: { name: string }) => item.name === 'Осенние ароматы — новая подборка',
          ),
          link: Object.values(data.menus as Record<string, Array<{ name: string }>>)
            .flat()
            .some((item) => item.name === 'Ароматы для дома'),
        };
      },
      { slide: true, link: true },
    );
  });

  it('a shop with another prefix on the same Redis does not hear them', async () => {
    const other = await instance(`efir-test-${randomBytes(6).toString('hex')}`);
    try {
      const [slide] = await database.db.select().from(slides).limit(1);
      const cachedName = (await critical(other)).slider.find(
        (item: { id: number }) => item.id === slide!.id,
      ).name;
      const changed = await moderatorOnA.request({
        method: 'PUT',
        url: `/api/v1/admin/content/slides/${slide!.id}`,
        payload: { name: 'Только для своих' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await seenWithinASecond(
        async () =>
          (await critical(b)).slider.some((item: { name: string }) => item.name === 'Только для своих'),
        true,
      );
      // B heard it; the other shop's instance (another prefix) kept its own copy.
      const kept = (await critical(other)).slider.find((item: { id: number }) => item.id === slide!.id);
      expect(kept.name).toBe(cachedName);
    } finally {
      await other.close();
    }
  });
});
