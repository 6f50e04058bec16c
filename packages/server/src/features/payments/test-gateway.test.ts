// The offline test gateway end to end through HTTP: payment → confirmation page → «Оплатить» / «Отказаться» →
// notification to our webhook → onStatusChange → back to the shop. Also the webhook's answers. (The whole
// checkout with orders runs in orders.test.ts.)
import { formatRub } from '@efir/domain/money';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestConfig } from '../../config.ts';
import { registerCsrf } from '../../plugins/csrf.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { registerSecurity } from '../../plugins/security.ts';
import { zodResponseSerializer } from '../../plugins/wire-contract.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createPaymentClient } from './payment-client.ts';
import type { PaymentStatus } from './payment-status.ts';
import { registerPaymentRoutes, YOOKASSA_WEBHOOK_PATH } from './payments.routes.ts';
import {
  createPaymentsService,
  type PaymentsService,
  type StartedPayment,
  type StartPaymentInput,
} from './payments.service.ts';
import { payments as paymentsTable } from './payments.table.ts';
import { createRefundsService, type RefundsService } from './refunds.service.ts';
import { isTestGateway, type TestGateway } from './test-gateway.ts';

let database: TestDatabase;
let app: FastifyInstance;
let gateway: TestGateway;
let payments: PaymentsService;
let refunds: RefundsService;
const refunded: Array<{ orderId: string; amount: number; refunded: number }> = [];
const changes: Array<{ orderId: string; status: PaymentStatus }> = [];
let nextOrder = 500;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = createTestConfig();
  // The shop's own error handler, security headers and CSRF check, without the other features: buildApp wires
  // payments to the orders feature, and here the status changes are observed directly.
  app = Fastify({ logger: { level: 'silent' } });
  // Answers are written from their zod response schemas, as registerWireContract sets it up in buildApp.
  app.setSerializerCompiler(zodResponseSerializer);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  registerCsrf(app, { secure: false, publicUrl: 'http://localhost' });
  const client = createPaymentClient(config, database.db);
  if (!isTestGateway(client)) throw new Error('without YooKassa credentials the test gateway must answer');
  gateway = client;
  payments = createPaymentsService({
    db: database.db,
    config,
    client,
    log: app.log,
    onStatusChange: (orderId, status) => {
      changes.push({ orderId, status });
    },
  });
  refunds = createRefundsService({
    db: database.db,
    client,
    log: app.log,
    onRefunded: async (_tx, refund, summary) => {
      refunded.push({ orderId: refund.orderId, amount: refund.amount, refunded: summary.refunded });
    },
  });
  registerPaymentRoutes(app, { payments, refunds, client });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

beforeEach(() => {
  changes.length = 0;
});

async function startOrderPayment(
  amount = 1490,
  extra: Pick<StartPaymentInput, 'method' | 'confirmation'> = {},
): Promise<StartedPayment> {
  nextOrder += 1;
  return payments.startPayment({
    ...extra,
    orderId: nextOrder,
    amount,
    description: `Заказ № ${nextOrder} <Эфир>`,
    returnUrl: `http://localhost:3000/yookassa?order=${nextOrder}`,
    receipt: {
      email: 'buyer@example.ru',
      lines: [{ name: 'Масло лаванды', quantity: 1, price: amount }],
    },
  });
}

function pagePath(started: StartedPayment): string {
  return new URL(started.confirmationUrl!).pathname;
}

/** The confirmation's form token (for СБП on a phone, on the page of a bank chosen from the list). */
async function formToken(started: StartedPayment): Promise<string> {
  const page = await app.inject({ method: 'GET', url: `${pagePath(started)}?bank=sber` });
  const match = /name="token" value="([^"]+)"/.exec(page.body);
  if (!match) throw new Error('no form token on the page');
  return match[1]!;
}

