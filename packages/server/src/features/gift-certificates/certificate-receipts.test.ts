// The 54-FZ receipts of certificate payments on their way to YooKassa (decision 045): an offset not sent yet is
// withdrawn when the whole part goes back; a refused receipt is failed with the reason, an unanswered one retried
// later; the certificates' part of a refund is refused beyond what they paid.
import { formatRub } from '@efir/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { addToCart, placeOrder } from '../../test/checkout.ts';
import { demoProducts, LAVENDER_URL } from '../../test/demo-products.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_SHOP_ID,
  type FakeYooKassa,
  startFakeYooKassa,
} from '../payments/fake-yookassa.ts';
import { createYooKassaClient } from '../payments/yookassa.client.ts';
import { sendDueCertificateReceipts } from './certificate-receipts.ts';
import { issueCertificate } from './gift-certificates.service.ts';
import { giftCertificateReceipts } from './gift-certificates.table.ts';

const ADMIN = '/api/v1/admin';
let shop: TestApp;
let moderator: TestAgent;
let yookassa: FakeYooKassa;
let lavender = { id: 0, cena: 0 };

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  lavender = (await demoProducts(shop.database.db, [LAVENDER_URL]))[LAVENDER_URL]!;
});

afterAll(async () => {
  await shop.close();
  await yookassa.close();
});

function sender(apiUrl = yookassa.url) {
  return {
    db: shop.database.db,
    client: createYooKassaClient({
      apiUrl,
      shopId: FAKE_SHOP_ID,
      secretKey: FAKE_SECRET_KEY,
      timeoutMs: 2000,
    }),
    log: shop.app.log,
    maxAttempts: 3,
    retryBaseS: 60,
  };
}

/** An order for pickup paid wholly by a fresh certificate: paid at once, its offset receipt kept. */
async function orderPaidByCertificate() {
  const certificate = (await shop.database.db.transaction((tx) =>
    issueCertificate(tx as unknown as Database, { value: 5000, buyerEmail: 'buyer@example.ru' }),
  ))!;
  const agent = createTestAgent(shop.app);
  await addToCart(agent, lavender.id, 1);
  const entered = await agent.request({
    method: 'PUT',
    url: '/v1/cart/promo/code',
    payload: { code: certificate.code },
  });
  expect(entered.json()).toMatchObject({ error: false });
  const placed = await placeOrder(agent, { type: 1, sposob_dost: 3, sposob_oplat: 5, addressNew: null });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json().order as { id: number; total: number; certificate_amount: number };
  expect(order.certificate_amount).toBe(order.total);
  return order;
}

async function receiptsOf(orderId: number) {
  return shop.database.db
    .select()
    .from(giftCertificateReceipts)
    .where(eq(giftCertificateReceipts.orderId, orderId));
}

describe('certificate receipts', () => {
  it('withdraws an offset not sent yet when the order is cancelled, and sends nothing for it', async () => {
    const order = await orderPaidByCertificate();
    expect(await receiptsOf(order.id)).toEqual([
      expect.objectContaining({ type: 'payment', state: 'pending' }),
    ]);
    const cancelled = await moderator.request({
      method: 'PUT',
      url: `${ADMIN}/orders/${order.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await receiptsOf(order.id)).toEqual([
      expect.objectContaining({ type: 'payment', state: 'withdrawn' }),
    ]);
    const page = await moderator.request({ method: 'GET', url: `${ADMIN}/orders/${order.id}` });
    // Paid wholly by the certificate and wholly back on it.
    expect(page.json().order).toMatchObject({ payment_state: 'refunded', payment_state_name: 'Возвращён' });
    const before = yookassa.requests.length;
    await sendDueCertificateReceipts(sender());
    expect(yookassa.requests.slice(before).filter((request) => request.path === '/v3/receipts')).toEqual([]);
  });

  it('retries an unanswered receipt later and fails a refused one with the reason, for the back office', async () => {
    const order = await orderPaidByCertificate();
    // YooKassa unreachable: the receipt waits, with the error, until its next attempt is due.
    const now = new Date();
    await sendDueCertificateReceipts(sender('http://127.0.0.1:9/v3'), now);
    const [waiting] = await receiptsOf(order.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting!.lastError).toContain('network_error');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await sendDueCertificateReceipts(sender(), now)).toMatchObject({ sent: 0 });
    // Refused for good (a body YooKassa does not take): failed, not retried, listed for a receipt by hand.
    await shop.database.db
      .update(giftCertificateReceipts)
      .set({
        receipt: { ...waiting!.receipt, settlements: [] },
        nextAttemptAt: now,
      })
      .where(eq(giftCertificateReceipts.id, waiting!.id));
    expect(await sendDueCertificateReceipts(sender(), now)).toMatchObject({ failed: 1 });
    const [failed] = await receiptsOf(order.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2 });
    expect(failed!.lastError).toContain('settlements');
    const list = await moderator.request({
      method: 'GET',
      url: `${ADMIN}/gift-certificates/receipts?state=failed`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().receipts).toEqual([
      expect.objectContaining({
        order_id: order.id,
        state: 'failed',
        state_name: 'не принят — нужен ручной чек',
      }),
    ]);
  });

  it('refuses a refund to certificates beyond their part, or of an order they did not pay', async () => {
    const order = await orderPaidByCertificate();
    const refund = (id: number, amount: number) =>
      moderator.request({
        method: 'POST',
        url: `${ADMIN}/orders/${id}/certificate-refunds`,
        payload: { amount },
      });
    const tooMuch = await refund(order.id, order.total + 1);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([
      `Вернуть на сертификат можно не больше ${formatRub(order.total)}`,
    ]);
    expect((await refund(order.id, order.total)).statusCode).toBe(200);
    expect((await refund(order.id, 1)).json().errors.amount).toEqual([
      'Оплата сертификатом уже возвращена полностью',
    ]);
    const plain = createTestAgent(shop.app);
    await addToCart(plain, lavender.id, 1);
    const placed = await placeOrder(plain);
    expect((await refund(placed.json().order.id, 100)).json().errors.amount).toEqual([
      'Этот заказ не оплачивали сертификатом',
    ]);
    expect((await refund(999_999, 100)).statusCode).toBe(404);
    const anonymous = await createTestAgent(shop.app).request({
      method: 'POST',
      url: `${ADMIN}/orders/${order.id}/certificate-refunds`,
      payload: { amount: 1 },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});
