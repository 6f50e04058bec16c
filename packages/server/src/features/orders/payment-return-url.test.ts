// A card payment started while the shop ran at a wrong address (PUBLIC_URL) stays payable after a restart at the
// right one: the pending payment with the old return link is not reused, a new one leads back to the new address.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestConfig } from '../../config.ts';
import { createTestAgent } from '../../test/test-agent.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';

const WRONG = 'http://localhost:3000';
const RIGHT = 'http://127.0.0.1:4010';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.destroy());

async function startShop(publicUrl: string): Promise<FastifyInstance> {
  const app = await buildApp(createTestConfig({ PUBLIC_URL: publicUrl }), { db: database.db });
  await app.ready();
  return app;
}

describe('card payment after a restart with another PUBLIC_URL', () => {
  it('gives a confirmation page and a return link at the address the shop runs at now', async () => {
    const [product] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.url, '/lavanda-uzkolistnaya-10-ml.html'));
    const first = await startShop(WRONG);
    const guest = createTestAgent(first);
    expect(
      (await guest.request({ method: 'POST', url: `/v1/cart/${product!.id}`, payload: { quantity: 1 } }))
        .statusCode,
    ).toBe(200);
    const placed = await guest.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: { name: 'Анна', fam: 'Смирнова', email: 'anna@example.ru', tel: '+7 916 111-22-33' },
        delivery: {
          type: 2,
          sposob_dost: 1,
          sposob_oplat: 5, // card online
          addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { order, key } = placed.json();
    const before = await guest.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.id, key },
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().confirmation_url).toMatch(new RegExp(`^${WRONG}/`));
    await first.close();

    const second = await startShop(RIGHT);
    try {
      const again = createTestAgent(second);
      const after = await again.request({
        method: 'PUT',
        url: '/v1/order/yookassa',
        payload: { order_id: order.id, key },
      });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().payment_id).not.toBe(before.json().payment_id);
      const confirmation = new URL(after.json().confirmation_url);
      expect(confirmation.origin).toBe(RIGHT);

      // Paying on the confirmation page brings the buyer back to the right address, and the order is paid.
      const page = await second.inject({ method: 'GET', url: confirmation.pathname });
      expect(page.statusCode).toBe(200);
      const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
      const paid = await second.inject({
        method: 'POST',
        url: confirmation.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `decision=pay&token=${encodeURIComponent(token)}`,
      });
      expect(paid.statusCode).toBe(302);
      expect(paid.headers.location).toBe(`${RIGHT}/yookassa?order=${order.id}&key=${key}`);
      const status = await again.request({ method: 'GET', url: `/v1/order/${order.id}/payment?key=${key}` });
      expect(status.json().order.payment_state).toBe('paid');

      // Asked again at the same address, the paid payment is what comes back: nothing is charged twice.
      const repeat = await again.request({
        method: 'PUT',
        url: '/v1/order/yookassa',
        payload: { order_id: order.id, key },
      });
      expect(repeat.json()).toMatchObject({ status: 'paid', confirmation_url: null });
    } finally {
      await second.close();
    }
  });
});
