// The back office's orders: the status flow with its letters and audit, a cancel that puts the goods back exactly
// once (also for two cancels at the same moment, on PostgreSQL when TEST_DATABASE_URL is set), refused
// transitions, the list's filters and the live payment check.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { type DemoProduct, demoProducts, LAVENDER_URL, LEMON_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { promoCodes } from '../cart/cart.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { testGatewayPayments } from '../payments/payments.table.ts';
import { orders } from './orders.table.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
let product: Record<string, DemoProduct>;

beforeAll(async () => {
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  // Plenty on the shelf, so no test here runs out.
  product = await demoProducts(shop.database.db, [LAVENDER_URL, LEMON_URL], { stock: 500 });
});

afterAll(() => shop.close());

const lavender = () => product[LAVENDER_URL]!;
const lemon = () => product[LEMON_URL]!;

const courierMoscow = (payment = 1) => ({
  type: 2,
  sposob_dost: 1,
  sposob_oplat: payment,
  addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
});

let buyers = 0;

/** A guest places an order of the given lines; its contact is unique so the search can find it. */
async function placeOrder(
  lines: Array<[productId: number, quantity: number]>,
  options: { payment?: number; tel?: string; delivery?: Record<string, unknown>; promo?: string } = {},
) {
  buyers += 1;
  const guest = createTestAgent(shop.app);
  for (const [productId, quantity] of lines) {
    const added = await guest.request({
      method: 'POST',
      url: `/v1/cart/${productId}`,
      payload: { quantity },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  if (options.promo) {
    const applied = await guest.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: options.promo },
    });
    expect(applied.json().error, applied.body).toBe(false);
  }
  const contact = {
    name: 'Ирина',
    fam: `Покупатель-${String(buyers).replace(/\d/g, (digit) => 'абвгдежзик'[Number(digit)]!)}`,
    email: `buyer${buyers}.${randomUUID().slice(0, 6)}@example.ru`,
    tel: options.tel ?? `+7 916 000-${String(buyers).padStart(2, '0')}-00`,
  };
  const response = await guest.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact,
      delivery: options.delivery ?? courierMoscow(options.payment),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order, key } = response.json();
  return {
    order: order as { id: number; number: string; total: number },
    key: key as string,
    contact,
    guest,
  };
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

function setStatus(orderId: number, status: string, extra: Record<string, unknown> = {}) {
  return moderator.request({
    method: 'PUT',
    url: `${ADMIN}/orders/${orderId}/status`,
    payload: { status, ...extra },
  });
}

async function auditOf(orderId: number) {
  return shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(auditLog.id);
}

