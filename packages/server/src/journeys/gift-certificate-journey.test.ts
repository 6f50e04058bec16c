// Gift certificate journey over HTTP (issue 42, decision 045), on PGlite and on PostgreSQL (TEST_DATABASE_URL): a
// 3 000 ₽ certificate bought for a recipient with a send date → paid by card → issued once, its letter queued for
// that date with the code and a PDF → the recipient pays 1 800 ₽ of an order with it and the rest by card → the order
// is cancelled and the 3 000 ₽ are back → spent in full over two orders. Prices are pinned, so figures are literals.
import { randomUUID } from 'node:crypto';
import { formatDateTimeLong } from '@efir/domain/dates';
import { parseCertificateCode } from '@efir/domain/gift-certificate-code';
import { formatRub } from '@efir/domain/money';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { exportOrders } from '../features/exchange/exchange-sale.ts';
import { createOrderCertificates } from '../features/gift-certificates/certificate-orders.ts';
import { sendDueCertificateReceipts } from '../features/gift-certificates/certificate-receipts.ts';
import {
  giftCertificateReceipts,
  giftCertificates,
} from '../features/gift-certificates/gift-certificates.table.ts';
import type { MailService } from '../features/mail/mail.service.ts';
import { outbox } from '../features/mail/mail.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_SHOP_ID,
  type FakeYooKassa,
  startFakeYooKassa,
} from '../features/payments/fake-yookassa.ts';
import { payments } from '../features/payments/payments.table.ts';
import { createYooKassaClient } from '../features/payments/yookassa.client.ts';
import { payOnTestGateway } from '../test/checkout.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const ADMIN = '/api/v1/admin';
const LAVENDER = { url: '/lavanda-uzkolistnaya-10-ml.html', cena: 1290 };
let shop: TestApp;
let moderator: TestAgent;
let lavenderId = 0;
let certificate3000Id = 0;
/** YooKassa's receipts API (a local fake speaking it): where the kept 54-FZ receipts are sent. */
let yookassa: FakeYooKassa;

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  shop = await createTestApp({ env: MODERATOR_ENV });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const db = shop.database.db;
  const [lavender] = await db
    .update(products)
    .set({ cena: LAVENDER.cena, cenaSt: 0, stock: 500 })
    .where(eq(products.url, LAVENDER.url))
    .returning({ id: products.id });
  lavenderId = lavender!.id;
  const [certificate] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.familyKey, 'sertifikat'), eq(products.cena, 3000)));
  certificate3000Id = certificate!.id;
});

afterAll(async () => {
  await shop.close();
  await yookassa.close();
});

/** One pass of the receipts job of the outbox loop, with the real client against the fake YooKassa. */
function sendReceipts() {
  return sendDueCertificateReceipts({
    db: shop.database.db,
    client: createYooKassaClient({ apiUrl: yookassa.url, shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY }),
    log: shop.app.log,
    maxAttempts: 8,
    retryBaseS: 60,
  });
}

async function receiptsOf(orderId: number) {
  return shop.database.db
    .select()
    .from(giftCertificateReceipts)
    .where(eq(giftCertificateReceipts.orderId, orderId))
    .orderBy(asc(giftCertificateReceipts.id));
}

/** Pickup at the shop's office: free, so every total is the goods. */
const pickup = (payment: number) => ({ type: 1, sposob_dost: 3, sposob_oplat: payment, addressNew: null });

function newContact(name: string) {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { name, fam: 'Смирнова', email: `${randomUUID().slice(0, 8)}@example.ru`, tel: `+7 916 ${digits}` };
}

