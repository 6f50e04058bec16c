// The real YooKassa client against a local fake server speaking API v3: auth, idempotence, body shape, errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, type FakeYooKassa, startFakeYooKassa } from './fake-yookassa.ts';
import { buildCertificateOffsetReceipt, buildReceipt, receiptTotalKopecks } from './receipt.ts';
import {
  type CreatePaymentInput,
  createYooKassaClient,
  PaymentProviderError,
  roublesToValue,
  valueToKopecks,
} from './yookassa.client.ts';

let fake: FakeYooKassa;

beforeAll(async () => {
  fake = await startFakeYooKassa();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
  fake.processingFor(0, 0);
});

const client = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
  createYooKassaClient({
    apiUrl: fake.url,
    shopId: FAKE_SHOP_ID,
    secretKey: overrides.secretKey ?? FAKE_SECRET_KEY,
    timeoutMs: overrides.timeoutMs,
  });

function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    amount: 1490,
    description: 'Заказ № 42 в магазине «Эфир»',
    returnUrl: 'https://efir.example/yookassa?order=42',
    metadata: { order_id: '42' },
    receipt: buildReceipt({
      email: 'buyer@example.ru',
      lines: [
        { name: 'Масло лаванды, 10 мл', quantity: 2, price: 495 },
        { name: 'Гидролат розы', quantity: 1, price: 300 },
      ],
      delivery: { name: 'Курьер по Москве', price: 200 },
    }),
    ...overrides,
  };
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('money on the wire', () => {
  it('writes whole roubles with two decimals and reads kopecks back', () => {
    expect(roublesToValue(1490)).toBe('1490.00');
    expect(roublesToValue(0)).toBe('0.00');
    expect(valueToKopecks('1490.00')).toBe(149_000);
    expect(valueToKopecks('99.5')).toBe(9950);
    expect(() => roublesToValue(10.5)).toThrow(RangeError);
    expect(() => roublesToValue(-1)).toThrow(RangeError);
  });
});

describe('createPayment', () => {
  it('posts the documented body with Basic auth and the Idempotence-Key', async () => {
    const payment = await client().createPayment(order(), 'efir-42-1-1490');
    expect(payment).toMatchObject({
      status: 'pending',
      paid: false,
      amount: { value: '1490.00', currency: 'RUB' },
      metadata: { order_id: '42' },
    });
    expect(payment.confirmation?.confirmation_url).toMatch(/^https:\/\/yoomoney\.ru\//);

    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v3/payments');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_SHOP_ID}:${FAKE_SECRET_KEY}`).toString('base64')}`,
    );
    expect(request?.headers['idempotence-key']).toBe('efir-42-1-1490');
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      amount: { value: '1490.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://efir.example/yookassa?order=42' },
      description: 'Заказ № 42 в магазине «Эфир»',
      metadata: { order_id: '42' },
      receipt: { customer: { email: 'buyer@example.ru' } },
    });
    const receipt = body.receipt as Parameters<typeof receiptTotalKopecks>[0];
    expect(receiptTotalKopecks(receipt)).toBe(149_000);
    expect(receipt.items).toContainEqual({
      description: 'Курьер по Москве',
      quantity: '1.00',
      amount: { value: '200.00', currency: 'RUB' },
      vat_code: 1,
      payment_mode: 'full_prepayment',
      payment_subject: 'service',
    });
  });

  it('returns the same payment for the same key and a new one for another key', async () => {
    const first = await client().createPayment(order(), 'efir-7-1-1490');
    const again = await client().createPayment(order(), 'efir-7-1-1490');
    const other = await client().createPayment(order(), 'efir-7-2-1490');
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
  });

  it('cuts a long description to 128 characters', async () => {
    await client().createPayment(
      order({ description: 'Очень длинное описание заказа '.repeat(10) }),
      'efir-8-1',
    );
    const body = fake.requests[0]?.body as { description: string };
    expect(Array.from(body.description).length).toBeLessThanOrEqual(128);
  });

  it('maps the error body: code, description, parameter and id', async () => {
    const badReceipt = order({ amount: 1500 });
    const error = await providerError(client().createPayment(badReceipt, 'efir-9-1'));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', parameter: 'receipt' });
    expect(error.description).toContain('receipt');
    expect(error.errorId).toMatch(/[0-9a-f-]{36}/);
    expect(error.retryable).toBe(false);
  });

  it('reports wrong credentials without ever showing the secret', async () => {
    const secretKey = 'test_wrong-secret-key-never-shown';
    const error = await providerError(client({ secretKey }).createPayment(order(), 'efir-10-1'));
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', parameter: 'Authorization' });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(secretKey);
  });

  it('repeats a 202 «processing» answer after retry_after, with the same key', async () => {
    fake.processingFor(2, 20);
    const payment = await client().createPayment(order(), 'efir-11-1');
    expect(payment.status).toBe('pending');
    expect(fake.requests).toHaveLength(3);
    expect(new Set(fake.requests.map((request) => request.headers['idempotence-key']))).toEqual(
      new Set(['efir-11-1']),
    );
  });

  it('gives up after the timeout with a retryable error', async () => {
    fake.delayMs = 500;
    const error = await providerError(client({ timeoutMs: 100 }).createPayment(order(), 'efir-12-1'));
    expect(error).toMatchObject({ status: null, code: 'timeout' });
    expect(error.retryable).toBe(true);
  });

  it('reports an unreachable API as a network error', async () => {
    const offline = createYooKassaClient({
      apiUrl: 'http://127.0.0.1:9/v3',
      shopId: FAKE_SHOP_ID,
      secretKey: FAKE_SECRET_KEY,
    });
    const error = await providerError(offline.getPayment('anything'));
    expect(error.code).toBe('network_error');
  });
});

