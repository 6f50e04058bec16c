// The offline stand-in for YooKassa: the same client interface, payments kept in our own table, a confirmation
// page on our own server (/test-gateway/pay/{id}) and notifications sent to our own webhook.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PaymentStatus } from './payment-status.ts';
import { testGatewayPayments, testGatewayRefunds } from './payments.table.ts';
import { receiptTotalKopecks } from './receipt.ts';
import {
  buildCreatePaymentBody,
  buildCreateRefundBody,
  type Payment,
  PaymentProviderError,
  type Receipt,
  type Refund,
  roublesToValue,
  valueToKopecks,
  type YooKassaClient,
} from './yookassa.client.ts';

export const TEST_GATEWAY_PATH = '/test-gateway/pay';

export type TestGatewayRow = typeof testGatewayPayments.$inferSelect;

export type TestGatewayDecision = 'pay' | 'cancel';

export type DecisionResult =
  | { outcome: 'decided'; row: TestGatewayRow }
  /** Already paid or refused (a double click): nothing changes. */
  | { outcome: 'not_pending'; row: TestGatewayRow }
  | { outcome: 'bad_token' }
  | { outcome: 'not_found' };

export interface TestGateway extends YooKassaClient {
  readonly provider: 'test';
  findPayment(id: string): Promise<TestGatewayRow | null>;
  /** What the buyer chose on the confirmation page; the form token proves the page was ours. */
  decide(id: string, formToken: string, decision: TestGatewayDecision): Promise<DecisionResult>;
  /** The payment as YooKassa would show it, e.g. in a notification. */
  toPayment(row: TestGatewayRow): Payment;
}

export function isTestGateway(client: YooKassaClient): client is TestGateway {
  return client.provider === 'test';
}

function tokensEqual(expected: string, given: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(given);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The refusals YooKassa itself would answer with 400. */
function validateCreate(body: ReturnType<typeof buildCreatePaymentBody>, amount: number, receipt?: Receipt) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new PaymentProviderError(400, 'invalid_request', 'Invalid amount value', 'amount.value');
  }
  if (receipt && receiptTotalKopecks(receipt) !== amount * 100) {
    throw new PaymentProviderError(
      400,
      'invalid_request',
      'The sum of the receipt items does not match the payment amount',
      'receipt',
    );
  }
  const confirmation = body.confirmation as { type: string; return_url?: string };
  if (confirmation.type === 'qr') {
    const method = (body.payment_method_data as { type?: string } | undefined)?.type;
    if (method !== 'sbp') {
      throw new PaymentProviderError(
        400,
        'invalid_request',
        'Confirmation type qr needs sbp',
        'confirmation',
      );
    }
    return;
  }
  const returnUrl = confirmation.return_url ?? '';
  if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol)) {
    throw new PaymentProviderError(400, 'invalid_request', 'Invalid return_url', 'confirmation.return_url');
  }
}

