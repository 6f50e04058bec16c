// Editing orders under concurrency on PostgreSQL (decision 055), whose connections really overlap: two edits of one
// order take turns under its row lock (stock moves by each edit's own difference, never twice), and an edit racing a
// checkout for the last bottle sells it once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { orderLines } from '../features/orders/orders.table.ts';
import { addToCart, placeOrder } from '../test/checkout.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let moderator: TestAgent;
let product: Record<string, DemoProduct>;
const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  product = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL]);
});

afterAll(() => shop.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function orderOf(productId: number, quantity: number): Promise<number> {
  const guest = createTestAgent(shop.app);
  await addToCart(guest, productId, quantity);
  const placed = await placeOrder(guest);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order.id;
}

const edit = (orderId: number, lines: Array<{ product_id: number; quantity: number }>) =>
  moderator.request({ method: 'PUT', url: `/api/v1/admin/orders/${orderId}`, payload: { lines } });

describe('order edits under concurrency (PostgreSQL)', () => {
  it('two edits of one order at once: both apply in turn, stock follows the last one exactly', async () => {
    await shop.database.db.update(products).set({ stock: 20 }).where(eq(products.id, lemon().id));
    const orderId = await orderOf(lemon().id, 2);
    expect(await stockOf(lemon().id)).toBe(18);
    const results = await Promise.all([
      edit(orderId, [{ product_id: lemon().id, quantity: 5 }]),
      edit(orderId, [{ product_id: lemon().id, quantity: 7 }]),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const [line] = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    // Whichever came last is the order now, and the shelf holds 20 minus exactly that.
    expect([5, 7]).toContain(line!.quantity);
    expect(await stockOf(lemon().id)).toBe(20 - line!.quantity);
  });

  it('an edit and a checkout racing for the last bottle: one gets it, the stock ends at 0', async () => {
    await shop.database.db.update(products).set({ stock: 10 }).where(eq(products.id, lavender().id));
    const orderId = await orderOf(lavender().id, 1);
    const shopper = createTestAgent(shop.app);
    await addToCart(shopper, lavender().id, 1);
    // Nine left after the order; eight go elsewhere, so one bottle is what the two race for.
    await shop.database.db.update(products).set({ stock: 1 }).where(eq(products.id, lavender().id));
    const [edited, checkout] = await Promise.all([
      edit(orderId, [{ product_id: lavender().id, quantity: 2 }]),
      placeOrder(shopper),
    ]);
    const winners = [edited.statusCode, checkout.statusCode].filter((status) => status === 200);
    expect(winners).toHaveLength(1);
    expect([edited.statusCode, checkout.statusCode]).toContain(409);
    expect(await stockOf(lavender().id)).toBe(0);
  });
});
