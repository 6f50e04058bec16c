// `npm run test:hard`: a supplier's CSV of 100 000 new goods imported through the back office while a product page is
// asked every 200 ms (issue 39.3) — on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. Every page is
// answered; the slowest page time of each step is printed (docs/performance.md keeps the figures).
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../features/catalog/catalog.table.ts';
import { importUnderLoad, supplierCsv } from '../catalog-import-load.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../moderator.ts';
import type { TestAgent } from '../test-agent.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

const GOODS = Number(process.env.IMPORT_GOODS ?? 100_000);
let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});
afterAll(() => shop.close());

describe(`a ${GOODS}-row import`, () => {
  it('creates every good in one apply while the shop keeps answering', async () => {
    const [page] = await shop.database.db
      .select({ url: products.url, categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.visible, true), gt(products.stock, 0)))
      .limit(1);
    const [category] = await shop.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, page!.categoryId));
    const { dry, applied, figures } = await importUnderLoad(shop.app, moderator, {
      content: supplierCsv(GOODS, category!.name),
      pageUrl: page!.url,
    });
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`${database}, ${GOODS} rows: ${JSON.stringify(figures)}`);
    expect(dry).toMatchObject({ rows: GOODS, created: GOODS, refused: 0 });
    expect(applied).toMatchObject({ rows: GOODS, created: GOODS, refused: 0 });
    for (const step of Object.values(figures)) expect(step.failedPages).toBe(0);
    const [counted] = await shop.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(like(products.sku, 'BIG-%'));
    expect(counted!.count).toBe(GOODS);
  });
});
