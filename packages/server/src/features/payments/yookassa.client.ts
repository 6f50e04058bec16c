// The YooKassa API v3 adapter: the payment object, the client interface both the real API and the test gateway
// implement, the HTTP client (Basic auth, Idempotence-Key, 15 s) and the typed provider error.
import { z } from '@efir/domain/zod-ru';
import {
  type ConfirmationType,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentProvider,
  REFUND_STATUSES,
} from './payment-status.ts';

export interface Amount {
  /** Roubles with exactly two decimals: '1490.00'. */
  value: string;
  currency: 'RUB';
}

export interface ReceiptItem {
  /** 1–128 characters (54-FZ tag 1030). */
  description: string;
  /** '2.00'; our quantities are whole units. */
  quantity: string;
  /** Price of ONE unit (tag 1079). */
  amount: Amount;
  vat_code: number;
  /**
   * Tag 1214: full_prepayment (paid before the goods are handed over), full_payment (a full settlement, as when an
   * advance is offset), advance (a gift certificate sold: goods not known yet; decision 045).
   */
  payment_mode: 'full_prepayment' | 'full_payment' | 'advance';
  /** Tag 1212: payment («платёж») for a gift certificate sold, an advance that is not yet goods. */
  payment_subject: 'commodity' | 'service' | 'payment';
}

export interface Receipt {
  customer: { email?: string; phone?: string };
  items: ReceiptItem[];
}

/**
 * A receipt sent on its own (POST /v3/receipts, «Создание чека» of YooKassa's API reference): `type` is `payment`
 * (чек прихода) or `refund` (чек возврата прихода); `payment_id` ties it to a payment in the shop's account;
 * `send: true` asks YooKassa to register it now; `settlements` say how the buyer paid — `prepayment` is the offset of
 * an advance (tag 1215: a gift certificate), `cashless` money paid electronically (tag 1081).
 */
export interface StandaloneReceipt extends Receipt {
  type: 'payment' | 'refund';
  send: true;
  payment_id?: string;
  settlements: Array<{ type: 'prepayment' | 'cashless'; amount: Amount }>;
}

const receiptStatusSchema = z.enum(['pending', 'succeeded', 'canceled']);

/** The part of YooKassa's receipt object we keep: its id and whether the register took it. */
const providerReceiptSchema = z.looseObject({
  id: z.string().min(1).max(100),
  type: z.enum(['payment', 'refund']),
  status: receiptStatusSchema,
});
export type ProviderReceipt = z.infer<typeof providerReceiptSchema>;

export function parseProviderReceipt(body: unknown): ProviderReceipt {
  const parsed = providerReceiptSchema.safeParse(body);
  if (!parsed.success) {
    throw new PaymentProviderError(null, 'invalid_response', 'The receipt object in the answer is not valid');
  }
  return parsed.data;
}

const amountSchema = z.object({ value: z.string().regex(/^\d+(\.\d{1,2})?$/), currency: z.string() });

/** The part of YooKassa's payment object we use; unknown fields are kept, as the API reference asks. */
const paymentSchema = z.looseObject({
  id: z.string().min(1).max(100),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean().default(false),
  amount: amountSchema,
  description: z.string().optional(),
  confirmation: z
    .looseObject({
      type: z.string(),
      confirmation_url: z.string().optional(),
      /** `qr`: what the QR code holds (СБП). */
      confirmation_data: z.string().optional(),
      return_url: z.string().optional(),
    })
    .optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
  created_at: z.string(),
  captured_at: z.string().optional(),
  test: z.boolean().default(false),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
});

export type Payment = z.infer<typeof paymentSchema>;

export function parsePayment(body: unknown): Payment {
  const parsed = paymentSchema.safeParse(body);
  if (!parsed.success) {
    throw new PaymentProviderError(null, 'invalid_response', 'The payment object in the answer is not valid');
  }
  return parsed.data;
}

