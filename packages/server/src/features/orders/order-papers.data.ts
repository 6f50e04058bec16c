// What the papers and the export read of orders (issue 38 points 4–5): the orders picked by id or by the list's
// filters, each with its lines, the money returned, the money marked received, and the online payment's method.
import { plainPaymentMethodName } from '@efir/domain/order-papers-wire';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentRefunds, payments } from '../payments/payments.table.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';
import { orderLines, orders } from './orders.table.ts';
import { type AdminOrdersQuery, describeDelivery, listConditions } from './orders-admin.ts';
import { receivedPayments } from './received-payments.table.ts';

/** The most orders one export carries (a year of a small shop's orders). */
export const EXPORT_MAX = 20_000;

export interface PaperOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  delivery: ReturnType<typeof describeDelivery>;
  /** «Банковский перевод по счёту», «СБП»… */
  methodName: string;
  /** ₽ received: the card payment that succeeded, or the marks of money received. */
  paid: number;
  /** ₽ returned through the payment system and to gift certificates. */
  refunded: number;
}

/** Which orders: the selected ids (in the order given), or every order the list's filters match, newest first. */
export type OrderPick = { ids: number[] } | { filters: AdminOrdersQuery; limit: number };

async function pickOrders(db: Database, pick: OrderPick): Promise<OrderRow[]> {
  if ('ids' in pick) {
    if (pick.ids.length === 0) return [];
    const rows = await db.select().from(orders).where(inArray(orders.id, pick.ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return pick.ids.map((id) => byId.get(id)).filter((row): row is OrderRow => row !== undefined);
  }
  return db
    .select()
    .from(orders)
    .where(listConditions(pick.filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pick.limit);
}

function sumBy(rows: Array<{ orderId: string | number; amount: number }>): Map<number, number> {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(Number(row.orderId), (sums.get(Number(row.orderId)) ?? 0) + row.amount);
  return sums;
}

export async function loadPaperOrders(db: Database, pick: OrderPick): Promise<PaperOrder[]> {
  const rows = await pickOrders(db, pick);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const textIds = ids.map(String);
  const [lines, refunds, cards, received] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id),
    db
      .select({ orderId: paymentRefunds.orderId, amount: paymentRefunds.amount })
      .from(paymentRefunds)
      .where(and(inArray(paymentRefunds.orderId, textIds), eq(paymentRefunds.status, 'succeeded'))),
    db
      .select({
        orderId: payments.orderId,
        amount: payments.amount,
        method: payments.method,
        paid: sql<boolean>`${payments.status} = 'succeeded'`,
      })
      .from(payments)
      .where(inArray(payments.orderId, textIds))
      .orderBy(payments.createdAt, payments.id),
    db
      .select({ orderId: receivedPayments.orderId, amount: receivedPayments.amount })
      .from(receivedPayments)
      .where(inArray(receivedPayments.orderId, ids)),
  ]);
  const refunded = sumBy(refunds);
  const cardPaid = sumBy(cards.filter((card) => card.paid));
  const receivedSum = sumBy(received);
  const methodOf = new Map<number, 'bank_card' | 'sbp' | null>();
  for (const card of cards)
    if (card.paid || !methodOf.has(Number(card.orderId))) methodOf.set(Number(card.orderId), card.method);
  return rows.map((order) => ({
    order,
    lines: lines.filter((line) => line.orderId === order.id),
    delivery: describeDelivery(order),
    methodName: plainPaymentMethodName(order.sposobOplat, methodOf.get(order.id)),
    paid: (cardPaid.get(order.id) ?? 0) + (receivedSum.get(order.id) ?? 0),
    refunded: order.paymentState === 'paid' ? (refunded.get(order.id) ?? 0) + order.certificateRefunded : 0,
  }));
}
