// The payments service on a real database with the real client against the fake YooKassa: live payments are
// reused, notifications are verified at the API and change a status once.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, type FakeYooKassa, startFakeYooKassa } from './fake-yookassa.ts';
import type { PaymentStatus } from './payment-status.ts';
import { createPaymentsService, type PaymentsService, type StartPaymentInput } from './payments.service.ts';
import { paymentEvents, payments } from './payments.table.ts';
import { createYooKassaClient } from './yookassa.client.ts';

let fake: FakeYooKassa;
let database: TestDatabase;
let service: PaymentsService;
const changes: Array<{ orderId: string; status: PaymentStatus }> = [];
let failNextChange = false;
let nextOrder = 1000;

beforeAll(async () => {
  fake = await startFakeYooKassa();
  database = await createTestDatabase();
  service = createPaymentsService({
    db: database.db,
    config: { YOOKASSA_VAT_CODE: 1 },
    client: createYooKassaClient({ apiUrl: fake.url, shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY }),
    log: pino({ level: 'silent' }),
    onStatusChange(orderId, status) {
      if (failNextChange) {
        failNextChange = false;
        throw new Error('orders database unavailable');
      }
      changes.push({ orderId, status });
    },
  });
});

afterAll(async () => {
  await fake.close();
  await database.destroy();
});

beforeEach(() => {
  changes.length = 0;
  failNextChange = false;
});

function orderInput(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  nextOrder += 1;
  return {
    orderId: nextOrder,
    amount: 1490,
    description: `Заказ № ${nextOrder}`,
    returnUrl: `https://efir.example/yookassa?order=${nextOrder}`,
    receipt: {
      email: 'buyer@example.ru',
      lines: [{ name: 'Масло лаванды', quantity: 2, price: 645 }],
      delivery: { name: 'Курьер', price: 200 },
    },
    ...overrides,
  };
}

function notification(event: string, paymentId: string, status: string) {
  // The body a forger would send: it may claim anything.
  return {
    type: 'notification',
    event,
    object: {
      id: paymentId,
      status,
      paid: status === 'succeeded',
      amount: { value: '1490.00', currency: 'RUB' },
    },
  };
}

describe('startPayment', () => {
  it('creates a YooKassa payment with the order id in metadata and the confirmation URL stored', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    expect(started).toMatchObject({
      orderId: String(input.orderId),
      provider: 'yookassa',
      status: 'pending',
      amount: 1490,
      reused: false,
    });
    expect(started.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\//);
    const sent = fake.payments.get(started.providerPaymentId);
    expect(sent?.metadata).toEqual({ order_id: String(input.orderId) });
  });

  it('returns the live payment instead of creating a second one', async () => {
    const input = orderInput();
    const first = await service.startPayment(input);
    const created = fake.payments.size;
    const again = await service.startPayment(input);
    expect(again).toMatchObject({ id: first.id, providerPaymentId: first.providerPaymentId, reused: true });
    expect(fake.payments.size).toBe(created);
  });

  it('ten clicks at once still make one payment (for 20 orders in a row)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const input = orderInput();
      // Staggered by a fraction of a request, so that some clicks start while others are storing the answer.
      const started = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new Promise((resolve) => setTimeout(resolve, (i * round) % 7)).then(() =>
            service.startPayment(input),
          ),
        ),
      );
      expect(new Set(started.map((payment) => payment.providerPaymentId)).size).toBe(1);
      const rows = await database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, String(input.orderId)));
      expect(rows).toHaveLength(1);
    }
  });

  it('starts a new attempt (new idempotence key) once the previous payment was canceled', async () => {
    const input = orderInput();
    const first = await service.startPayment(input);
    fake.setStatus(first.providerPaymentId, 'canceled');
    const second = await service.startPayment(input);
    expect(second.providerPaymentId).not.toBe(first.providerPaymentId);
    expect(second.idempotenceKey).not.toBe(first.idempotenceKey);
    expect(second.reused).toBe(false);
    // The refresh noticed the cancellation of the order's payment and reported it once.
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'canceled' }]);
  });

  it('returns the paid payment rather than charging twice', async () => {
    const input = orderInput();
    const first = await service.startPayment(input);
    fake.setStatus(first.providerPaymentId, 'succeeded');
    const again = await service.startPayment(input);
    expect(again).toMatchObject({
      providerPaymentId: first.providerPaymentId,
      status: 'succeeded',
      reused: true,
    });
    expect(again.paidAt).toBeInstanceOf(Date);
  });

  it('refuses a receipt that does not add up to the amount', async () => {
    const input = orderInput({
      receipt: {
        customer: { email: 'buyer@example.ru' },
        items: [
          {
            description: 'Масло',
            quantity: '1.00',
            amount: { value: '100.00', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_prepayment',
            payment_subject: 'commodity',
          },
        ],
      },
    });
    await expect(service.startPayment(input)).rejects.toThrow(/add up/);
  });
});

