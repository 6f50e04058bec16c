// Test helper: a local HTTP server speaking YooKassa API v3 (payments and refunds), strict about what the real API
// checks.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SHOP_ID = '506751';
export const FAKE_SECRET_KEY = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  confirmation?: { type: string; confirmation_url?: string; confirmation_data?: string };
  payment_method?: { type: string; id: string; saved: boolean };
  metadata: Record<string, string>;
  created_at: string;
  captured_at?: string;
  test: boolean;
  refundable: boolean;
  recipient: { account_id: string; gateway_id: string };
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description?: string;
  receipt?: unknown;
  created_at: string;
}

/** A receipt taken by POST /v3/receipts, as YooKassa answers it. */
export interface FakeReceipt {
  id: string;
  type: 'payment' | 'refund';
  status: 'pending' | 'succeeded' | 'canceled';
  payment_id?: string;
  items: unknown[];
  settlements: unknown[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeYooKassa {
  url: string;
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  receipts: Map<string, FakeReceipt>;
  /** The status new refunds get: `pending` plays a bank that returns the money later (СБП: the next day). */
  refundStatus: FakeRefund['status'];
  setRefundStatus(id: string, status: FakeRefund['status']): void;
  /** What YooKassa does when the buyer pays or the payment expires. */
  setStatus(id: string, status: FakePayment['status']): void;
  /** Answer the next N requests with 202 {retry_after} before the real answer. */
  processingFor(times: number, retryAfterMs: number): void;
  /** Hold every answer this long (timeouts). */
  delayMs: number;
  close(): Promise<void>;
}

function error(res: ServerResponse, status: number, code: string, description: string, parameter?: string) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(
    JSON.stringify({
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    }),
  );
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const AMOUNT = /^\d+\.\d{2}$/;

function kopecks(value: string): number {
  const [whole, fraction = '00'] = value.split('.');
  return Number(whole) * 100 + Number(fraction);
}

/** The checks of POST /v3/payments; returns the offending parameter or null. */
function validateCreateBody(body: Record<string, unknown>): string | null {
  const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
  if (typeof amount?.value !== 'string' || !AMOUNT.test(amount.value) || amount.currency !== 'RUB') {
    return 'amount';
  }
  if (kopecks(amount.value) <= 0) return 'amount.value';
  const method = body.payment_method_data as { type?: unknown } | undefined;
  if (method !== undefined && method.type !== 'sbp' && method.type !== 'bank_card')
    return 'payment_method_data';
  const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined;
  const qr = confirmation?.type === 'qr' && method?.type === 'sbp';
  if (!qr && (confirmation?.type !== 'redirect' || typeof confirmation.return_url !== 'string')) {
    return 'confirmation';
  }
  if (
    body.description !== undefined &&
    (typeof body.description !== 'string' || body.description.length > 128)
  ) {
    return 'description';
  }
  return validateReceipt(body.receipt, amount.value);
}

/** A receipt (of a payment or of a return) whose items must add up to `value`. */
function validateReceipt(value: unknown, total: string): string | null {
  const receipt = value as { customer?: { email?: unknown; phone?: unknown }; items?: unknown } | undefined;
  if (receipt) {
    if (!receipt.customer?.email && !receipt.customer?.phone) return 'receipt.customer';
    if (!Array.isArray(receipt.items) || receipt.items.length === 0 || receipt.items.length > 100) {
      return 'receipt.items';
    }
    let sum = 0;
    for (const item of receipt.items as Array<Record<string, unknown>>) {
      const itemAmount = item.amount as { value?: unknown; currency?: unknown } | undefined;
      if (
        typeof item.description !== 'string' ||
        item.description.length < 1 ||
        item.description.length > 128 ||
        typeof item.quantity !== 'string' ||
        !/^\d+(\.\d{1,3})?$/.test(item.quantity) ||
        typeof itemAmount?.value !== 'string' ||
        !AMOUNT.test(itemAmount.value) ||
        itemAmount.currency !== 'RUB' ||
        typeof item.vat_code !== 'number' ||
        !['full_prepayment', 'full_payment', 'advance'].includes(item.payment_mode as string) ||
        !['commodity', 'service', 'payment'].includes(item.payment_subject as string)
      ) {
        return 'receipt.items';
      }
      sum += kopecks(itemAmount.value) * Number(item.quantity);
    }
    if (Math.round(sum) !== kopecks(total)) return 'receipt';
  }
  return null;
}

/** YooKassa's settlement types (receipt.settlements[].type). */
const SETTLEMENT_TYPES = new Set(['cashless', 'prepayment', 'postpayment', 'consideration']);

/**
 * The checks of POST /v3/receipts («Создание чека»): `type` payment or refund, `send` true, the customer and items as
 * in a payment's receipt, and `settlements` whose amounts add up to the items; returns the offending parameter.
 */
function validateReceiptBody(body: Record<string, unknown>): string | null {
  if (body.type !== 'payment' && body.type !== 'refund') return 'type';
  if (body.send !== true) return 'send';
  const settlements = body.settlements as Array<{
    type?: unknown;
    amount?: { value?: unknown; currency?: unknown };
  }>;
  if (!Array.isArray(settlements) || settlements.length === 0) return 'settlements';
  let settled = 0;
  for (const settlement of settlements) {
    const value = settlement?.amount?.value;
    if (
      !SETTLEMENT_TYPES.has(settlement?.type as string) ||
      typeof value !== 'string' ||
      !AMOUNT.test(value) ||
      settlement.amount?.currency !== 'RUB'
    ) {
      return 'settlements';
    }
    settled += kopecks(value);
  }
  const total = `${Math.floor(settled / 100)}.${String(settled % 100).padStart(2, '0')}`;
  return validateReceipt({ customer: body.customer, items: body.items }, total);
}

export async function startFakeYooKassa(): Promise<FakeYooKassa> {
  const byKey = new Map<string, { hash: string; id: string }>();
  let processingLeft = 0;
  let processingRetryAfter = 0;

  const fake: FakeYooKassa = {
    url: '',
    requests: [],
    payments: new Map(),
    refunds: new Map(),
    receipts: new Map(),
    refundStatus: 'succeeded',
    delayMs: 0,
    setRefundStatus(id, status) {
      const refund = fake.refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
    },
    setStatus(id, status) {
      const payment = fake.payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
      payment.paid = status === 'succeeded' || status === 'waiting_for_capture';
      payment.refundable = status === 'succeeded';
      if (status !== 'pending') delete payment.confirmation;
      if (status === 'succeeded') payment.captured_at = new Date().toISOString();
    },
    processingFor(times, retryAfterMs) {
      processingLeft = times;
      processingRetryAfter = retryAfterMs;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0]!;
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'invalid_request', 'Request body is not valid JSON');
      }
    }
    fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));

    const expected = `Basic ${Buffer.from(`${FAKE_SHOP_ID}:${FAKE_SECRET_KEY}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return error(res, 401, 'invalid_credentials', 'Login or password is incorrect', 'Authorization');
    }
    if (processingLeft > 0) {
      processingLeft -= 1;
      return json(res, 202, { type: 'processing', retry_after: processingRetryAfter });
    }

    if (req.method === 'POST' && path === '/v3/payments') {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        return error(res, 400, 'invalid_request', 'Idempotence key is required', 'Idempotence-Key');
      }
      if (req.headers['content-type']?.split(';')[0] !== 'application/json') {
        return error(res, 400, 'invalid_request', 'Content-Type must be application/json');
      }
      const hash = createHash('sha256').update(raw).digest('hex');
      const previous = byKey.get(key);
      if (previous) {
        if (previous.hash !== hash) {
          return error(res, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        }
        return json(res, 200, fake.payments.get(previous.id));
      }
      const create = (body ?? {}) as Record<string, unknown>;
      const bad = validateCreateBody(create);
      if (bad) return error(res, 400, 'invalid_request', `Invalid parameter ${bad}`, bad);
      const id = `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`;
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: create.amount as FakePayment['amount'],
        ...(typeof create.description === 'string' ? { description: create.description } : {}),
        confirmation:
          (create.confirmation as { type: string }).type === 'qr'
            ? { type: 'qr', confirmation_data: `https://qr.nspk.ru/AD10006M8KH0MVB${id.slice(0, 8)}?type=02` }
            : {
                type: 'redirect',
                confirmation_url: `https://yoomoney.ru/api-pages/v2/payment-confirm/epl?orderId=${id}`,
              },
        ...(create.payment_method_data
          ? {
              payment_method: {
                type: (create.payment_method_data as { type: string }).type,
                id,
                saved: false,
              },
            }
          : {}),
        metadata: (create.metadata as Record<string, string>) ?? {},
        created_at: new Date().toISOString(),
        test: true,
        refundable: false,
        recipient: { account_id: FAKE_SHOP_ID, gateway_id: '100700' },
      };
      fake.payments.set(id, payment);
      byKey.set(key, { hash, id });
      return json(res, 200, payment);
    }

    if (req.method === 'POST' && path === '/v3/refunds') {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        return error(res, 400, 'invalid_request', 'Idempotence key is required', 'Idempotence-Key');
      }
      const hash = createHash('sha256').update(raw).digest('hex');
      const previous = byKey.get(`refund:${key}`);
      if (previous) {
        if (previous.hash !== hash) {
          return error(res, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        }
        return json(res, 200, fake.refunds.get(previous.id));
      }
      const create = (body ?? {}) as Record<string, unknown>;
      const payment = fake.payments.get(String(create.payment_id));
      if (!payment) return error(res, 400, 'invalid_request', 'Payment not found', 'payment_id');
      if (payment.status !== 'succeeded') {
        return error(res, 400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
      }
      const amount = create.amount as { value?: unknown; currency?: unknown } | undefined;
      if (typeof amount?.value !== 'string' || !AMOUNT.test(amount.value) || amount.currency !== 'RUB') {
        return error(res, 400, 'invalid_request', 'Invalid parameter amount', 'amount');
      }
      const already = [...fake.refunds.values()]
        .filter((refund) => refund.payment_id === payment.id && refund.status !== 'canceled')
        .reduce((total, refund) => total + kopecks(refund.amount.value), 0);
      if (kopecks(amount.value) <= 0 || kopecks(amount.value) > kopecks(payment.amount.value) - already) {
        return error(res, 400, 'invalid_request', 'Refund amount exceeds the payment amount', 'amount');
      }
      const bad = validateReceipt(create.receipt, amount.value);
      if (bad) return error(res, 400, 'invalid_request', `Invalid parameter ${bad}`, bad);
      const id = `${randomUUID().slice(0, 8)}-0015-5000-8000-${randomUUID().slice(-12)}`;
      const refund: FakeRefund = {
        id,
        payment_id: payment.id,
        status: fake.refundStatus,
        amount: { value: amount.value, currency: 'RUB' },
        ...(typeof create.description === 'string' ? { description: create.description } : {}),
        ...(create.receipt ? { receipt: create.receipt } : {}),
        created_at: new Date().toISOString(),
      };
      fake.refunds.set(id, refund);
      byKey.set(`refund:${key}`, { hash, id });
      const { receipt: _receipt, ...answer } = refund;
      return json(res, 200, answer);
    }

    if (req.method === 'POST' && path === '/v3/receipts') {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        return error(res, 400, 'invalid_request', 'Idempotence key is required', 'Idempotence-Key');
      }
      const hash = createHash('sha256').update(raw).digest('hex');
      const previous = byKey.get(`receipt:${key}`);
      if (previous) {
        if (previous.hash !== hash) {
          return error(res, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        }
        return json(res, 200, fake.receipts.get(previous.id));
      }
      const create = (body ?? {}) as Record<string, unknown>;
      const bad = validateReceiptBody(create);
      if (bad) return error(res, 400, 'invalid_request', `Invalid parameter ${bad}`, bad);
      const receipt: FakeReceipt = {
        id: `${randomUUID().slice(0, 8)}-00bf-5000-8000-${randomUUID().slice(-12)}`,
        type: create.type as FakeReceipt['type'],
        status: 'succeeded',
        ...(typeof create.payment_id === 'string' ? { payment_id: create.payment_id } : {}),
        items: create.items as unknown[],
        settlements: create.settlements as unknown[],
      };
      fake.receipts.set(receipt.id, receipt);
      byKey.set(`receipt:${key}`, { hash, id: receipt.id });
      return json(res, 200, receipt);
    }

    const refundMatch = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refundMatch) {
      const refund = fake.refunds.get(decodeURIComponent(refundMatch[1]!));
      if (!refund) return error(res, 404, 'not_found', 'Refund not found', 'refund_id');
      const { receipt: _receipt, ...answer } = refund;
      return json(res, 200, answer);
    }

    const match = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const payment = fake.payments.get(decodeURIComponent(match[1]!));
      if (!payment) return error(res, 404, 'not_found', 'Payment not found', 'payment_id');
      return json(res, 200, payment);
    }
    return error(res, 404, 'not_found', 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'internal_server_error', 'Internal server error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  return fake;
}
