// «Отметить оплату» (issue 38 point 3, decision 056): money the shop receives itself — a bank transfer by invoice,
// cash at pickup, cash on delivery the carrier passed on — marked by a moderator with its date and amount, a part at
// a time if it came so. The order is paid when what came covers what the method must bring (the total less gift
// certificates); the row, the order, the audit entry and the customer's letter are one transaction.

import type { DiscountTier } from '@efir/domain/account-wire';
import type { AdminOrderAnswer } from '@efir/domain/admin-wire';
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import {
  isOfflinePaymentMethod,
  paymentReceivedAnswerSchema,
  plainPaymentMethodName,
  type ReceivedPayments,
  receivedPaymentBodySchema,
  receivedPaymentsAnswerSchema,
} from '@efir/domain/order-papers-wire';
import { z } from '@efir/domain/zod-ru';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { conflict, invalidData, notFound } from '../../lib/app-error.ts';
import { refreshPersonalDiscount } from '../account/account.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrderRow } from './orders.repo.ts';
import { orderNumber } from './orders.service.ts';
import { orders } from './orders.table.ts';
import { receivedPayments } from './received-payments.table.ts';

export interface ReceivedPaymentsDeps {
  db: Database;
  mail: MailService;
  discountTiers: readonly DiscountTier[];
  /** The order's back-office page (404 for an unknown order). */
  showOrder(orderId: number): Promise<AdminOrderAnswer>;
}

export interface MarkReceivedInput {
  orderId: number;
  amount: number;
  receivedOn: string;
  comment?: string | undefined;
  key: string;
  moderatorId: number;
}

/** «2026-12-08», the Moscow day of a moment. */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

