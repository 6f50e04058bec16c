// Refunds of paid orders from the back office (full or partial) through YooKassa's refunds API or the test gateway:
// the amount is reserved in our table before the provider is called, the outcome is applied once, with the order's
// history entry and the customer's letter in the same transaction.
import { formatRub } from '@efir/domain/money';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { AppError, invalidData } from '../../lib/app-error.ts';
import type { RefundStatus } from './payment-status.ts';
import { paymentRefunds, payments } from './payments.table.ts';
import { refundReceipt } from './receipt.ts';
import { PaymentProviderError, type Refund, valueToKopecks, type YooKassaClient } from './yookassa.client.ts';

export type OrderRefund = typeof paymentRefunds.$inferSelect;
type OrderPayment = typeof payments.$inferSelect;

export interface RefundOrderInput {
  orderId: number;
  /** Whole roubles. */
  amount: number;
  comment?: string | undefined;
  moderatorId: number;
  /**
   * The back office's key for one confirmed refund (a UUID made when the moderator confirms): the same key sent again
   * — a double click, a repeat after a lost answer — is the same refund, however long after the first it arrives.
   */
  key?: string | undefined;
}

export interface RefundSummary {
  /** The paid payment refunds come from, if any. */
  paymentId: string | null;
  paid: number;
  /** Succeeded refunds. */
  refunded: number;
  /** What a new refund may take: paid minus every refund not cancelled (waiting ones included). */
  left: number;
  refunds: OrderRefund[];
}

export interface RefundsService {
  refundOrder(input: RefundOrderInput): Promise<OrderRefund>;
  summarize(orderId: number): Promise<RefundSummary>;
  /** `refund.succeeded` / `refund.canceled` from the webhook: checked at the provider, applied once. */
  handleNotification(refundId: string): Promise<'ignored' | 'unchanged' | 'changed'>;
}

export interface RefundsServiceDeps {
  db: Database;
  client: YooKassaClient;
  log: FastifyBaseLogger;
  /** Writes the customer's letter; called in the transaction that records the money as returned. */
  onRefunded(txDb: Database, refund: OrderRefund, summary: { paid: number; refunded: number }): Promise<void>;
}

const LIVE: RefundStatus[] = ['creating', 'pending', 'succeeded'];