describe('changing an order’s status', () => {
  it('goes new → confirmed → shipped → delivered, writing the audit, the history and the customer’s letters', async () => {
    const { order, contact } = await placeOrder([[lavender().id, 1]]);
    const confirmed = await setStatus(order.id, 'confirmed', { comment: 'Позвонили, подтвердила' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().order).toMatchObject({
      status: 'confirmed',
      status_name: 'Подтверждён',
      next_statuses: [
        { status: 'shipped', name: 'Отправлен' },
        { status: 'cancelled', name: 'Отменён' },
      ],
    });
    expect((await setStatus(order.id, 'shipped')).statusCode).toBe(200);
    const delivered = await setStatus(order.id, 'delivered');
    // A delivered order can still be returned (cancelled).
    expect(delivered.json().order.next_statuses).toEqual([{ status: 'cancelled', name: 'Отменён' }]);

    const audit = await auditOf(order.id);
    expect(audit.map((row) => [row.action, row.userId, row.before, row.after])).toEqual([
      [
        'order.status',
        TEST_MODERATOR_ID,
        { status: 'new' },
        { status: 'confirmed', comment: 'Позвонили, подтвердила' },
      ],
      ['order.status', TEST_MODERATOR_ID, { status: 'confirmed' }, { status: 'shipped' }],
      ['order.status', TEST_MODERATOR_ID, { status: 'shipped' }, { status: 'delivered' }],
    ]);
    const detail = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${order.id}` });
    expect(detail.json().order.history.map((entry: { text: string }) => entry.text)).toEqual([
      'Заказ оформлен',
      'Статус: Новый → Подтверждён',
      'Статус: Подтверждён → Отправлен',
      'Статус: Отправлен → Доставлен',
    ]);
    expect(detail.json().order.history[1].comment).toBe('Позвонили, подтвердила');

    const letters = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, contact.email))
      .orderBy(outbox.id);
    expect(letters.map((letter) => letter.subject)).toEqual([
      `Заказ ${order.number} принят`,
      `Заказ ${order.number}: подтверждён`,
      `Заказ ${order.number}: отправлен`,
      `Заказ ${order.number}: доставлен`,
    ]);
  });

  it('refuses transitions the flow does not have, with a Russian message, and changes nothing', async () => {
    const { order } = await placeOrder([[lavender().id, 1]]);
    const skipped = await setStatus(order.id, 'shipped');
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors.status[0]).toBe(
      'Из статуса «Новый» можно перейти только в «Подтверждён» или «Отменён»',
    );
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(422);
    expect((await setStatus(order.id, 'new')).json().errors.status[0]).toBe('Заказ уже в статусе «Новый»');
    expect((await setStatus(order.id, 'lost')).statusCode).toBe(422);
    expect((await setStatus(order.id, 'confirmed', { stock: 100 })).statusCode).toBe(422);

    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(order.id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);
    const backToShipped = await setStatus(order.id, 'shipped');
    expect(backToShipped.statusCode).toBe(422);
    expect(backToShipped.json().errors.status[0]).toBe(
      'Из статуса «Доставлен» можно перейти только в «Отменён»',
    );

    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('delivered');
    expect(await auditOf(order.id)).toHaveLength(3);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    const cancelledAgain = await setStatus(order.id, 'cancelled');
    expect(cancelledAgain.json().errors.status[0]).toBe('Заказ уже в статусе «Отменён»');
    expect((await setStatus(2_000_000, 'confirmed')).statusCode).toBe(404);
  });

  it('cancelling puts every line back on the shelf once; cancelling again is refused and adds nothing', async () => {
    const lavenderBefore = await stockOf(lavender().id);
    const lemonBefore = await stockOf(lemon().id);
    const { order, contact } = await placeOrder([
      [lavender().id, 3],
      [lemon().id, 2],
    ]);
    expect(await stockOf(lavender().id)).toBe(lavenderBefore - 3);
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);

    const cancelled = await setStatus(order.id, 'cancelled', { comment: 'Покупательница передумала' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.status_name).toBe('Отменён');
    expect(await stockOf(lavender().id)).toBe(lavenderBefore);
    expect(await stockOf(lemon().id)).toBe(lemonBefore);

    const again = await setStatus(order.id, 'cancelled');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status[0]).toBe('Заказ уже в статусе «Отменён»');
    expect(await stockOf(lavender().id)).toBe(lavenderBefore);
    expect(await stockOf(lemon().id)).toBe(lemonBefore);

    const [, cancel] = await auditOf(order.id);
    const { stock_returned: returned } = cancel!.after as {
      stock_returned: Array<{ product_id: number; quantity: number }>;
    };
    expect(Object.fromEntries(returned.map((line) => [line.product_id, line.quantity]))).toEqual({
      [lavender().id]: 3,
      [lemon().id]: 2,
    });
    const [letter] = await shop.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, contact.email), eq(outbox.subject, `Заказ ${order.number}: отменён`)));
    expect(letter?.text).toContain('отменён');
  });

  it('a return after delivery puts nothing back on the shelf, keeps the code used and writes the return letter', async () => {
    const before = await stockOf(lavender().id);
    const { order, contact } = await placeOrder([[lavender().id, 2]]);
    for (const status of ['confirmed', 'shipped', 'delivered']) await setStatus(order.id, status);
    const returned = await setStatus(order.id, 'cancelled', { comment: 'Флакон разбит при доставке' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().order.history.at(-1)).toMatchObject({
      text: 'Статус: Доставлен → Отменён (возврат после доставки)',
      comment: 'Флакон разбит при доставке',
    });
    expect(await stockOf(lavender().id)).toBe(before - 2);
    const letters = await shop.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, contact.email))
      .orderBy(outbox.id);
    expect(letters.at(-1)!.text).toContain(`Мы оформили возврат заказа ${order.number}`);
  });

  it('cancelling gives the promo code its use back, so a one-use code works again', async () => {
    const [code] = await shop.database.db
      .insert(promoCodes)
      .values({ code: 'ОДИНРАЗ', conditionType: 'discount', percent: 10, usageLimit: 1 })
      .returning();
    const usedCount = async () =>
      (await shop.database.db.select().from(promoCodes).where(eq(promoCodes.id, code!.id)))[0]!.usedCount;
    const { order } = await placeOrder([[lemon().id, 1]], { promo: 'ОДИНРАЗ' });
    expect(await usedCount()).toBe(1);
    const late = createTestAgent(shop.app);
    await late.request({ method: 'POST', url: `/v1/cart/${lemon().id}` });
    const refused = await late.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ОДИНРАЗ' },
    });
    expect(refused.json().error).toBe(true);

    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await usedCount()).toBe(0);
    const [cancel] = await auditOf(order.id);
    expect(cancel?.after).toMatchObject({ status: 'cancelled', promo_returned: 'ОДИНРАЗ' });
    const accepted = await late.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'ОДИНРАЗ' },
    });
    expect(accepted.json().error, accepted.body).toBe(false);
  });

  it('a cancel that brings sold-out goods back tells the waitlist, once', async () => {
    await shop.database.db.update(products).set({ stock: 2 }).where(eq(products.id, lavender().id));
    const { order } = await placeOrder([[lavender().id, 2]]);
    expect(await stockOf(lavender().id)).toBe(0);
    // Sold out: a customer asks to be told when it is back.
    const waiting = createTestAgent(shop.app);
    const { email } = await waiting.register();
    expect(
      (await waiting.request({ method: 'PUT', url: `/v1/user/waitlist/${lavender().id}` })).statusCode,
    ).toBe(200);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(lavender().id)).toBe(2);
    const letters = await shop.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(letters.filter((letter) => letter.subject.endsWith('снова в наличии'))).toHaveLength(1);
    await shop.database.db.update(products).set({ stock: 500 }).where(eq(products.id, lavender().id));
  });

  it('two cancels at the same moment: one wins, the stock comes back exactly once', async () => {
    const before = await stockOf(lemon().id);
    const { order } = await placeOrder([[lemon().id, 4]]);
    expect(await stockOf(lemon().id)).toBe(before - 4);
    const second = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
    const results = await Promise.all([
      setStatus(order.id, 'cancelled'),
      second.request({
        method: 'PUT',
        url: `${ADMIN}/orders/${order.id}/status`,
        payload: { status: 'cancelled' },
      }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    expect(await stockOf(lemon().id)).toBe(before);
    expect(
      (await auditOf(order.id)).filter((row) => (row.after as { status?: string }).status === 'cancelled'),
    ).toHaveLength(1);
  });
});

describe('what checkout promised to call about (docs/promises.md)', () => {
  it('shows the moderator the buyer’s «перезвоним» wishes on the order: a consultation, a call before delivery', async () => {
    const { order } = await placeOrder([[lavender().id, 1]], {
      delivery: { ...courierMoscow(), consultant: true, calling: true },
    });
    const asked = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${order.id}` });
    expect(asked.json().order.delivery).toMatchObject({ consultation: true, call_before: true });
    const { order: plain } = await placeOrder([[lavender().id, 1]]);
    const quiet = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${plain.id}` });
    expect(quiet.json().order.delivery).toMatchObject({ consultation: false, call_before: false });
  });
});

describe('the orders list', () => {
  let cash: Awaited<ReturnType<typeof placeOrder>>;
  let card: Awaited<ReturnType<typeof placeOrder>>;
  let pickup: Awaited<ReturnType<typeof placeOrder>>;

  beforeAll(async () => {
    cash = await placeOrder([[lavender().id, 2]], { tel: '+7 (903) 555-12-34' });
    card = await placeOrder([[lemon().id, 1]], { payment: 5 });
    pickup = await placeOrder([[lemon().id, 1]], {
      delivery: { type: 1, sposob_dost: 3, sposob_oplat: 1, addressNew: null },
    });
    await setStatus(cash.order.id, 'confirmed');
  });

  const list = async (query = '') => {
    const response = await moderator.request({ method: 'GET', url: `${ADMIN}/orders${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      orders: Array<{ id: number; status: string; items: number; total: number }>;
      summary: { count: number; sum: number };
      page: number;
      pages: number;
    };
  };
  const ids = (page: Awaited<ReturnType<typeof list>>) => page.orders.map((order) => order.id);

  it('shows the newest first, with item counts and the totals of everything matched', async () => {
    const all = await list();
    expect(ids(all).slice(0, 3)).toEqual([pickup.order.id, card.order.id, cash.order.id]);
    expect(all.orders.find((order) => order.id === cash.order.id)).toMatchObject({
      status: 'confirmed',
      items: 2,
      total: cash.order.total,
    });
    expect(all.summary.count).toBe(all.orders.length);
    expect(all.summary.sum).toBe(all.orders.reduce((total, order) => total + order.total, 0));
  });

  it('filters by status, payment state and delivery method', async () => {
    expect(ids(await list('?status=confirmed'))).toContain(cash.order.id);
    expect(ids(await list('?status=confirmed'))).not.toContain(card.order.id);
    expect(ids(await list('?payment=awaiting'))).toEqual([card.order.id]);
    expect(ids(await list('?delivery=1'))).toEqual([pickup.order.id]);
    const courier = ids(await list('?delivery=2&status=new'));
    expect(courier).toContain(card.order.id);
    expect(courier).not.toContain(pickup.order.id);
  });

  it('finds an order by number, e-mail or phone written any way', async () => {
    expect(ids(await list(`?q=${encodeURIComponent(card.order.number)}`))).toEqual([card.order.id]);
    expect(ids(await list(`?q=${card.order.id}`))).toContain(card.order.id);
    expect(ids(await list(`?q=${encodeURIComponent(cash.contact.email.toUpperCase())}`))).toEqual([
      cash.order.id,
    ]);
    expect(ids(await list('?q=89035551234'))).toEqual([cash.order.id]);
    expect(ids(await list(`?q=${encodeURIComponent('555-12-34')}`))).toEqual([cash.order.id]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).orders).toEqual([]);
  });

  it('filters by Moscow days and refuses nonsense', async () => {
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(ids(await list(`?from=${today}&to=${today}`))).toContain(cash.order.id);
    expect((await list('?to=2020-01-01')).orders).toEqual([]);
    const reversed = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/orders?from=2026-02-01&to=2026-01-01`,
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['Дата «по» раньше даты «с»']);
    for (const bad of ['?status=lost', '?delivery=99', '?from=вчера', '?page=0', '?sort=total']) {
      expect((await moderator.request({ method: 'GET', url: `${ADMIN}/orders${bad}` })).statusCode, bad).toBe(
        422,
      );
    }
  });

  it('shows the detail with lines, customer and delivery; a missing order is 404', async () => {
    const detail = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${cash.order.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order).toMatchObject({
      number: cash.order.number,
      email: cash.contact.email,
      tel: '+79035551234',
      lines: [expect.objectContaining({ id: lavender().id, quantity: 2 })],
      delivery: { method: 'Доставка курьером (Москва)', address: expect.stringContaining('Дубининская') },
      payment: null,
      can_refresh_payment: false,
    });
    expect((await moderator.request({ method: 'GET', url: `${ADMIN}/orders/999999` })).statusCode).toBe(404);
  });
});

describe('the card payment check', () => {
  it('asks the payment service for the live state, applies it once and records who asked', async () => {
    const { order, key, guest } = await placeOrder([[lemon().id, 1]], { payment: 5 });
    const payment = await guest.request({
      method: 'PUT',
      url: '/v1/order/yookassa',
      payload: { order_id: order.id, key },
    });
    expect(payment.statusCode, payment.body).toBe(200);

    const pending = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/payment/refresh`,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({
      changed: false,
      order: { payment_state: 'awaiting', payment: { status: 'pending', provider: 'test' } },
    });

    // Paid at the provider, but the notification never arrived.
    await shop.database.db
      .update(testGatewayPayments)
      .set({ status: 'succeeded' })
      .where(eq(testGatewayPayments.id, payment.json().payment_id));
    const refreshed = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/payment/refresh`,
      payload: {},
    });
    expect(refreshed.json()).toMatchObject({
      changed: true,
      order: { payment_state: 'paid', payment_state_name: 'Оплачен', status: 'confirmed' },
    });
    const audit = await auditOf(order.id);
    expect(audit.map((row) => row.action)).toEqual(['order.payment']);
    expect(audit[0]?.after).toMatchObject({ payment_state: 'paid', payment_status: 'succeeded' });

    const again = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/payment/refresh`,
    });
    expect(again.json().changed).toBe(false);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it('refuses the check for an order not paid by card', async () => {
    const { order } = await placeOrder([[lemon().id, 1]]);
    const response = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/payment/refresh`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Этот заказ оплачивается не картой онлайн');
  });
});
