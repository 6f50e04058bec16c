// Card and СБП payments of orders: starts (or reuses) the provider's payment and applies notifications only after
// checking the payment at the provider, once per real change.
import { createHash } from 'node:crypto';
import { z } from '@efir/domain/zod-ru';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  type ConfirmationType,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from './payment-status.ts';
import { paymentEvents, payments } from './payments.table.ts';
import { buildReceipt, type ReceiptInput, receiptTotalKopecks } from './receipt.ts';
import {
  cutDescription,
  type Payment,
  PaymentProviderError,
  type Receipt,
  valueToKopecks,
  type YooKassaClient,
} from './yookassa.client.ts';

export type OrderPayment = typeof payments.$inferSelect;

export interface StartPaymentInput {
  orderId: string | number;
  /** Whole roubles, the order's total as the server computed it. */
  amount: number;
  /** Shown to the buyer on the payment page; cut to 128 characters. */
  description: string;
  /** The lines to build the 54-FZ receipt from (their total defaults to `amount`), or a receipt already built. */
  receipt: ReceiptInput | Receipt;
  /** Where the buyer lands after paying or refusing, e.g. `${PUBLIC_URL}/yookassa?order=42`. */
  returnUrl: string;
  /** `sbp` asks YooKassa for СБП; without it the buyer pays on YooKassa's page (the card form). */
  method?: PaymentMethod | null;
  /** `qr` (СБП on a desktop): a QR code for the shop's own page instead of a page to redirect to. */
  confirmation?: ConfirmationType;
}

export type StartedPayment = OrderPayment & {
  /** An earlier payment of the order is still live (or already paid) and is returned instead of a new one. */
  reused: boolean;
};

export type NotificationOutcome =
  /** Not a YooKassa notification: answer 400. */
  | 'malformed'
  /** Not ours or not about a payment (refunds, unknown ids): answer 200 so it stops. */
  | 'ignored'
  /** Already applied. */
  | 'duplicate'
  /** Checked at the provider; nothing to change (or the body was not true). */
  | 'unchanged'
  | 'changed';

export interface NotificationResult {
  outcome: NotificationOutcome;
  orderId?: string;
  status?: PaymentStatus;
}

export type StatusChangeHandler = (
  orderId: string,
  status: PaymentStatus,
  payment: OrderPayment,
) => Promise<void> | void;

export interface PaymentsService {
  readonly provider: YooKassaClient['provider'];
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  handleNotification(body: unknown): Promise<NotificationResult>;
  /** The order's latest payment; `refresh` asks the provider first when it is still pending. */
  getOrderPayment(orderId: string | number, options?: { refresh?: boolean }): Promise<OrderPayment | null>;
}

export interface PaymentsServiceDeps {
  db: Database;
  config: Pick<Config, 'YOOKASSA_VAT_CODE'>;
  client: YooKassaClient;
  log: FastifyBaseLogger;
  /**
   * Called once per real change of a payment's status, after it is stored. Cancellations and returns to
   * pending are reported only for the order's latest payment (a superseded attempt expiring means nothing);
   * succeeded and waiting_for_capture always are — that money is real. If it throws, the change is rolled back
   * and the notification answered with an error, so YooKassa repeats it.
   */
  onStatusChange: StatusChangeHandler;
}

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z
    .string()
    .max(64)
    .regex(/^[a-z_]+\.[a-z_]+$/),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});

/** Statuses only move forward: pending → waiting_for_capture → succeeded | canceled (both final). */
const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  pending: [],
  waiting_for_capture: ['pending'],
  succeeded: ['pending', 'waiting_for_capture'],
  canceled: ['pending', 'waiting_for_capture'],
};

const IDEMPOTENCE_KEY_MAX = 64;

/** Derived, so a retry after a crash between the provider's answer and our insert gets the same payment back. */
export function deriveIdempotenceKey(orderId: string, attempt: number, amount: number): string {
  const key = `efir-${orderId}-${attempt}-${amount}`;
  if (key.length <= IDEMPOTENCE_KEY_MAX && /^[\w-]+$/.test(key)) return key;
  return `efir-${createHash('sha256').update(`${orderId}\n${attempt}\n${amount}`).digest('hex').slice(0, 48)}`;
}