export function createTestGateway(options: { db: Database; publicUrl: string }): TestGateway {
  const { db } = options;
  const origin = options.publicUrl.replace(/\/+$/, '');
  /** Receipts recorded by idempotence key: the same key is the same receipt. */
  const receipts = new Map<string, string>();

  function toPayment(row: TestGatewayRow): Payment {
    return {
      id: row.id,
      status: row.status,
      paid: row.status === 'succeeded' || row.status === 'waiting_for_capture',
      amount: { value: roublesToValue(row.amount), currency: 'RUB' },
      description: row.description,
      metadata: row.metadata,
      created_at: row.createdAt.toISOString(),
      ...(row.capturedAt ? { captured_at: row.capturedAt.toISOString() } : {}),
      test: true,
      refundable: row.status === 'succeeded',
      recipient: { account_id: 'test', gateway_id: 'test' },
      ...(row.method ? { payment_method: { type: row.method, id: row.id, saved: false } } : {}),
      ...(row.status === 'pending'
        ? {
            // The QR code leads to the same confirmation page a phone would open in the bank's app.
            confirmation:
              row.confirmationType === 'qr'
                ? { type: 'qr', confirmation_data: `${origin}${TEST_GATEWAY_PATH}/${row.id}` }
                : { type: 'redirect', confirmation_url: `${origin}${TEST_GATEWAY_PATH}/${row.id}` },
          }
        : {}),
      ...(row.status === 'canceled'
        ? // YooKassa's reason when the buyer leaves the confirmation page without paying.
          { cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } }
        : {}),
    };
  }

  function toRefund(row: typeof testGatewayRefunds.$inferSelect): Refund {
    return {
      id: row.id,
      payment_id: row.paymentId,
      status: row.status === 'creating' ? 'pending' : row.status,
      amount: { value: roublesToValue(row.amount), currency: 'RUB' },
      created_at: row.createdAt.toISOString(),
    };
  }

  async function findPayment(id: string): Promise<TestGatewayRow | null> {
    const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
    return row ?? null;
  }

  return {
    provider: 'test',
    toPayment,
    findPayment,

    async createPayment(input, idempotenceKey) {
      const body = buildCreatePaymentBody(input);
      validateCreate(body, input.amount, input.receipt);
      const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const [created] = await db
        .insert(testGatewayPayments)
        .values({
          id: randomUUID(),
          idempotenceKey,
          requestHash,
          status: 'pending',
          amount: input.amount,
          description: body.description as string,
          returnUrl: input.returnUrl,
          metadata: input.metadata,
          receipt: input.receipt ?? null,
          method: input.method ?? null,
          confirmationType: input.confirmation ?? 'redirect',
          formToken: randomBytes(24).toString('base64url'),
        })
        .onConflictDoNothing({ target: testGatewayPayments.idempotenceKey })
        .returning();
      if (created) return toPayment(created);
      const [existing] = await db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.idempotenceKey, idempotenceKey));
      if (!existing) throw new PaymentProviderError(500, 'internal_server_error', 'Payment not stored');
      if (existing.requestHash !== requestHash) {
        throw new PaymentProviderError(
          400,
          'invalid_request',
          'Idempotence key duplicated with other request parameters',
          'Idempotence-Key',
        );
      }
      return toPayment(existing);
    },

    async getPayment(id) {
      const row = await findPayment(id);
      if (!row) throw new PaymentProviderError(404, 'not_found', 'Payment not found', 'payment_id');
      return toPayment(row);
    },

    async createRefund(input, idempotenceKey) {
      const body = buildCreateRefundBody(input);
      const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const [earlier] = await db
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.idempotenceKey, idempotenceKey));
      if (earlier) {
        if (earlier.requestHash !== requestHash) {
          throw new PaymentProviderError(
            400,
            'invalid_request',
            'Idempotence key duplicated with other request parameters',
            'Idempotence-Key',
          );
        }
        return toRefund(earlier);
      }
      const payment = await findPayment(input.paymentId);
      if (payment?.status !== 'succeeded') {
        throw new PaymentProviderError(400, 'invalid_request', 'Payment is not refundable', 'payment_id');
      }
      if (input.receipt && receiptTotalKopecks(input.receipt) !== input.amount * 100) {
        throw new PaymentProviderError(
          400,
          'invalid_request',
          'Receipt sum differs from the refund',
          'receipt',
        );
      }
      const [refunded] = await db
        .select({ total: sum(testGatewayRefunds.amount).mapWith(Number) })
        .from(testGatewayRefunds)
        .where(
          and(
            eq(testGatewayRefunds.paymentId, payment.id),
            inArray(testGatewayRefunds.status, ['pending', 'succeeded']),
          ),
        );
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new PaymentProviderError(400, 'invalid_request', 'Invalid amount value', 'amount.value');
      }
      if (input.amount > payment.amount - (refunded?.total ?? 0)) {
        throw new PaymentProviderError(400, 'invalid_request', 'Refund amount exceeds the payment', 'amount');
      }
      // Offline there is no bank to wait for: the money is back at once, as YooKassa mostly answers for cards.
      const [created] = await db
        .insert(testGatewayRefunds)
        .values({
          id: randomUUID(),
          paymentId: payment.id,
          idempotenceKey,
          requestHash,
          status: 'succeeded',
          amount: input.amount,
          receipt: input.receipt ?? null,
        })
        .onConflictDoNothing({ target: testGatewayRefunds.idempotenceKey })
        .returning();
      if (created) return toRefund(created);
      // The same key raced in from another request: its refund is this one.
      const [raced] = await db
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.idempotenceKey, idempotenceKey));
      if (!raced) throw new PaymentProviderError(500, 'internal_server_error', 'Refund not stored');
      return toRefund(raced);
    },

    async createReceipt(receipt, idempotenceKey) {
      const settled = receipt.settlements.reduce(
        (total, part) => total + valueToKopecks(part.amount.value),
        0,
      );
      if (receiptTotalKopecks(receipt) !== settled) {
        throw new PaymentProviderError(
          400,
          'invalid_request',
          'Items differ from the settlements',
          'settlements',
        );
      }
      // Offline there is no register: the receipt is recorded (the caller keeps its body) and taken at once.
      const id = receipts.get(idempotenceKey) ?? randomUUID();
      receipts.set(idempotenceKey, id);
      return { id, type: receipt.type, status: 'succeeded' };
    },

    async getRefund(id) {
      const [row] = await db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.id, id));
      if (!row) throw new PaymentProviderError(404, 'not_found', 'Refund not found', 'refund_id');
      return toRefund(row);
    },

    async decide(id, formToken, decision) {
      const row = await findPayment(id);
      if (!row) return { outcome: 'not_found' };
      if (!tokensEqual(row.formToken, formToken)) return { outcome: 'bad_token' };
      const status: PaymentStatus = decision === 'pay' ? 'succeeded' : 'canceled';
      const [updated] = await db
        .update(testGatewayPayments)
        .set({ status, capturedAt: status === 'succeeded' ? sql`now()` : null })
        .where(sql`${testGatewayPayments.id} = ${id} and ${testGatewayPayments.status} = 'pending'`)
        .returning();
      if (updated) return { outcome: 'decided', row: updated };
      return { outcome: 'not_pending', row: (await findPayment(id)) ?? row };
    },
  };
}