export function createRefundsService(deps: RefundsServiceDeps): RefundsService {
  const { db, client, log } = deps;

  async function findPaidPayment(dbOrTx: Database, orderId: string): Promise<OrderPayment | null> {
    const [row] = await dbOrTx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(1);
    return row ?? null;
  }

  async function refundsOf(dbOrTx: Database, paymentId: number): Promise<OrderRefund[]> {
    return dbOrTx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  }

  const total = (rows: OrderRefund[], statuses: RefundStatus[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.amount, 0);

  /** Stores the provider's answer once (the update is conditional); a success writes history and the letter. */
  async function apply(row: OrderRefund, refund: Refund): Promise<OrderRefund> {
    if (valueToKopecks(refund.amount.value) !== row.amount * 100) {
      log.error({ refundId: refund.id }, 'refund amount at the provider differs from ours; ignored');
      return row;
    }
    return db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const from: RefundStatus[] = row.status === 'creating' ? ['creating'] : ['creating', 'pending'];
      if (refund.status === 'pending' && row.status !== 'creating') return row;
      const [updated] = await txDb
        .update(paymentRefunds)
        .set({
          status: refund.status,
          providerRefundId: refund.id,
          updatedAt: new Date(),
          ...(refund.status === 'succeeded' ? { succeededAt: new Date() } : {}),
        })
        .where(and(eq(paymentRefunds.id, row.id), inArray(paymentRefunds.status, from)))
        .returning();
      if (!updated) {
        // Applied meanwhile (a repeated request or the notification): what is stored now is the answer.
        const [now] = await txDb.select().from(paymentRefunds).where(eq(paymentRefunds.id, row.id));
        return now ?? row;
      }
      const [payment] = await txDb.select().from(payments).where(eq(payments.id, row.paymentId));
      const all = await refundsOf(txDb, row.paymentId);
      const refunded = total(all, ['succeeded']);
      await writeAudit(txDb, {
        userId: row.moderatorId,
        action: 'order.refund',
        entity: 'order',
        entityId: row.orderId,
        before: { refunded: refunded - (refund.status === 'succeeded' ? row.amount : 0) },
        after: {
          amount: row.amount,
          status: refund.status,
          refunded,
          refund_id: refund.id,
          ...(row.comment ? { comment: row.comment } : {}),
        },
      });
      if (updated.status === 'succeeded') {
        await deps.onRefunded(txDb, updated, { paid: payment?.amount ?? 0, refunded });
      }
      log.info({ orderId: row.orderId, refundId: refund.id, status: refund.status }, 'refund status changed');
      return updated;
    });
  }

  return {
    async summarize(orderId) {
      const payment = await findPaidPayment(db, String(orderId));
      if (!payment) return { paymentId: null, paid: 0, refunded: 0, left: 0, refunds: [] };
      const rows = await refundsOf(db, payment.id);
      return {
        paymentId: payment.providerPaymentId,
        paid: payment.amount,
        refunded: total(rows, ['succeeded']),
        left: payment.amount - total(rows, LIVE),
        refunds: rows,
      };
    },

    async refundOrder(input) {
      const orderId = String(input.orderId);
      // One transaction reserves the amount: the payment row is locked, so two moderators at once see each other.
      const { row, payment } = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const paid = await findPaidPayment(txDb, orderId);
        if (!paid) {
          throw invalidData({
            amount: ['Заказ не оплачен онлайн — возвращать через платёжную систему нечего'],
          });
        }
        if (paid.provider !== client.provider) {
          throw invalidData({ amount: ['Платёж проведён другой платёжной системой — верните деньги в ней'] });
        }
        await txDb.select({ id: payments.id }).from(payments).where(eq(payments.id, paid.id)).for('update');
        const rows = await refundsOf(txDb, paid.id);
        const idempotenceKey = `efir-refund-${paid.id}-${input.key ?? rows.length + 1}`;
        const repeated = input.key
          ? rows.find((refund) => refund.idempotenceKey === idempotenceKey)
          : undefined;
        if (repeated?.status === 'canceled') {
          throw invalidData({ amount: ['Этот возврат платёжная система отклонила — оформите новый'] });
        }
        // Asked again with the same key, the provider answers with the same refund (its Idempotence-Key).
        if (repeated) return { row: repeated, payment: paid };
        const unfinished = rows.find((refund) => refund.status === 'creating');
        if (unfinished) {
          // The provider did not answer last time: the same request again, with the same key, cannot pay twice.
          if (unfinished.amount === input.amount) return { row: unfinished, payment: paid };
          throw invalidData({
            amount: [
              `Предыдущий возврат на ${formatRub(unfinished.amount)} ещё не завершён — повторите его с той же суммой`,
            ],
          });
        }
        const left = paid.amount - total(rows, LIVE);
        if (left <= 0) throw invalidData({ amount: ['Оплата по заказу уже возвращена полностью'] });
        if (input.amount > left) {
          throw invalidData({ amount: [`Вернуть можно не больше ${formatRub(left)}`] });
        }
        const receipt = paid.receipt ? refundReceipt(paid.receipt, input.amount) : null;
        // Paid before receipts were kept with payments (migration 0027): the receipt of return is issued by hand.
        if (!receipt)
          log.warn({ orderId }, 'refund without a receipt of return: the payment has no stored receipt');
        const [created] = await txDb
          .insert(paymentRefunds)
          .values({
            orderId,
            paymentId: paid.id,
            status: 'creating',
            amount: input.amount,
            idempotenceKey,
            comment: input.comment || null,
            moderatorId: input.moderatorId,
            receipt,
          })
          .returning();
        return { row: created!, payment: paid };
      });

      let refund: Refund;
      try {
        refund = await client.createRefund(
          {
            paymentId: payment.providerPaymentId,
            amount: row.amount,
            description: `Возврат по заказу № ${orderId}`,
            ...(row.receipt ? { receipt: row.receipt } : {}),
          },
          row.idempotenceKey,
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.warn({ orderId, code: error.code, status: error.status }, 'refund refused or unanswered');
        if (error.retryable) {
          throw new AppError(503, 'Платёжный сервис не ответил — повторите возврат с той же суммой');
        }
        // Refused: nothing was returned, so the amount is free again.
        await db
          .update(paymentRefunds)
          .set({ status: 'canceled', updatedAt: new Date() })
          .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'creating')));
        throw new AppError(409, 'Платёжная система отказала в возврате', {
          errors: {
            amount: [
              `Платёжная система отказала в возврате${error.description ? `: ${error.description}` : ''}`,
            ],
          },
        });
      }
      return apply(row, refund);
    },

    async handleNotification(refundId) {
      const [row] = await db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.providerRefundId, refundId));
      if (!row) return 'ignored';
      let refund: Refund;
      try {
        refund = await client.getRefund(refundId);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return 'ignored';
        throw error;
      }
      if (refund.payment_id !== (await paymentOf(row))?.providerPaymentId) return 'ignored';
      const updated = await apply(row, refund);
      return updated.status !== row.status ? 'changed' : 'unchanged';
    },
  };

  async function paymentOf(row: OrderRefund): Promise<OrderPayment | null> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
    return payment ?? null;
  }
}

/** For the back office's order page and history. */
export const REFUND_STATUS_NAMES: Record<RefundStatus, string> = {
  creating: 'ждёт ответа платёжной системы',
  pending: 'банк возвращает деньги',
  succeeded: 'деньги возвращены',
  canceled: 'отклонён',
};

export function describeRefund(after: Record<string, unknown>): string {
  const amount = typeof after.amount === 'number' ? formatRub(after.amount) : '';
  const refunded = typeof after.refunded === 'number' ? formatRub(after.refunded) : '';
  return `Возврат ${amount}: ${REFUND_STATUS_NAMES[after.status as RefundStatus] ?? String(after.status)}${after.status === 'succeeded' ? `; всего возвращено ${refunded}` : ''}`;
}
