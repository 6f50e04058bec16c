// «Сводка»'s money (decision 057): an order paid by card, an unpaid bank transfer, an unpaid cash-on-delivery order
// and a partial refund. What was ordered counts all three on the day they were placed; what was received counts
// only the card money, on the day it was paid, less the refund on the day it went through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, courierMoscow, payOnTestGateway, placeOrder } from '../../test/checkout.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { orders } from './orders.table.ts';

let shop: TestApp;
let moderator: TestAgent;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
});

afterAll(() => shop.close());

interface Money {
  orders: number;
  ordered: number;
  paid: number;
  refunded: number;
  received: number;
}
interface Dashboard {
  by_day: Array<Money & { date: string }>;
  totals: Money & { average_order: number };
}

async function dashboard(): Promise<Dashboard> {
  const response = await moderator.request({ method: 'GET', url: '/api/v1/admin/dashboard?days=7' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A guest's order of `quantity` lemons, paid the given way (5 card, 3 transfer, 4 cash on delivery). */
async function order(payment: number, quantity: number) {
  const [lemon] = await shop.database.db
    .update(products)
    .set({ stock: 100 })
    .where(eq(products.url, '/limon-10-ml.html'))
    .returning({ id: products.id });
  const buyer = createTestAgent(shop.app);
  await addToCart(buyer, lemon!.id, quantity);
  const placed = await placeOrder(buyer, courierMoscow(payment));
  expect(placed.statusCode, placed.body).toBe(200);
  return {
    buyer,
    key: placed.json().key as string,
    order: placed.json().order as { id: number; total: number },
  };
}

const delta = (after: Money, before: Money) => ({
  orders: after.orders - before.orders,
  ordered: after.ordered - before.ordered,
  paid: after.paid - before.paid,
  refunded: after.refunded - before.refunded,
  received: after.received - before.received,
});

describe('«Сводка»: money ordered and money received', () => {
  it('counts a card payment when paid, a refund when made, and unpaid transfer and COD orders only as ordered', async () => {
    const before = await dashboard();

    const card = await order(5, 2);
    await payOnTestGateway(shop.app, card.buyer, card.order.id, card.key);
    // The card order was placed and paid yesterday (Moscow): its money belongs to that day.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await shop.database.db
      .update(orders)
      .set({ createdAt: yesterday, paidAt: yesterday })
      .where(eq(orders.id, card.order.id));
    const transfer = await order(3, 1);
    const cod = await order(4, 3);
    const refund = 150;
    const refunded = await moderator.request({
      method: 'POST',
      url: `/api/v1/admin/orders/${card.order.id}/refunds`,
      payload: { amount: refund },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const after = await dashboard();
    expect(delta(after.totals, before.totals)).toEqual({
      orders: 3,
      ordered: card.order.total + transfer.order.total + cod.order.total,
      paid: card.order.total,
      refunded: refund,
      received: card.order.total - refund,
    });
    expect(delta(after.by_day.at(-2)!, before.by_day.at(-2)!)).toEqual({
      orders: 1,
      ordered: card.order.total,
      paid: card.order.total,
      refunded: 0,
      received: card.order.total,
    });
    expect(delta(after.by_day.at(-1)!, before.by_day.at(-1)!)).toEqual({
      orders: 2,
      ordered: transfer.order.total + cod.order.total,
      paid: 0,
      refunded: refund,
      received: -refund,
    });
    // The days add up to the period.
    const sum = (key: keyof Money) => after.by_day.reduce((total, day) => total + day[key], 0);
    expect(sum('received')).toBe(after.totals.received);
    expect(sum('ordered')).toBe(after.totals.ordered);
    expect(after.totals.received).toBe(after.totals.paid - after.totals.refunded);
  });
});