describe('getPayment', () => {
  it('reads the current state of a payment', async () => {
    const created = await client().createPayment(order(), 'efir-20-1');
    fake.setStatus(created.id, 'succeeded');
    const payment = await client().getPayment(created.id);
    expect(payment).toMatchObject({ id: created.id, status: 'succeeded', paid: true });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/payments/${created.id}` });
    expect(fake.requests.at(-1)?.headers['idempotence-key']).toBeUndefined();
  });

  it('answers not_found for an unknown payment', async () => {
    const error = await providerError(client().getPayment('2f3c6a99-000f-5000-9000-1d2a3b4c5d6e'));
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('createReceipt (POST /v3/receipts)', () => {
  // The «чек зачёта предоплаты» of an order a gift certificate paid 1 800 ₽ of (decision 045).
  const offset = () =>
    buildCertificateOffsetReceipt({
      email: 'anna@example.ru',
      lines: [{ name: 'Масло лаванды, 10 мл', quantity: 2, price: 1290 }],
      total: 1800,
    });

  it('sends the offset receipt with its settlements and key; the same key is the same receipt', async () => {
    const sent = await client().createReceipt(offset(), 'efir-certificate-receipt-1');
    expect(sent).toMatchObject({ type: 'payment', status: 'succeeded' });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/receipts' });
    expect(request.headers['idempotence-key']).toBe('efir-certificate-receipt-1');
    expect(request.body).toEqual({
      type: 'payment',
      send: true,
      customer: { email: 'anna@example.ru' },
      items: [
        {
          description: 'Масло лаванды, 10 мл',
          quantity: '2.00',
          amount: { value: '900.00', currency: 'RUB' },
          vat_code: 1,
          payment_mode: 'full_payment',
          payment_subject: 'commodity',
        },
      ],
      settlements: [{ type: 'prepayment', amount: { value: '1800.00', currency: 'RUB' } }],
    });
    const again = await client().createReceipt(offset(), 'efir-certificate-receipt-1');
    expect(again.id).toBe(sent.id);
    expect(fake.receipts.size).toBe(1);
  });

  it('is refused when the settlements do not add up to the items, or without settlements', async () => {
    const short = {
      ...offset(),
      settlements: [{ type: 'prepayment' as const, amount: { value: '1700.00', currency: 'RUB' as const } }],
    };
    expect(await providerError(client().createReceipt(short, 'efir-certificate-receipt-2'))).toMatchObject({
      status: 400,
      code: 'invalid_request',
      parameter: 'receipt',
    });
    const none = { ...offset(), settlements: [] };
    const error = await providerError(client().createReceipt(none, 'efir-certificate-receipt-3'));
    expect(error).toMatchObject({ status: 400, parameter: 'settlements' });
    expect(error.retryable).toBe(false);
  });
});
