// СБП and refunds through the whole shop, with the real YooKassa client against the local fake speaking its API:
// a QR code on a desktop and the bank-app redirect on a phone, the payment confirmed by the webhook as for cards,
// then full and partial refunds from the back office with their receipt of return, history, letter and limits, and
// the payment shown as returned (in part or in full) once they are made.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { formatRub } from '@efir/domain/money';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { products } from '../catalog/catalog.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, type FakeYooKassa, startFakeYooKassa } from './fake-yookassa.ts';
import { YOOKASSA_WEBHOOK_PATH } from './payments.routes.ts';
import { paymentRefunds } from './payments.table.ts';

const ADMIN = '/api/v1/admin';
let fake: FakeYooKassa;
let shop: TestApp;
let moderator: TestAgent;
let productId: number;

beforeAll(async () => {
  fake = await startFakeYooKassa();
  shop = await createTestApp({
    env: {
      ...MODERATOR_ENV,
      YOOKASSA_SHOP_ID: FAKE_SHOP_ID,
      YOOKASSA_SECRET_KEY: FAKE_SECRET_KEY,
      YOOKASSA_API_URL: fake.url,
    },
  });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [row] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.url, '/lavanda-uzkolistnaya-10-ml.html'));
  productId = row!.id;
  await shop.database.db.update(products).set({ stock: 500 }).where(eq(products.id, productId));
});

afterAll(async () => {
  await shop.close();
  await fake.close();
});

beforeEach(() => {
  fake.refundStatus = 'succeeded';
});

let buyers = 0;

/** A guest's card-online order of `quantity` bottles with courier delivery in Moscow. */
async function placeOrder(quantity = 3) {
  buyers += 1;
  const guest = createTestAgent(shop.app);
  const added = await guest.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity } });
  expect(added.statusCode, added.body).toBe(200);
  const email = `sbp${buyers}.${randomUUID().slice(0, 6)}@example.ru`;
  const response = await guest.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: { name: 'Ирина', fam: 'Покупатель', email, tel: '+7 916 000-11-22' },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 5,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order, key } = response.json() as { order: { id: number; total: number }; key: string };
  return { order, key, email, guest };
}

function pay(guest: TestAgent, orderId: number, key: string, extra: Record<string, unknown> = {}) {
  return guest.request({
    method: 'PUT',
    url: '/v1/order/yookassa',
    payload: { order_id: orderId, key, ...extra },
  });
}

function notify(event: string, id: string) {
  return shop.app.inject({
    method: 'POST',
    url: YOOKASSA_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'notification', event, object: { id } }),
  });
}

/** An order paid through СБП (QR on a desktop) and confirmed by YooKassa's notification. */
async function paidOrder(quantity = 3) {
  const placed = await placeOrder(quantity);
  const started = await pay(placed.guest, placed.order.id, placed.key, { method: 'sbp', device: 'desktop' });
  expect(started.statusCode, started.body).toBe(200);
  const paymentId = started.json().payment_id as string;
  fake.setStatus(paymentId, 'succeeded');
  expect((await notify('payment.succeeded', paymentId)).statusCode).toBe(200);
  return { ...placed, paymentId };
}

function refund(orderId: number, amount: number, comment?: string, key?: string) {
  return moderator.request({
    method: 'POST',
    url: `${ADMIN}/orders/${orderId}/refunds`,
    payload: { amount, ...(comment ? { comment } : {}), ...(key ? { key } : {}) },
  });
}

async function lettersTo(email: string) {
  return shop.database.db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.subject, '%возврат%')));
}

/** What the shop sent to YooKassa (the fields these tests read). */
interface SentBody {
  payment_id?: string;
  amount?: { value: string; currency: string };
  payment_method_data?: { type: string };
  confirmation?: { type: string; return_url?: string };
  receipt: { customer: { email?: string }; items: Array<{ quantity: string; amount: { value: string } }> };
}

function lastSent(path: '/v3/payments' | '/v3/refunds') {
  const request = fake.requests.findLast((sent) => sent.path === path);
  if (!request) throw new Error(`nothing sent to ${path}`);
  return { headers: request.headers, body: request.body as SentBody };
}

function sumItems(receipt: { items: Array<{ quantity: string; amount: { value: string } }> }): number {
  return receipt.items.reduce(
    (sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity),
    0,
  );
}