function postForm(started: StartedPayment, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: pagePath(started),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function storedStatus(started: StartedPayment) {
  const [row] = await database.db.select().from(paymentsTable).where(eq(paymentsTable.id, started.id));
  return row?.status;
}

describe('the confirmation page', () => {
  it('shows the amount, the description, the test banner and both buttons, under a strict CSP', async () => {
    const started = await startOrderPayment();
    expect(started).toMatchObject({ provider: 'test', status: 'pending' });
    expect(started.confirmationUrl).toMatch(/^http:\/\/localhost:3000\/test-gateway\/pay\/[0-9a-f-]{36}$/);

    const page = await app.inject({ method: 'GET', url: pagePath(started) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Тестовый платёж — деньги не списываются');
    expect(page.body).toContain(formatRub(1490));
    expect(page.body).toContain('&lt;Эфир&gt;');
    expect(page.body).toContain('>Оплатить</button>');
    expect(page.body).toContain('>Отказаться</button>');
    expect(page.body).not.toContain('<script');

    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost:3000/);
  });

  it('answers 404 for an unknown payment', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/test-gateway/pay/00000000-0000-4000-8000-000000000000',
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Платёж не найден');
  });
});

describe('paying', () => {
  it('«Оплатить» marks the payment succeeded, notifies the webhook and goes back to the shop', async () => {
    const started = await startOrderPayment();
    const token = await formToken(started);
    const response = await postForm(started, { token, decision: 'pay' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`http://localhost:3000/yookassa?order=${started.orderId}`);
    expect(changes).toEqual([{ orderId: started.orderId, status: 'succeeded' }]);
    expect(await storedStatus(started)).toBe('succeeded');
    expect((await gateway.getPayment(started.providerPaymentId)).status).toBe('succeeded');

    // A double click: nothing changes twice, the buyer still lands in the shop.
    const again = await postForm(started, { token, decision: 'pay' });
    expect(again.statusCode).toBe(302);
    expect(changes).toHaveLength(1);
    const page = await app.inject({ method: 'GET', url: pagePath(started) });
    expect(page.body).toContain('Платёж уже оплачен');
    expect(page.body).not.toContain('>Оплатить</button>');
  });

  it('«Отказаться» cancels the payment and reports it', async () => {
    const started = await startOrderPayment(990);
    const response = await postForm(started, { token: await formToken(started), decision: 'cancel' });
    expect(response.statusCode).toBe(302);
    expect(changes).toEqual([{ orderId: started.orderId, status: 'canceled' }]);
    expect(await storedStatus(started)).toBe('canceled');

    // Trying again makes a fresh payment rather than reviving the refused one.
    const retry = await payments.startPayment({
      orderId: started.orderId,
      amount: 990,
      description: 'Заказ',
      returnUrl: 'http://localhost:3000/yookassa',
      receipt: { email: 'buyer@example.ru', lines: [{ name: 'Масло', quantity: 1, price: 990 }] },
    });
    expect(retry.providerPaymentId).not.toBe(started.providerPaymentId);
    expect(retry.status).toBe('pending');
  });

  it('refuses a post without the page’s form token', async () => {
    const started = await startOrderPayment();
    const forged = await postForm(started, { token: 'guessed', decision: 'pay' });
    expect(forged.statusCode).toBe(403);
    expect((await postForm(started, { decision: 'pay' })).statusCode).toBe(403);
    expect((await postForm(started, { token: 'x', decision: 'steal' })).statusCode).toBe(400);
    expect(changes).toEqual([]);
    expect(await storedStatus(started)).toBe('pending');
  });
});

describe('the webhook', () => {
  it('answers 400 to what is not a notification', async () => {
    for (const payload of [{}, { type: 'notification' }, { event: 'payment.succeeded', object: {} }]) {
      const response = await app.inject({ method: 'POST', url: YOOKASSA_WEBHOOK_PATH, payload });
      expect(response.statusCode).toBe(400);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: YOOKASSA_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 200 without a CSRF token, and a forged «succeeded» changes nothing', async () => {
    const started = await startOrderPayment();
    const response = await app.inject({
      method: 'POST',
      url: YOOKASSA_WEBHOOK_PATH,
      payload: {
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: started.providerPaymentId, status: 'succeeded', paid: true },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(changes).toEqual([]);
    expect(await storedStatus(started)).toBe('pending');
  });

  it('answers 200 to notifications about payments that are not ours', async () => {
    const response = await app.inject({
      method: 'POST',
      url: YOOKASSA_WEBHOOK_PATH,
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: 'someone-elses' } },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the gateway as a YooKassa stand-in', () => {
  it('honours the idempotence key like YooKassa: same body → same payment, other body → 400', async () => {
    const input = {
      amount: 300,
      description: 'Заказ',
      returnUrl: 'http://localhost:3000/yookassa',
      metadata: { order_id: 'k1' },
    };
    const first = await gateway.createPayment(input, 'efir-k1-1-300');
    expect((await gateway.createPayment(input, 'efir-k1-1-300')).id).toBe(first.id);
    await expect(gateway.createPayment({ ...input, amount: 301 }, 'efir-k1-1-300')).rejects.toMatchObject({
      status: 400,
      parameter: 'Idempotence-Key',
    });
  });

  it('starts only with both YooKassa credentials or neither', () => {
    const half = createTestConfig({ YOOKASSA_SHOP_ID: '506751' });
    expect(() => createPaymentClient(half, database.db)).toThrow(/together/);
    const full = createTestConfig({
      YOOKASSA_SHOP_ID: '506751',
      YOOKASSA_SECRET_KEY: 'test_secret_key_value',
    });
    expect(createPaymentClient(full, database.db).provider).toBe('yookassa');
  });
});

describe('СБП offline', () => {
  it('a QR code leads to the gateway’s page, which plays the bank app: «Оплатить» pays like a card', async () => {
    const started = await startOrderPayment(990, { method: 'sbp', confirmation: 'qr' });
    expect(started).toMatchObject({ method: 'sbp', confirmationType: 'qr', status: 'pending' });
    const payment = await gateway.getPayment(started.providerPaymentId);
    expect(payment.confirmation).toEqual({
      type: 'qr',
      confirmation_data: `http://localhost:3000/test-gateway/pay/${started.providerPaymentId}`,
    });
    const page = await app.inject({ method: 'GET', url: pagePath(started) });
    expect(page.body).toContain('оплата через СБП');
    expect(page.body).toContain('Так выглядит подтверждение в приложении банка');

    const response = await postForm(started, { token: await formToken(started), decision: 'pay' });
    expect(response.statusCode).toBe(302);
    expect(changes).toEqual([{ orderId: started.orderId, status: 'succeeded' }]);
  });

  it('on a phone (redirect) shows the list of banks first, then the chosen bank’s confirmation', async () => {
    const started = await startOrderPayment(990, { method: 'sbp', confirmation: 'redirect' });
    const list = await app.inject({ method: 'GET', url: pagePath(started) });
    expect(list.body).toContain('<h1>Выберите банк</h1>');
    expect(list.body).toContain('aria-label="Банки СБП"');
    expect(list.body).toContain('>Сбербанк</button>');
    expect(list.body).not.toContain('name="decision"');
    const odd = await app.inject({ method: 'GET', url: `${pagePath(started)}?bank=%3Cscript%3E` });
    expect(odd.body).toContain('<h1>Выберите банк</h1>');

    const bank = await app.inject({ method: 'GET', url: `${pagePath(started)}?bank=tbank` });
    expect(bank.body).toContain('оплата через СБП в приложении банка «Т-Банк»');
    expect(bank.body).toContain('name="decision" value="pay"');
    const token = /name="token" value="([^"]+)"/.exec(bank.body)?.[1] ?? '';
    const response = await postForm(started, { token, decision: 'pay' });
    expect(response.statusCode).toBe(302);
    expect(changes).toEqual([{ orderId: started.orderId, status: 'succeeded' }]);
  });

  it('refuses a QR confirmation for anything but СБП, as YooKassa does', async () => {
    await expect(
      gateway.createPayment(
        {
          amount: 100,
          description: 'x',
          returnUrl: 'http://localhost:3000/yookassa?order=1',
          metadata: {},
          method: 'bank_card',
          confirmation: 'qr',
        },
        'efir-qr-card',
      ),
    ).rejects.toMatchObject({ status: 400, parameter: 'confirmation' });
  });
});

describe('refunds offline', () => {
  async function paid(amount: number) {
    const started = await startOrderPayment(amount, { method: 'sbp', confirmation: 'redirect' });
    await postForm(started, { token: await formToken(started), decision: 'pay' });
    return started;
  }

  it('returns part, then the rest, with a receipt of return; the gateway keeps the limit too', async () => {
    refunded.length = 0;
    const started = await paid(1000);
    const first = await refunds.refundOrder({
      orderId: Number(started.orderId),
      amount: 400,
      moderatorId: 1,
    });
    expect(first).toMatchObject({ status: 'succeeded', amount: 400 });
    expect(
      first.receipt?.items.reduce((sum, item) => sum + Number(item.amount.value) * Number(item.quantity), 0),
    ).toBe(400);
    expect(refunded).toEqual([{ orderId: started.orderId, amount: 400, refunded: 400 }]);

    await expect(
      refunds.refundOrder({ orderId: Number(started.orderId), amount: 601, moderatorId: 1 }),
    ).rejects.toMatchObject({ status: 422 });
    const rest = await refunds.refundOrder({ orderId: Number(started.orderId), amount: 600, moderatorId: 1 });
    expect(rest.status).toBe('succeeded');
    expect(await refunds.summarize(Number(started.orderId))).toMatchObject({
      paid: 1000,
      refunded: 1000,
      left: 0,
    });

    // The gateway itself, asked directly, refuses what the payment no longer holds; a repeated key is one refund.
    await expect(
      gateway.createRefund(
        { paymentId: started.providerPaymentId, amount: 1, description: 'x' },
        'efir-extra',
      ),
    ).rejects.toMatchObject({ status: 400, parameter: 'amount' });
    const again = await gateway.createRefund(
      {
        paymentId: started.providerPaymentId,
        amount: 400,
        description: `Возврат по заказу № ${started.orderId}`,
        receipt: first.receipt!,
      },
      first.idempotenceKey,
    );
    expect(again.id).toBe(first.providerRefundId);
  });

  it('refuses a refund of an unpaid payment', async () => {
    const started = await startOrderPayment(500);
    await expect(
      gateway.createRefund(
        { paymentId: started.providerPaymentId, amount: 100, description: 'x' },
        'efir-unpaid',
      ),
    ).rejects.toMatchObject({ status: 400, parameter: 'payment_id' });
    await expect(
      refunds.refundOrder({ orderId: Number(started.orderId), amount: 100, moderatorId: 1 }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
