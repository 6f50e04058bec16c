// «Сводка» of the back office: today's orders and revenue, the average order, top products and carts that became
// orders move exactly as orders are placed and cancelled.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});

afterAll(() => shop.close());

interface Dashboard {
  by_day: Array<{ date: string; orders: number; ordered: number }>;
  totals: { orders: number; ordered: number; average_order: number };
  top_products: Array<{ product_id: number; name: string; quantity: number; revenue: number }>;
  conversion: { carts: number; ordered: number; percent: number };
}

async function dashboard(days = 7): Promise<Dashboard> {
  const response = await moderator.request({ method: 'GET', url: `/api/v1/admin/dashboard?days=${days}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function order(url: string, quantity: number): Promise<{ id: number; total: number }> {
  const [product] = await shop.database.db
    .update(products)
    .set({ stock: 100 })
    .where(eq(products.url, url))
    .returning({ id: products.id });
  const buyer = createTestAgent(shop.app);
  const added = await buyer.request({
    method: 'POST',
    url: `/v1/cart/${product!.id}`,
    payload: { quantity },
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await buyer.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: {
        name: 'Вера',
        fam: 'Сводкина',
        email: `vera.${randomUUID().slice(0, 8)}@example.ru`,
        tel: '+7 916 123-45-67',
      },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order;
}

describe('GET /api/v1/admin/dashboard', () => {
  it('is for moderators only', async () => {
    const guest = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard' });
    expect(guest.statusCode).toBe(401);
  });

  it('counts today’s orders, revenue, the average, top products and carts that became orders', async () => {
    const before = await dashboard();
    expect(before.by_day).toHaveLength(7);
    const first = await order('/limon-10-ml.html', 3);
    const second = await order('/lavanda-uzkolistnaya-10-ml.html', 1);
    // A cart left without an order counts as started, not converted.
    const browser = createTestAgent(shop.app);
    const lemonId = before.top_products.find((row) => row.name.startsWith('Лимон'))?.product_id;
    const [lemon] = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.url, '/limon-10-ml.html'));
    await browser.request({ method: 'POST', url: `/v1/cart/${lemon!.id}`, payload: { quantity: 1 } });

    const after = await dashboard();
    const today = (data: Dashboard) => data.by_day.at(-1)!;
    expect(today(after).orders).toBe(today(before).orders + 2);
    expect(today(after).ordered).toBe(today(before).ordered + first.total + second.total);
    expect(after.totals.orders).toBe(before.totals.orders + 2);
    expect(after.totals.ordered).toBe(before.totals.ordered + first.total + second.total);
    expect(after.totals.average_order).toBe(Math.round(after.totals.ordered / after.totals.orders));
    const lemonRow = after.top_products.find((row) => row.product_id === lemon!.id);
    expect(lemonRow?.quantity).toBe(
      (before.top_products.find((row) => row.product_id === lemonId)?.quantity ?? 0) + 3,
    );
    expect(after.conversion.carts).toBe(before.conversion.carts + 3);
    expect(after.conversion.ordered).toBe(before.conversion.ordered + 2);

    // A cancelled order leaves every figure.
    const cancelled = await moderator.request({
      method: 'PUT',
      url: `/api/v1/admin/orders/${second.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const later = await dashboard();
    expect(later.totals.orders).toBe(after.totals.orders - 1);
    expect(later.totals.ordered).toBe(after.totals.ordered - second.total);
  });

  it('refuses a period it does not show', async () => {
    const response = await moderator.request({ method: 'GET', url: '/api/v1/admin/dashboard?days=1000' });
    expect(response.statusCode).toBe(422);
  });
});
