// Stock that never goes negative and keys that never make two orders when checkouts arrive at the same moment: on
// PostgreSQL, whose many connections let them really overlap (the PostgreSQL run alone includes *.pg.test.ts).
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, courierMoscow, placeOrder } from '../../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { orders } from './orders.table.ts';

let testApp: TestApp;
let product: Record<string, DemoProduct>;

beforeAll(async () => {
  testApp = await createTestApp();
  product = await demoProducts(testApp.database.db, [LAVENDER_URL, LEMON_URL]);
});

afterAll(() => testApp.close());

const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;

describe('orders under concurrency (PostgreSQL)', () => {
  it('200 parallel checkouts of a product with stock 10 make exactly 10 orders and stock 0', async () => {
    await testApp.database.db.update(products).set({ stock: 10 }).where(eq(products.id, lemon().id));
    const shoppers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const agent = createTestAgent(testApp.app);
        await addToCart(agent, lemon().id, 1);
        return agent;
      }),
    );
    await testApp.database.db.update(products).set({ stock: 10 }).where(eq(products.id, lemon().id));
    const results = await Promise.all(shoppers.map((agent) => placeOrder(agent)));
    const placed = results.filter((response) => response.statusCode === 200);
    const refused = results.filter((response) => response.statusCode === 409);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    const [row] = await testApp.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, lemon().id));
    expect(row!.stock).toBe(0);
  });

  it('two carts sharing two products in opposite orders neither deadlock nor oversell', async () => {
    await testApp.database.db
      .update(products)
      .set({ stock: 5 })
      .where(inArray(products.id, [lavender().id, lemon().id]));
    const agents = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const agent = createTestAgent(testApp.app);
        const [first, second] = index % 2 ? [lavender().id, lemon().id] : [lemon().id, lavender().id];
        await addToCart(agent, first, 1);
        await addToCart(agent, second, 1);
        return agent;
      }),
    );
    const results = await Promise.all(agents.map((agent) => placeOrder(agent)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(5);
    const rows = await testApp.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(inArray(products.id, [lavender().id, lemon().id]));
    expect(rows.map((row) => row.stock)).toEqual([0, 0]);
  });

  it('the same key sent 5 times at once makes one order', async () => {
    const guest = createTestAgent(testApp.app);
    await testApp.database.db.update(products).set({ stock: 50 }).where(eq(products.id, lavender().id));
    await addToCart(guest, lavender().id, 1);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(guest, courierMoscow(), key)),
    );
    const ids = new Set(
      results.filter((response) => response.statusCode === 200).map((response) => response.json().order.id),
    );
    expect(ids.size).toBe(1);
    expect(
      await testApp.database.db.select().from(orders).where(eq(orders.idempotencyKey, key)),
    ).toHaveLength(1);
  });
});