async function call(agent: TestAgent, method: string, url: string, payload?: unknown) {
  return agent.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function add(agent: TestAgent, productId: number, quantity: number) {
  const response = await call(agent, 'POST', `/v1/cart/${productId}`, { quantity });
  expect(response.statusCode, response.body).toBe(200);
}

async function enterCode(agent: TestAgent, code: string) {
  const response = await call(agent, 'PUT', '/v1/cart/promo/code', { code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { error: boolean; text: string; code: string | null };
}

async function place(
  agent: TestAgent,
  contact: ReturnType<typeof newContact>,
  extra: Record<string, unknown>,
) {
  const response = await call(agent, 'POST', '/v1/order', {
    idempotency_key: randomUUID(),
    contact,
    delivery: pickup((extra.payment as number | undefined) ?? 5),
    ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'payment')),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    pay: boolean;
    order: { id: number; total: number; certificate_amount: number; to_pay: number; payment_state: string };
  };
}

async function payByCard(agent: TestAgent, orderId: number, amount: number) {
  const page = await payOnTestGateway(shop.app, agent, orderId);
  // The card is charged only what the certificates left.
  expect(page).toContain(new Intl.NumberFormat('ru-RU').format(amount));
}

async function balanceOf(code: string) {
  const [row] = await shop.database.db.select().from(giftCertificates).where(eq(giftCertificates.code, code));
  return row!.balance;
}

describe('gift certificate journey', () => {
  const n = (id: number) => `ЭФ-${String(id).padStart(6, '0')}`;

  it('buy for a recipient → pay → letter at the send date → spend 1 800 → cancel → 3 000 again → spent over two orders', async () => {
    const db = shop.database.db;
    // ── The buyer: a 3 000 ₽ certificate for Анна, to arrive in three days.
    const buyer = createTestAgent(shop.app);
    const buyerContact = newContact('Ольга');
    await buyer.register({ name: buyerContact.name, fam: buyerContact.fam, email: buyerContact.email });
    await add(buyer, certificate3000Id, 1);
    const sendAt = new Date(Date.now() + 3 * 86_400_000);
    const recipientEmail = `anna.${randomUUID().slice(0, 8)}@example.ru`;
    const bought = await place(buyer, buyerContact, {
      gift_certificates: [
        { name: 'Анна', email: recipientEmail, message: 'С днём рождения!', send_at: sendAt.toISOString() },
      ],
    });
    expect(bought.order).toMatchObject({ total: 3000, certificate_amount: 0, to_pay: 3000 });
    expect(
      await db.select().from(giftCertificates).where(eq(giftCertificates.orderId, bought.order.id)),
    ).toEqual([]);
    await payByCard(buyer, bought.order.id, 3000);

    const [issued] = await db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.orderId, bought.order.id));
    expect(issued).toMatchObject({
      value: 3000,
      balance: 3000,
      state: 'active',
      recipientName: 'Анна',
      recipientEmail,
      message: 'С днём рождения!',
    });
    const code = issued!.code;
    expect(parseCertificateCode(code)).toEqual({ code, checkOk: true });
    // 12 months from issue.
    const months = (issued!.expiresAt.getTime() - issued!.createdAt.getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(365);
    expect(months).toBeLessThanOrEqual(366);

    // 54-FZ: the certificate sold is an advance — payment_mode «advance», payment_subject «payment».
    const [purchase] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, String(bought.order.id)));
    expect(purchase!.receipt).toMatchObject({
      items: [
        {
          description: expect.stringMatching(/^Подарочный сертификат, 3\s000\s₽$/),
          quantity: '1.00',
          amount: { value: '3000.00', currency: 'RUB' },
          payment_mode: 'advance',
          payment_subject: 'payment',
        },
      ],
    });

    // A second «paid» (a repeated notification, the moderator's mark) issues nothing more and sends nothing more.
    const [paidOrder] = await db.select().from(orders).where(eq(orders.id, bought.order.id));
    const hooks = createOrderCertificates({
      mail: { send: async () => {} } as unknown as MailService,
      origin: '',
    });
    await db.transaction(async (tx) => hooks.paid(tx as never, paidOrder!));
    expect(
      await db.select().from(giftCertificates).where(eq(giftCertificates.orderId, bought.order.id)),
    ).toHaveLength(1);

    // The letter: to Анна, not before the send date, with the code in the card and a PDF attached.
    const letters = await db.select().from(outbox).where(eq(outbox.to, recipientEmail));
    expect(letters).toHaveLength(1);
    const letter = letters[0]!;
    expect(letter.status).toBe('pending');
    expect(Math.abs(letter.nextAttemptAt.getTime() - sendAt.getTime())).toBeLessThan(1000);
    expect(letter.subject).toBe(`Подарочный сертификат «Эфира» на ${formatRub(3000)}`);
    expect(letter.text).toContain(`Код: ${code}`);
    expect(letter.html).toContain(code);
    expect(letter.attachments).toHaveLength(1);
    expect(letter.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.from(letter.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The buyer sees it in the account, with its balance.
    const mine = await call(buyer, 'GET', '/v1/my-certificates');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().certificates).toEqual([
      expect.objectContaining({ code, value: 3000, balance: 3000, state: 'active', mine: true }),
    ]);

    // ── The recipient: typos are caught by the check character; the real code is accepted.
    const anna = createTestAgent(shop.app);
    const annaContact = { ...newContact('Анна'), email: recipientEmail };
    await anna.register({ name: annaContact.name, fam: annaContact.fam, email: annaContact.email });
    await add(anna, lavenderId, 2);
    const typo = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect(await enterCode(anna, typo)).toMatchObject({ error: true });
    const accepted = await enterCode(anna, code.toLowerCase().replace(/-/g, ' '));
    expect(accepted).toMatchObject({ error: false, code: null });
    expect(accepted.text).toContain(`на нём ${formatRub(3000)}`);

    // Order 1: 2 × 1 290 = 2 580 ₽; 1 800 ₽ by the certificate, 780 ₽ by card.
    const first = await place(anna, annaContact, { certificate_limit: 1800 });
    expect(first).toMatchObject({
      pay: true,
      order: { total: 2580, certificate_amount: 1800, to_pay: 780, payment_state: 'awaiting' },
    });
    expect(await balanceOf(code)).toBe(1200);
    await payByCard(anna, first.order.id, 780);
    // Two receipts: the card's 780 ₽ (goods paid ahead), and the certificate's 1 800 ₽ offsetting the advance.
    const [cardPayment] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, String(first.order.id)));
    expect(cardPayment!.receipt!.items).toEqual([
      expect.objectContaining({
        quantity: '2.00',
        amount: { value: '390.00', currency: 'RUB' },
        payment_mode: 'full_prepayment',
        payment_subject: 'commodity',
      }),
    ]);
    const [offset] = await db
      .select()
      .from(giftCertificateReceipts)
      .where(eq(giftCertificateReceipts.orderId, first.order.id));
    expect(offset!.receipt).toMatchObject({
      type: 'payment',
      items: [
        {
          quantity: '2.00',
          amount: { value: '900.00', currency: 'RUB' },
          payment_mode: 'full_payment',
          payment_subject: 'commodity',
        },
      ],
      settlements: [{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }],
    });
    const [firstPaid] = await db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(firstPaid).toMatchObject({ paymentState: 'paid', certificateAmount: 1800 });
    expect(await balanceOf(code)).toBe(1200);

    // The offset receipt is not sent in the payment's transaction: it waits for the receipts job, which sends it
    // to YooKassa (POST /v3/receipts) and keeps the provider's id.
    expect(offset!.state).toBe('pending');
    expect(await sendReceipts()).toEqual({ sent: 1, failed: 0, retry: 0 });
    const [offsetSent] = await receiptsOf(first.order.id);
    expect(offsetSent).toMatchObject({ type: 'payment', amount: 1800, state: 'sent', attempts: 1 });
    expect(yookassa.receipts.get(offsetSent!.providerReceiptId!)).toMatchObject({
      type: 'payment',
      settlements: [{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }],
    });
    const sentBody = yookassa.requests.find((request) => request.path === '/v3/receipts')!;
    expect(sentBody.headers['idempotence-key']).toBe(`efir-certificate-receipt-${offsetSent!.id}`);
    expect(await sendReceipts()).toEqual({ sent: 0, failed: 0, retry: 0 });

    // Cancelled: the certificate's 1 800 ₽ go back to it.
    const cancelled = await call(moderator, 'PUT', `${ADMIN}/orders/${first.order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(code)).toBe(3000);
    const [cancelLetter] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, recipientEmail), eq(outbox.subject, `Заказ ${n(first.order.id)}: отменён`)));
    expect(cancelLetter!.text).toContain(
      `Заказ ${n(first.order.id)} на сумму ${formatRub(2580)} отменён. ${formatRub(1800)} вернулись на подарочный сертификат — им можно оплатить другой заказ. Оплату ${formatRub(780)} мы вернём — свяжемся с вами.`,
    );

    // The certificate's part came back after its offset receipt went out: a receipt of return for it, sent too.
    expect(await sendReceipts()).toEqual({ sent: 1, failed: 0, retry: 0 });
    const [, returnReceipt] = await receiptsOf(first.order.id);
    expect(returnReceipt).toMatchObject({ type: 'refund', amount: 1800, state: 'sent' });
    expect(yookassa.receipts.get(returnReceipt!.providerReceiptId!)).toMatchObject({
      type: 'refund',
      items: [expect.objectContaining({ quantity: '2.00', amount: { value: '900.00', currency: 'RUB' } })],
      settlements: [{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }],
    });
    // The card's 780 ₽ follow the refunds path; then the order reads «Возвращён» — both parts are back.
    const cardBack = await call(moderator, 'POST', `${ADMIN}/orders/${first.order.id}/refunds`, {
      amount: 780,
    });
    expect(cardBack.statusCode, cardBack.body).toBe(200);
    expect(cardBack.json().order).toMatchObject({
      payment_state: 'refunded',
      payment_state_name: 'Возвращён',
    });

    // Order 2: 1 × 1 290 ₽, paid by the certificate in full: no online payment.
    await add(anna, lavenderId, 1);
    expect(await enterCode(anna, code)).toMatchObject({ error: false });
    const second = await place(anna, annaContact, {});
    expect(second).toMatchObject({
      pay: false,
      order: { total: 1290, certificate_amount: 1290, to_pay: 0, payment_state: 'paid' },
    });
    expect(await balanceOf(code)).toBe(1710);

    // Order 3: 2 × 1 290 = 2 580 ₽: the last 1 710 ₽ of the certificate and 870 ₽ by card.
    await add(anna, lavenderId, 2);
    expect(await enterCode(anna, code)).toMatchObject({ error: false });
    const third = await place(anna, annaContact, {});
    expect(third.order).toMatchObject({ total: 2580, certificate_amount: 1710, to_pay: 870 });
    await payByCard(anna, third.order.id, 870);
    expect(await balanceOf(code)).toBe(0);

    // Spent: the code now says so.
    await add(anna, lavenderId, 1);
    expect(await enterCode(anna, code)).toEqual(
      expect.objectContaining({
        error: true,
        text: 'На сертификате не осталось денег: он потрачен полностью',
      }),
    );

    // ── The back office: the list masks the code; the history tells the whole story.
    const list = await call(moderator, 'GET', `${ADMIN}/gift-certificates`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().certificates.find((row: { id: number }) => row.id === issued!.id);
    expect(listed).toMatchObject({ code: `••••-••••-••••-••••-${code.slice(-4)}`, value: 3000, balance: 0 });
    expect(list.body).not.toContain(code);
    const detail = await call(moderator, 'GET', `${ADMIN}/gift-certificates/${issued!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().history.map((entry: { text: string }) => entry.text)).toEqual([
      `Выпущен на ${formatRub(3000)}, оплачен в заказ ${n(bought.order.id)}`,
      `Письмо поставлено в очередь (письмо уйдёт ${formatDateTimeLong(sendAt)} мск)`,
      `Зарезервировано ${formatRub(1800)} на заказ ${n(first.order.id)}`,
      `Потрачено на заказ ${n(first.order.id)}`,
      `Возвращено ${formatRub(1800)} с заказ ${n(first.order.id)}`,
      `Зарезервировано ${formatRub(1290)} на заказ ${n(second.order.id)}`,
      `Потрачено на заказ ${n(second.order.id)}`,
      `Зарезервировано ${formatRub(1710)} на заказ ${n(third.order.id)}`,
      `Потрачено на заказ ${n(third.order.id)}`,
    ]);
    const ordered = await db
      .select({ id: orders.id, certificateAmount: orders.certificateAmount })
      .from(orders)
      .where(eq(orders.email, recipientEmail))
      .orderBy(asc(orders.id));
    expect(ordered.map((row) => row.certificateAmount)).toEqual([1800, 1290, 1710]);

    // «Сводка»: the certificate sold is a liability, not an order's value; orders 2 and 3 were ordered in full
    // (decision 057: «Заказано на сумму»), the cancelled first one not.
    const dashboard = await call(moderator, 'GET', `${ADMIN}/dashboard?days=1`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({
      totals: { orders: 3, ordered: 1290 + 2580 },
      certificates: { sold: 3000, outstanding: 0 },
    });

    // ── 1C: the certificate sold is a service; what certificates paid is a payment type of its own.
    const { xml } = await exportOrders(db, new Date(0));
    const documentOf = (id: number) => xml.match(new RegExp(`<Документ><Ид>${id}</Ид>.*?</Документ>`))![0];
    expect(documentOf(bought.order.id)).toContain(
      '<Наименование>ВидНоменклатуры</Наименование><Значение>Услуга</Значение>',
    );
    expect(documentOf(second.order.id)).toContain(
      '<Наименование>Метод оплаты</Наименование><Значение>Подарочный сертификат</Значение>',
    );
    expect(documentOf(third.order.id)).toContain(
      '<Наименование>Оплачено сертификатом</Наименование><Значение>1710</Значение>',
    );
    expect(documentOf(third.order.id)).toContain(
      '<Наименование>К оплате способом заказа</Наименование><Значение>870</Значение>',
    );

    // ── Receipts: the offsets of orders 2 and 3 are sent; the back office sees every receipt the code paid for.
    expect(await sendReceipts()).toEqual({ sent: 2, failed: 0, retry: 0 });
    const withReceipts = await call(moderator, 'GET', `${ADMIN}/gift-certificates/${issued!.id}`);
    expect(
      withReceipts
        .json()
        .receipts.map((row: { order_id: number; type: string; amount: number; state: string }) => [
          row.order_id,
          row.type,
          row.amount,
          row.state,
        ]),
    ).toEqual([
      [first.order.id, 'payment', 1800, 'sent'],
      [first.order.id, 'refund', 1800, 'sent'],
      [second.order.id, 'payment', 1290, 'sent'],
      [third.order.id, 'payment', 1710, 'sent'],
    ]);
    expect(withReceipts.json().receipts[0].provider_receipt_id).toBe(offsetSent!.providerReceiptId);

    // ── A partial refund of order 3: 300 ₽ of the certificate's part go back to the certificate (the card's
    // 870 ₽ stay), said in the order's history, with a receipt of return; no more than the part may go back.
    const tooMuch = await call(moderator, 'POST', `${ADMIN}/orders/${third.order.id}/certificate-refunds`, {
      amount: 1711,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([
      `Вернуть на сертификат можно не больше ${formatRub(1710)}`,
    ]);
    const part = await call(moderator, 'POST', `${ADMIN}/orders/${third.order.id}/certificate-refunds`, {
      amount: 300,
      comment: 'Разбился флакон',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ returned: 300, certificate_amount: 1710, certificate_refunded: 300 });
    expect(await balanceOf(code)).toBe(300);
    const thirdPage = await call(moderator, 'GET', `${ADMIN}/orders/${third.order.id}`);
    expect(thirdPage.json().order).toMatchObject({
      payment_state: 'partially_refunded',
      payment_state_name: `Частично возвращён: ${formatRub(300)}`,
    });
    expect(thirdPage.json().order.history.map((entry: { text: string }) => entry.text)).toContain(
      `Возврат ${formatRub(300)} на подарочный сертификат; всего на сертификаты возвращено ${formatRub(300)}`,
    );
    expect(await sendReceipts()).toEqual({ sent: 1, failed: 0, retry: 0 });
    const [, thirdReturn] = await receiptsOf(third.order.id);
    expect(thirdReturn).toMatchObject({ type: 'refund', amount: 300, state: 'sent' });
    const failedList = await call(moderator, 'GET', `${ADMIN}/gift-certificates/receipts?state=failed`);
    expect(failedList.statusCode, failedList.body).toBe(200);
    expect(failedList.json().receipts).toEqual([]);
    // The whole story in one test: on two shared cores it may take longer than the default 30 s.
  }, 180_000);
});