/** YooKassa's refund object (POST /v3/refunds, GET /v3/refunds/{id}). */
const refundSchema = z.looseObject({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  status: z.enum(
    REFUND_STATUSES.filter((status) => status !== 'creating') as ['pending', 'succeeded', 'canceled'],
  ),
  amount: amountSchema,
  created_at: z.string(),
  description: z.string().optional(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).optional(),
});

export type Refund = z.infer<typeof refundSchema>;

export function parseRefund(body: unknown): Refund {
  const parsed = refundSchema.safeParse(body);
  if (!parsed.success) {
    throw new PaymentProviderError(null, 'invalid_response', 'The refund object in the answer is not valid');
  }
  return parsed.data;
}

export interface CreateRefundInput {
  paymentId: string;
  /** Whole roubles. */
  amount: number;
  description: string;
  /** The receipt of return (54-FZ «возврат прихода»): its items add up to the refund. */
  receipt?: Receipt;
}

/** The body of POST /v3/refunds; the test gateway hashes it to honour idempotence. */
export function buildCreateRefundBody(input: CreateRefundInput): Record<string, unknown> {
  return {
    payment_id: input.paymentId,
    amount: { value: roublesToValue(input.amount), currency: 'RUB' },
    description: cutDescription(input.description, 'Возврат'),
    ...(input.receipt ? { receipt: input.receipt } : {}),
  };
}

export interface CreatePaymentInput {
  /** Whole roubles. */
  amount: number;
  /** Up to 128 characters; longer text is cut. */
  description: string;
  /** Where the buyer comes back after the confirmation page. */
  returnUrl: string;
  metadata: Record<string, string>;
  receipt?: Receipt;
  /** Sent as `payment_method_data`; without it YooKassa's page lets the buyer choose (the card form). */
  method?: PaymentMethod | null;
  /** `qr` only for СБП on a desktop: YooKassa answers with the data for a QR code instead of a page. */
  confirmation?: ConfirmationType;
}

export interface YooKassaClient {
  /** Which side keeps the payments: YooKassa itself or the built-in test gateway. */
  readonly provider: PaymentProvider;
  /** The same idempotence key returns the same payment instead of a second one. */
  createPayment(input: CreatePaymentInput, idempotenceKey: string): Promise<Payment>;
  getPayment(id: string): Promise<Payment>;
  /** POST /v3/refunds: the same idempotence key returns the same refund. */
  createRefund(input: CreateRefundInput, idempotenceKey: string): Promise<Refund>;
  getRefund(id: string): Promise<Refund>;
  /** POST /v3/receipts: a receipt of its own (the offset of a certificate's advance, its return); keyed likewise. */
  createReceipt(receipt: StandaloneReceipt, idempotenceKey: string): Promise<ProviderReceipt>;
}

/**
 * A failed call. `code` is YooKassa's (`invalid_request`, `invalid_credentials`, `forbidden`, `not_found`,
 * `too_many_requests`, `internal_server_error`) or ours for failures without an answer (`timeout`,
 * `network_error`, `invalid_response`, `processing`). `status` is null when no HTTP answer came.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    readonly description: string,
    readonly parameter: string | null = null,
    /** YooKassa's error id, for its support. */
    readonly errorId: string | null = null,
  ) {
    super(`YooKassa ${status ?? '-'} ${code}${description ? `: ${description}` : ''}`);
    this.name = 'PaymentProviderError';
  }

  /** Worth repeating later with the same idempotence key: the outcome is unknown or the API was busy. */
  get retryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500 || this.code === 'processing';
  }
}

// --- Money on the wire -------------------------------------------------------------------------------------

export const DESCRIPTION_MAX = 128;

/** Cuts to 128 characters (code points, so no emoji is split) and folds whitespace. */
export function cutDescription(text: string, fallback = ''): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return Array.from(folded || fallback)
    .slice(0, DESCRIPTION_MAX)
    .join('')
    .trim();
}

