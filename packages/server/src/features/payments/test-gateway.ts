// The offline stand-in for YooKassa: the same client interface, payments kept in our own table, a confirmation
// page on our own server (/test-gateway/pay/{id}) and notifications sent to our own webhook.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PaymentStatus } from './payment-status.ts';
import { testGatewayPayments } from './payments.table.ts';
import { receiptTotalKopecks } from './receipt.ts';
import {
  buildCreatePaymentBody,
  type Payment,
  PaymentProviderError,
  type Receipt,
  roublesToValue,
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
  const returnUrl = (body.confirmation as { return_url: string }).return_url;
  if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol)) {
    throw new PaymentProviderError(400, 'invalid_request', 'Invalid return_url', 'confirmation.return_url');
  }
  if (receipt && receiptTotalKopecks(receipt) !== amount * 100) {
    throw new PaymentProviderError(
      400,
      'invalid_request',
      'The sum of the receipt items does not match the payment amount',
      'receipt',
    );
  }
}

export function createTestGateway(options: { db: Database; publicUrl: string }): TestGateway {
  const { db } = options;
  const origin = options.publicUrl.replace(/\/+$/, '');

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
      ...(row.status === 'pending'
        ? {
            confirmation: {
              type: 'redirect',
              confirmation_url: `${origin}${TEST_GATEWAY_PATH}/${row.id}`,
            },
          }
        : {}),
      ...(row.status === 'canceled'
        ? // YooKassa's reason when the buyer leaves the confirmation page without paying.
          { cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } }
        : {}),
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