describe('СБП through YooKassa', () => {
  it('on a desktop asks for a QR code and the shop shows it as inline SVG while the payment waits', async () => {
    const { order, key, guest } = await placeOrder();
    const started = await pay(guest, order.id, key, { method: 'sbp', device: 'desktop' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'pending',
      method: 'sbp',
      confirmation_type: 'qr',
      confirmation_url: null,
    });
    const { body } = lastSent('/v3/payments');
    expect(body.payment_method_data).toEqual({ type: 'sbp' });
    expect(body.confirmation).toEqual({ type: 'qr' });
    // 54-FZ receipt exactly as for cards: the items add up to the order's total.
    expect(sumItems(body.receipt)).toBe(order.total * 100);
    expect(body.receipt.customer.email).toMatch(/@example\.ru$/);

    const check = await guest.request({ method: 'GET', url: `/v1/order/${order.id}/payment?key=${key}` });
    const payment = check.json().payment;
    expect(payment).toMatchObject({ status: 'pending', method: 'sbp', confirmation_type: 'qr' });
    expect(payment.qr_svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-label="QR-код для оплаты через СБП"/);
    expect(payment.qr_svg).toContain('<path d="M');
    expect(payment.qr_svg).not.toMatch(/<script|on\w+=/i);
    // Only the offline gateway offers a link in place of a phone.
    expect(payment.test_confirmation_url).toBeUndefined();
  });

  it('on a phone redirects to the bank-app page, and a card payment stays the card page', async () => {
    const { order, key, guest } = await placeOrder();
    const phone = await pay(guest, order.id, key, { method: 'sbp', device: 'phone' });
    expect(phone.json()).toMatchObject({ method: 'sbp', confirmation_type: 'redirect' });
    expect(phone.json().confirmation_url).toMatch(/^https:\/\/yoomoney\.ru\//);
    const phoneBody = lastSent('/v3/payments').body;
    expect(phoneBody.confirmation).toEqual({
      type: 'redirect',
      return_url: expect.stringContaining('/yookassa?order='),
    });

    // Changing one's mind to the card makes a new payment rather than reusing the СБП one.
    const card = await pay(guest, order.id, key, { method: 'bank_card' });
    expect(card.json()).toMatchObject({ method: 'bank_card', confirmation_type: 'redirect' });
    expect(card.json().payment_id).not.toBe(phone.json().payment_id);
    const cardBody = lastSent('/v3/payments').body;
    expect(cardBody.payment_method_data).toBeUndefined();
  });

  it('is confirmed by the webhook like a card payment: the order is paid', async () => {
    const { order, key, guest } = await paidOrder();
    const check = await guest.request({ method: 'GET', url: `/v1/order/${order.id}/payment?key=${key}` });
    expect(check.json()).toMatchObject({
      order: { payment_state: 'paid', payment_state_name: 'Оплачен' },
      payment: { status: 'succeeded', method: 'sbp' },
    });
    expect(check.json().payment.qr_svg).toBeUndefined();
  });
});

describe('refunds from the back office', () => {
  it('a partial refund goes to YooKassa with a receipt of return, shows in history and in the customer’s order', async () => {
    const { order, key, email, guest, paymentId } = await paidOrder();
    const response = await refund(order.id, 500, 'Покупательница вернула флакон');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'order/refund',
      refund: { amount: 500, status: 'succeeded' },
      order: {
        refunded: 500,
        payment: { method: 'sbp', status: 'succeeded' },
        refunds: { paid: order.total, refunded: 500, left: order.total - 500 },
      },
    });
    const history = response.json().order.history as Array<{ text: string; comment: string | null }>;
    expect(history).toContainEqual(
      expect.objectContaining({
        text: `Возврат ${formatRub(500)}: деньги возвращены; всего возвращено ${formatRub(500)}`,
        comment: 'Покупательница вернула флакон',
      }),
    );

    const sent = lastSent('/v3/refunds');
    expect(sent.headers['idempotence-key']).toMatch(/^efir-refund-\d+-1$/);
    const body = sent.body;
    expect(body).toMatchObject({ payment_id: paymentId, amount: { value: '500.00', currency: 'RUB' } });
    expect(sumItems(body.receipt)).toBe(50_000);
    expect(body.receipt.customer.email).toBe(email);

    const letters = await lettersTo(email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain(`Мы вернули ${formatRub(500)}`);

    const mine = await guest.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: { key } });
    expect(mine.json().order.refunded).toBe(500);
  });

  it('shows a returned payment as returned, not «Оплачен»: in part with the sum, then in full, to the customer and in the back office', async () => {
    const { order, key, guest, email } = await paidOrder(2);
    const customerSees = async () =>
      (await guest.request({ method: 'POST', url: `/v1/my-orders/${order.id}`, payload: { key } })).json()
        .order;
    const moderatorSees = async () =>
      (await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${order.id}` })).json().order;
    /** This order, if the back office's list filtered by payment shows it. */
    const listed = async (payment: string) =>
      (
        await moderator.request({
          method: 'GET',
          url: `${ADMIN}/orders?payment=${payment}&q=${encodeURIComponent(email)}`,
        })
      ).json().orders;
    expect(await customerSees()).toMatchObject({ payment_state: 'paid', payment_state_name: 'Оплачен' });
    expect(await listed('paid')).toEqual([expect.objectContaining({ id: order.id, payment_state: 'paid' })]);

    expect((await refund(order.id, 300)).statusCode).toBe(200);
    const part = {
      payment_state: 'partially_refunded',
      payment_state_name: `Частично возвращён: ${formatRub(300)}`,
      refunded: 300,
    };
    expect(await customerSees()).toMatchObject(part);
    expect(await moderatorSees()).toMatchObject(part);
    expect(await listed('paid')).toEqual([]);
    expect(await listed('partially_refunded')).toEqual([expect.objectContaining({ id: order.id, ...part })]);

    expect((await refund(order.id, order.total - 300)).statusCode).toBe(200);
    const whole = { payment_state: 'refunded', payment_state_name: 'Возвращён', refunded: order.total };
    expect(await customerSees()).toMatchObject(whole);
    expect(await moderatorSees()).toMatchObject(whole);
    expect(await listed('partially_refunded')).toEqual([]);
    expect(await listed('refunded')).toEqual([expect.objectContaining({ id: order.id, ...whole })]);

    // Cancelled once the money is back, the order's letter does not promise to return it.
    const cancelled = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/orders/${order.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [letter] = await shop.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '%отменён')));
    expect(letter?.text).toContain('Деньги за него мы вам уже вернули.');
    expect(letter?.text).not.toContain('свяжемся');
  });

  it('refuses more than is left, in Russian, then returns the rest in full and nothing more', async () => {
    const { order, email } = await paidOrder(2);
    expect((await refund(order.id, 100)).statusCode).toBe(200);

    const tooMuch = await refund(order.id, order.total - 99);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { amount: [`Вернуть можно не больше ${formatRub(order.total - 100)}`] },
    });

    const rest = await refund(order.id, order.total - 100);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order.refunds).toMatchObject({ refunded: order.total, left: 0 });
    const full = await lettersTo(email);
    expect(full.map((letter) => letter.text)).toContainEqual(
      expect.stringContaining('оплата возвращена полностью'),
    );

    const more = await refund(order.id, 1);
    expect(more.statusCode).toBe(422);
    expect(more.json().errors.amount).toEqual(['Оплата по заказу уже возвращена полностью']);
    const refunds = fake.requests.filter(
      (request) =>
        request.path === '/v3/refunds' &&
        (request.body as SentBody).payment_id === (rest.json().order.payment.payment_id as string),
    );
    expect(refunds).toHaveLength(2);
  });

  it('validates the amount and refuses an unpaid order', async () => {
    const { order } = await placeOrder();
    const unpaid = await refund(order.id, 100);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.amount).toEqual([
      'Заказ не оплачен онлайн — возвращать через платёжную систему нечего',
    ]);
    const zero = await refund(order.id, 0);
    expect(zero.json().errors.amount).toEqual(['Сумма возврата — не меньше 1 ₽']);
    const fraction = await refund(order.id, 10.5);
    expect(fraction.json().errors.amount).toEqual(['Сумма возврата — целое число рублей']);
    const missing = await moderator.request({
      method: 'POST',
      url: `${ADMIN}/orders/999999/refunds`,
      payload: { amount: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is for moderators only', async () => {
    const { order, paymentId } = await paidOrder();
    const customer = await signInAs(shop.app, shop.database.db, 910_777);
    const response = await customer.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/refunds`,
      payload: { amount: 100 },
    });
    expect(response.statusCode).toBe(403);
    const guest = createTestAgent(shop.app);
    const anonymous = await guest.request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/refunds`,
      payload: { amount: 100 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      fake.requests.filter(
        (request) => request.path === '/v3/refunds' && (request.body as SentBody).payment_id === paymentId,
      ),
    ).toHaveLength(0);
  });

  it('two refunds at once never return more than was paid', async () => {
    const { order, paymentId } = await paidOrder(4);
    const sentBefore = fake.requests.length;
    const answers = await Promise.all([
      refund(order.id, Math.ceil(order.total * 0.6)),
      refund(order.id, Math.ceil(order.total * 0.5)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    // A double click (one confirmation's key twice) is one refund, shown to both — at once or after the first
    // has finished (a slow click on a fast payment system).
    const part = Math.floor(order.total * 0.2);
    const key = randomUUID();
    const twice = await Promise.all([
      refund(order.id, part, undefined, key),
      refund(order.id, part, undefined, key),
    ]);
    expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(twice[0]!.json().refund).toEqual(twice[1]!.json().refund);
    expect(twice[1]!.json().refund.status).toBe('succeeded');
    const late = await refund(order.id, part, undefined, key);
    expect(late.statusCode).toBe(200);
    expect(late.json().refund).toEqual(twice[0]!.json().refund);
    const first = answers.find((answer) => answer.statusCode === 200)!.json().refund.amount;
    expect(late.json().order.refunds.refunded).toBe(first + part);

    const rows = await shop.database.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.orderId, String(order.id)), eq(paymentRefunds.status, 'succeeded')));
    expect(rows).toHaveLength(2);
    const made = new Set(
      fake.requests
        .slice(sentBefore)
        .filter((request) => request.path === '/v3/refunds')
        .map((request) => request.headers['idempotence-key']),
    );
    expect(made.size).toBe(2);
    const atProvider = [...fake.refunds.values()].filter((item) => item.payment_id === paymentId);
    expect(atProvider).toHaveLength(2);
  });

  it('a refund the bank finishes later is applied by the refund.succeeded notification, with its letter then', async () => {
    const { order, email } = await paidOrder();
    fake.refundStatus = 'pending';
    const response = await refund(order.id, 300);
    expect(response.json()).toMatchObject({ refund: { status: 'pending' }, order: { refunded: 0 } });
    expect(response.json().order.refunds.left).toBe(order.total - 300);
    expect(await lettersTo(email)).toHaveLength(0);

    const [stored] = await shop.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, String(order.id)));
    // A forged early notification changes nothing: the refund is asked for at YooKassa.
    expect((await notify('refund.succeeded', stored!.providerRefundId!)).statusCode).toBe(200);
    expect(await lettersTo(email)).toHaveLength(0);

    fake.setRefundStatus(stored!.providerRefundId!, 'succeeded');
    expect((await notify('refund.succeeded', stored!.providerRefundId!)).statusCode).toBe(200);
    expect((await notify('refund.succeeded', stored!.providerRefundId!)).statusCode).toBe(200);
    expect(await lettersTo(email)).toHaveLength(1);
    const page = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${order.id}` });
    expect(page.json().order.refunds).toMatchObject({ refunded: 300 });
  });

  it('when YooKassa does not answer, the same refund is repeated with the same key and made once', async () => {
    const { order } = await paidOrder();
    fake.processingFor(1, 60_000);
    const first = await refund(order.id, 200);
    expect(first.statusCode).toBe(503);
    expect(first.json().message).toBe('Платёжный сервис не ответил — повторите возврат с той же суммой');

    const other = await refund(order.id, 150);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.amount[0]).toBe(
      `Предыдущий возврат на ${formatRub(200)} ещё не завершён — повторите его с той же суммой`,
    );

    const again = await refund(order.id, 200);
    expect(again.statusCode, again.body).toBe(200);
    const keys = fake.requests
      .filter((request) => request.path === '/v3/refunds')
      .slice(-2)
      .map((request) => request.headers['idempotence-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(again.json().order.refunds).toMatchObject({ refunded: 200 });
  });
});