describe('handleNotification', () => {
  it('the same notification ×10 changes the status once and calls onStatusChange once', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    const body = notification('payment.succeeded', started.providerPaymentId, 'succeeded');
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await service.handleNotification(body));
    expect(results.map((result) => result.outcome)).toEqual(['changed', ...Array(9).fill('duplicate')]);
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
    const events = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerPaymentId, started.providerPaymentId));
    expect(events).toHaveLength(1);
    // Duplicates are answered from the database, without asking YooKassa again.
    const gets = fake.requests.filter((request) => request.path.endsWith(started.providerPaymentId));
    expect(gets).toHaveLength(1);
  });

  it('ten concurrent copies still make one change', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    const body = notification('payment.succeeded', started.providerPaymentId, 'succeeded');
    const results = await Promise.all(Array.from({ length: 10 }, () => service.handleNotification(body)));
    expect(results.filter((result) => result.outcome === 'changed')).toHaveLength(1);
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
  });

  it('a forged «succeeded» while the API says pending changes nothing and does not block the real one', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    const forged = notification('payment.succeeded', started.providerPaymentId, 'succeeded');
    expect(await service.handleNotification(forged)).toMatchObject({
      outcome: 'unchanged',
      status: 'pending',
    });
    expect(changes).toEqual([]);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, started.id));
    expect(row).toMatchObject({ status: 'pending', paidAt: null });

    // The buyer really pays: YooKassa's own notification is applied.
    fake.setStatus(started.providerPaymentId, 'succeeded');
    expect(await service.handleNotification(forged)).toMatchObject({
      outcome: 'changed',
      status: 'succeeded',
    });
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
  });

  it('takes the API status even when the body claims another one', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'canceled');
    const result = await service.handleNotification(
      notification('payment.succeeded', started.providerPaymentId, 'succeeded'),
    );
    expect(result).toMatchObject({ outcome: 'changed', status: 'canceled' });
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'canceled' }]);
  });

  it('never moves a final status back', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    await service.handleNotification(
      notification('payment.succeeded', started.providerPaymentId, 'succeeded'),
    );
    fake.setStatus(started.providerPaymentId, 'canceled');
    const late = await service.handleNotification(
      notification('payment.canceled', started.providerPaymentId, 'canceled'),
    );
    expect(late).toMatchObject({ outcome: 'unchanged', status: 'succeeded' });
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
  });

  it('ignores unknown payments, refunds and foreign events; flags malformed bodies', async () => {
    expect(
      await service.handleNotification(notification('payment.succeeded', 'not-ours-000f-5000', 'succeeded')),
    ).toEqual({ outcome: 'ignored' });
    expect(
      await service.handleNotification({
        type: 'notification',
        event: 'refund.succeeded',
        object: { id: 'refund-1', payment_id: 'x', status: 'succeeded' },
      }),
    ).toEqual({ outcome: 'ignored' });
    for (const body of [
      null,
      'text',
      {},
      { type: 'notification', event: 'payment.succeeded' },
      { type: 'x' },
    ]) {
      expect(await service.handleNotification(body)).toEqual({ outcome: 'malformed' });
    }
    expect(changes).toEqual([]);
  });

  it('when onStatusChange fails the change is undone, so the repeated notification applies it', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    const body = notification('payment.succeeded', started.providerPaymentId, 'succeeded');
    failNextChange = true;
    await expect(service.handleNotification(body)).rejects.toThrow(/orders database/);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, started.id));
    expect(row?.status).toBe('pending');
    expect(await service.handleNotification(body)).toMatchObject({ outcome: 'changed' });
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
  });

  it('a provider failure is thrown (the webhook answers 500 and YooKassa repeats), nothing is remembered', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    fake.processingFor(1000, 60_000);
    const body = notification('payment.succeeded', started.providerPaymentId, 'succeeded');
    await expect(service.handleNotification(body)).rejects.toMatchObject({ code: 'processing' });
    fake.processingFor(0, 0);
    expect(await service.handleNotification(body)).toMatchObject({ outcome: 'changed' });
  });
});

describe('getOrderPayment', () => {
  it('refreshes a pending payment from the API on request', async () => {
    const input = orderInput();
    const started = await service.startPayment(input);
    fake.setStatus(started.providerPaymentId, 'succeeded');
    expect(await service.getOrderPayment(input.orderId)).toMatchObject({ status: 'pending' });
    expect(await service.getOrderPayment(input.orderId, { refresh: true })).toMatchObject({
      status: 'succeeded',
    });
    expect(changes).toEqual([{ orderId: String(input.orderId), status: 'succeeded' }]);
    expect(await service.getOrderPayment('no-such-order')).toBeNull();
  });
});