export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0)
    throw new RangeError(`Not an amount in kopecks: ${kopecks}`);
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** Whole roubles → '1490.00'. */
export function roublesToValue(roubles: number): string {
  if (!Number.isSafeInteger(roubles) || roubles < 0) throw new RangeError(`Not whole roubles: ${roubles}`);
  return kopecksToValue(roubles * 100);
}

/** '1490.5' → 149050. */
export function valueToKopecks(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new RangeError(`Not an amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The body of POST /v3/payments; the test gateway hashes the same body to honour idempotence. */
export function buildCreatePaymentBody(input: CreatePaymentInput): Record<string, unknown> {
  return {
    amount: { value: roublesToValue(input.amount), currency: 'RUB' },
    capture: true,
    ...(input.method ? { payment_method_data: { type: input.method } } : {}),
    // A QR code has no page to come back from: the shop's own page shows it and asks how the payment went.
    confirmation:
      input.confirmation === 'qr' ? { type: 'qr' } : { type: 'redirect', return_url: input.returnUrl },
    description: cutDescription(input.description),
    metadata: input.metadata,
    ...(input.receipt ? { receipt: input.receipt } : {}),
  };
}

// --- The HTTP client ---------------------------------------------------------------------------------------

const TIMEOUT_MS = 15_000;
/** While YooKassa answers 202 («still processing») without retry_after. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

const errorBodySchema = z.looseObject({
  type: z.literal('error').optional(),
  id: z.string().optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface YooKassaHttpOptions {
  /** https://api.yookassa.ru/v3 (no trailing slash needed). */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** The whole call, 202 retries included. */
  timeoutMs?: number;
}

export function createYooKassaClient(options: YooKassaHttpOptions): YooKassaClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // Kept in this closure only: never logged, never part of an error message.
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new PaymentProviderError(null, 'timeout', 'YooKassa did not answer in time');
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotenceKey ? { 'Idempotence-Key': idempotenceKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(remaining),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new PaymentProviderError(
          null,
          timedOut ? 'timeout' : 'network_error',
          timedOut ? 'YooKassa did not answer in time' : 'YooKassa is unreachable',
        );
      }
      let json: unknown = null;
      const text = await response.text().catch(() => '');
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (response.status === 200) {
        if (json === null) throw new PaymentProviderError(200, 'invalid_response', 'The answer is not JSON');
        return json;
      }
      if (response.status === 202) {
        // The request is accepted but not finished: repeat it with the same key after retry_after ms.
        const retryAfter = Number((json as { retry_after?: unknown } | null)?.retry_after);
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : DEFAULT_RETRY_AFTER_MS;
        if (Date.now() + wait >= deadline) {
          throw new PaymentProviderError(202, 'processing', 'YooKassa is still processing the request');
        }
        await sleep(wait);
        continue;
      }
      const error = errorBodySchema.safeParse(json);
      const details = error.success ? error.data : {};
      throw new PaymentProviderError(
        response.status,
        details.code ?? `http_${response.status}`,
        details.description ?? '',
        details.parameter ?? null,
        details.id ?? null,
      );
    }
  }

  return {
    provider: 'yookassa',
    async createPayment(input, idempotenceKey) {
      return parsePayment(await call('POST', '/payments', buildCreatePaymentBody(input), idempotenceKey));
    },
    async getPayment(id) {
      return parsePayment(await call('GET', `/payments/${encodeURIComponent(id)}`));
    },
    async createRefund(input, idempotenceKey) {
      return parseRefund(await call('POST', '/refunds', buildCreateRefundBody(input), idempotenceKey));
    },
    async getRefund(id) {
      return parseRefund(await call('GET', `/refunds/${encodeURIComponent(id)}`));
    },
    async createReceipt(receipt, idempotenceKey) {
      return parseProviderReceipt(await call('POST', '/receipts', receipt, idempotenceKey));
    },
  };
}