export function createPaymentsService(deps: PaymentsServiceDeps): PaymentsService {
  const { db, client, log, onStatusChange } = deps;

  async function findByProviderId(providerPaymentId: string): Promise<OrderPayment | null> {
    const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
    return row ?? null;
  }

  async function findLatest(orderId: string): Promise<OrderPayment | null> {
    const [row] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    return row ?? null;
  }

  /** Stores the provider's status when it is a step forward; reports it; undoes it if the report fails. */
  async function applyProviderPayment(
    row: OrderPayment,
    payment: Payment,
  ): Promise<{ row: OrderPayment; changed: boolean }> {
    if (payment.id !== row.providerPaymentId) {
      log.error(
        { paymentId: row.providerPaymentId, got: payment.id },
        'provider answered about another payment',
      );
      return { row, changed: false };
    }
    if (payment.amount.currency !== 'RUB' || valueToKopecks(payment.amount.value) !== row.amount * 100) {
      log.error(
        { paymentId: row.providerPaymentId },
        'payment amount at the provider differs from ours; ignored',
      );
      return { row, changed: false };
    }
    const status = payment.status;
    const from = ALLOWED_FROM[status];
    if (!from.includes(row.status)) return { row, changed: false };
    const now = new Date();
    // The conditional update is what makes concurrent duplicates change the status once.
    const [updated] = await db
      .update(payments)
      .set({ status, updatedAt: now, ...(status === 'succeeded' ? { paidAt: now } : {}) })
      .where(and(eq(payments.id, row.id), inArray(payments.status, from)))
      .returning();
    if (!updated) return { row: (await findByProviderId(row.providerPaymentId)) ?? row, changed: false };
    log.info(
      { paymentId: updated.providerPaymentId, orderId: updated.orderId, status },
      'payment status changed',
    );
    try {
      const moneyMoved = status === 'succeeded' || status === 'waiting_for_capture';
      const latest = moneyMoved ? updated : await findLatest(updated.orderId);
      if (moneyMoved || latest?.id === updated.id) await onStatusChange(updated.orderId, status, updated);
    } catch (error) {
      await db
        .update(payments)
        .set({ status: row.status, paidAt: row.paidAt, updatedAt: new Date() })
        .where(and(eq(payments.id, row.id), eq(payments.status, status)));
      throw error;
    }
    return { row: updated, changed: true };
  }

  /** Best effort: a provider that does not answer leaves the stored state as it is. */
  async function refresh(row: OrderPayment): Promise<OrderPayment> {
    if (row.provider !== client.provider) return row;
    let payment: Payment;
    try {
      payment = await client.getPayment(row.providerPaymentId);
    } catch (error) {
      log.warn({ paymentId: row.providerPaymentId, err: error }, 'payment not refreshed from the provider');
      return row;
    }
    return (await applyProviderPayment(row, payment)).row;
  }

  return {
    provider: client.provider,

    async startPayment(input) {
      const orderId = String(input.orderId);
      if (!orderId || orderId.length > 100) throw new RangeError('orderId must be 1-100 characters');
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new RangeError(`amount must be whole roubles above zero, got ${input.amount}`);
      }
      if (!URL.canParse(input.returnUrl)) throw new RangeError('returnUrl must be an absolute URL');
      const receipt =
        'items' in input.receipt
          ? input.receipt
          : buildReceipt(
              { ...input.receipt, total: input.receipt.total ?? input.amount },
              { vatCode: deps.config.YOOKASSA_VAT_CODE },
            );
      if (receiptTotalKopecks(receipt) !== input.amount * 100) {
        throw new RangeError('The receipt items do not add up to the payment amount');
      }

      // One statement, one snapshot: the decision and the attempt number agree even when two clicks race, so
      // both derive the same idempotence key and YooKassa hands both the same payment.
      const attempts = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt), desc(payments.id));
      const latest = attempts.find((row) => row.provider === client.provider);
      if (latest?.status === 'succeeded' || latest?.status === 'waiting_for_capture') {
        return { ...latest, reused: true };
      }
      // A pending payment leads the buyer back to where the shop was when it was made: after a restart at another
      // address (PUBLIC_URL fixed) it would bring her to a dead page, so it is replaced by a new attempt.
      // A pending payment by another method (card, then СБП) is not what the buyer asks for now.
      const method = input.method ?? null;
      const confirmation = input.confirmation ?? 'redirect';
      if (confirmation === 'qr' && method !== 'sbp')
        throw new RangeError('Only СБП is confirmed by a QR code');
      if (
        latest?.status === 'pending' &&
        latest.amount === input.amount &&
        latest.returnUrl === input.returnUrl &&
        latest.method === method &&
        latest.confirmationType === confirmation
      ) {
        const current = await refresh(latest);
        if (current.status !== 'canceled') return { ...current, reused: true };
      }

      const idempotenceKey = deriveIdempotenceKey(orderId, attempts.length + 1, input.amount);
      const payment = await client.createPayment(
        {
          amount: input.amount,
          description: cutDescription(input.description, `Заказ № ${orderId}`),
          returnUrl: input.returnUrl,
          metadata: { order_id: orderId },
          receipt,
          method,
          confirmation,
        },
        idempotenceKey,
      );
      // A concurrent call with the same key got the same payment: whichever inserts first wins.
      await db
        .insert(payments)
        .values({
          orderId,
          provider: client.provider,
          providerPaymentId: payment.id,
          status: 'pending',
          amount: input.amount,
          idempotenceKey,
          confirmationUrl:
            payment.confirmation?.confirmation_url ?? payment.confirmation?.confirmation_data ?? null,
          method,
          confirmationType: confirmation,
          receipt,
          returnUrl: input.returnUrl,
        })
        .onConflictDoNothing();
      const row = await findByProviderId(payment.id);
      if (!row || row.orderId !== orderId) {
        throw new Error(`Payment ${payment.id} is not stored for order ${orderId}`);
      }
      return { ...(await applyProviderPayment(row, payment)).row, reused: false };
    },

    async handleNotification(body) {
      const parsed = notificationSchema.safeParse(body);
      if (!parsed.success) return { outcome: 'malformed' };
      const { event, object } = parsed.data;
      const claimed = event.startsWith('payment.') ? event.slice('payment.'.length) : null;
      // payout.*, deal.*: nothing of ours follows them (refund.* goes to the refunds service).
      if (!claimed || !(PAYMENT_STATUSES as readonly string[]).includes(claimed))
        return { outcome: 'ignored' };

      const row = await findByProviderId(object.id);
      if (!row) return { outcome: 'ignored' };
      const base = { orderId: row.orderId };
      const [seen] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.providerPaymentId, row.providerPaymentId), eq(paymentEvents.event, event)),
        )
        .limit(1);
      if (seen) return { ...base, outcome: 'duplicate', status: row.status };

      // Never the body: the status is whatever the provider says about this payment now.
      let payment: Payment;
      try {
        payment = await client.getPayment(row.providerPaymentId);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404)
          return { ...base, outcome: 'ignored' };
        throw error;
      }
      // Only a true notification is remembered: a forged early copy must not swallow the real one later.
      let recorded = false;
      if (payment.status === claimed) {
        const inserted = await db
          .insert(paymentEvents)
          .values({ providerPaymentId: row.providerPaymentId, event })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (inserted.length === 0) return { ...base, outcome: 'duplicate', status: row.status };
        recorded = true;
      } else {
        log.warn(
          { paymentId: row.providerPaymentId, event, actual: payment.status },
          'notification does not match the payment at the provider',
        );
      }
      try {
        const result = await applyProviderPayment(row, payment);
        return { ...base, outcome: result.changed ? 'changed' : 'unchanged', status: result.row.status };
      } catch (error) {
        if (recorded) {
          await db
            .delete(paymentEvents)
            .where(
              and(eq(paymentEvents.providerPaymentId, row.providerPaymentId), eq(paymentEvents.event, event)),
            );
        }
        throw error;
      }
    },

    async getOrderPayment(orderId, options = {}) {
      const latest = await findLatest(String(orderId));
      if (!latest || !options.refresh || latest.status !== 'pending') return latest;
      return refresh(latest);
    },
  };
}