function receivedSummary(
  order: OrderRow,
  rows: Array<typeof receivedPayments.$inferSelect>,
): ReceivedPayments {
  const toPay = order.total - order.certificateAmount;
  const received = rows.reduce((sum, row) => sum + row.amount, 0);
  return {
    method_name: plainPaymentMethodName(order.sposobOplat),
    can_mark:
      isOfflinePaymentMethod(order.sposobOplat) &&
      order.status !== 'cancelled' &&
      order.paymentState !== 'paid',
    to_pay: toPay,
    received,
    left: Math.max(0, toPay - received),
    items: rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      received_on: row.receivedOn,
      comment: row.comment,
      moderator_id: row.moderatorId,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

function rowsOf(db: Database, orderId: number) {
  return db
    .select()
    .from(receivedPayments)
    .where(eq(receivedPayments.orderId, orderId))
    .orderBy(asc(receivedPayments.receivedOn), asc(receivedPayments.id));
}

export async function summarizeReceived(db: Database, orderId: number): Promise<ReceivedPayments> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  return receivedSummary(order, await rowsOf(db, orderId));
}

/** The history line of a mark («Получена оплата 1 000 ₽ от 05.12.2026 (банковский перевод по счёту)…»). */
export function describeReceivedPayment(after: Record<string, unknown>): string {
  const day =
    typeof after.received_on === 'string' ? formatDateShort(`${after.received_on}T12:00:00+03:00`) : '';
  const method = typeof after.method === 'string' ? ` (${after.method.toLowerCase()})` : '';
  const whole =
    after.payment_state === 'paid' ? ' — заказ оплачен' : `; осталось ${formatRub(Number(after.left))}`;
  return `Получена оплата ${formatRub(Number(after.amount))} от ${day}${method}${whole}`;
}

/**
 * Records money received for an order. The order's row is locked while it is judged, so two marks at once cannot
 * take more than is left; the same key again (a double click) returns what the first recorded.
 */
export async function markPaymentReceived(deps: ReceivedPaymentsDeps, input: MarkReceivedInput) {
  return deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [order] = await txDb.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    const [again] = await txDb
      .select()
      .from(receivedPayments)
      .where(eq(receivedPayments.idempotencyKey, input.key));
    if (again) {
      if (again.orderId !== order.id) throw conflict('Эта отметка оплаты относится к другому заказу');
      return receivedSummary(order, await rowsOf(txDb, order.id));
    }
    if (!isOfflinePaymentMethod(order.sposobOplat)) {
      throw conflict('Этот заказ оплачивается картой онлайн — оплату отмечает платёжная система');
    }
    if (order.status === 'cancelled') throw conflict('Заказ отменён — оплату по нему не отмечают');
    if (order.paymentState === 'paid') throw conflict('Заказ уже оплачен');
    const today = moscowDay(new Date());
    if (input.receivedOn > today) {
      throw invalidData({ received_on: ['Дата оплаты не может быть позже сегодняшней'] });
    }
    if (input.receivedOn < moscowDay(order.createdAt)) {
      throw invalidData({
        received_on: [`Дата оплаты раньше оформления заказа (${formatDateShort(order.createdAt)})`],
      });
    }
    const before = receivedSummary(order, await rowsOf(txDb, order.id));
    if (input.amount > before.left) {
      throw invalidData({ amount: [`Больше, чем осталось получить: ${formatRub(before.left)}`] });
    }
    await txDb.insert(receivedPayments).values({
      orderId: order.id,
      sposobOplat: order.sposobOplat,
      amount: input.amount,
      receivedOn: input.receivedOn,
      comment: input.comment || null,
      moderatorId: input.moderatorId,
      idempotencyKey: input.key,
    });
    const received = before.received + input.amount;
    const whole = received >= before.to_pay;
    let current = order;
    if (whole) {
      // The day the money came, not the day it was marked: a statement read on Monday for Friday says Friday.
      const paidAt = input.receivedOn === today ? new Date() : new Date(`${input.receivedOn}T12:00:00+03:00`);
      const [updated] = await txDb
        .update(orders)
        .set({ paymentState: 'paid', paidAt, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
        .returning();
      current = updated ?? order;
      // A paid course counts towards the personal discount at once (decision 012); goods count when delivered.
      if (order.userId !== null) await refreshPersonalDiscount(txDb, order.userId, deps.discountTiers);
    }
    const after = receivedSummary(current, await rowsOf(txDb, order.id));
    await writeAudit(txDb, {
      userId: input.moderatorId,
      action: 'order.payment_received',
      entity: 'order',
      entityId: order.id,
      before: { received: before.received, payment_state: order.paymentState },
      after: {
        amount: input.amount,
        received_on: input.receivedOn,
        method: after.method_name,
        received: after.received,
        left: after.left,
        payment_state: current.paymentState,
        ...(input.comment ? { comment: input.comment } : {}),
      },
    });
    if (order.email) {
      const number = orderNumber(order.id);
      await deps.mail.send(
        {
          to: order.email,
          subject: whole ? `Оплата заказа ${number} получена` : `Получена часть оплаты заказа ${number}`,
          text: `Здравствуйте, ${order.name}!\n\n${
            whole
              ? `Мы получили оплату заказа ${number} на сумму ${formatRub(received)}. Спасибо!`
              : `Мы получили ${formatRub(input.amount)} в оплату заказа ${number}. Осталось оплатить ${formatRub(after.left)}.`
          }`,
        },
        txDb,
      );
    }
    return after;
  });
}

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET and POST /api/v1/admin/orders/{id}/received-payments. */
export function receivedPaymentsAdminSection(deps: ReceivedPaymentsDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/orders/:id/received-payments',
      { schema: { params: idParams, response: { 200: receivedPaymentsAnswerSchema } } },
      async (request) => ({ payments: await summarizeReceived(deps.db, request.params.id) }),
    );
    routes.post(
      '/orders/:id/received-payments',
      {
        schema: {
          params: idParams,
          body: receivedPaymentBodySchema,
          response: { 200: paymentReceivedAnswerSchema },
        },
      },
      async (request) => {
        const payments = await markPaymentReceived(deps, {
          orderId: request.params.id,
          amount: request.body.amount,
          receivedOn: request.body.received_on,
          comment: request.body.comment,
          key: request.body.key,
          moderatorId: moderatorId(request),
        });
        return {
          message: 'order/payment_received' as const,
          payments,
          ...(await deps.showOrder(request.params.id)),
        };
      },
    );
  };
}
