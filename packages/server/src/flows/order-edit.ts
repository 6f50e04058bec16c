// Editing an order in the back office (issue 38 point 1, decision 055): while it is not shipped, its lines, delivery,
// recipient, e-mail, payment method and comment change in one transaction with the order's row locked — goods
// re-priced by checkout's rules, stock moved by the difference, the history written as «было → стало», one letter
// to the customer through the outbox, and the order put back in 1C's queue (`exported_at` cleared).
import { getPaymentMethodName } from '@efir/domain/delivery-catalogue';
import { formatRub } from '@efir/domain/money';
import type { OrderEdit, OrderSettlement } from '@efir/domain/order-edit-wire';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../back-office/audit.ts';
import type { Database } from '../db/client.ts';
import { users } from '../features/account/account.table.ts';
import type { MailService } from '../features/mail/mail.service.ts';
import {
  type CheckoutLine,
  findOrderLines,
  type OrderRow,
  sumRefunded,
} from '../features/orders/orders.repo.ts';
import { CARD_ONLINE, ORDER_STATUS_NAMES, toOrderView } from '../features/orders/orders.service.ts';
import { orderLines, orders } from '../features/orders/orders.table.ts';
import { invalidData, notFound } from '../lib/app-error.ts';
import {
  deliveryOf,
  moveStock,
  orderChangedLetter,
  paymentLinkOf,
  priceLines,
  resolveLines,
} from './order-edit-parts.ts';

export interface OrderEditDeps {
  db: Database;
  mail: MailService;
  origin: string;
}

/** Statuses in which the order can still be changed: once it has left, the parcel is what it is. */
const EDITABLE = new Set<OrderRow['status']>(['new', 'confirmed']);

function describeLine(line: Pick<CheckoutLine, 'name' | 'volume' | 'quantity' | 'price'>): string {
  return `«${line.volume ? `${line.name}, ${line.volume}` : line.name}» ${line.quantity} × ${formatRub(line.price)}`;
}

/** «было → стало» for the lines: each product added, removed or changed, in words. */
function describeLineChanges(
  before: CheckoutLine[],
  after: CheckoutLine[],
  reasons: Map<number, string>,
): string[] {
  const changes: string[] = [];
  for (const line of after) {
    if (line.gift) continue;
    const old = before.find((item) => item.productId === line.productId && !item.gift);
    const reason = reasons.get(line.productId);
    const why = reason ? ` (цена: ${reason})` : '';
    if (!old) changes.push(`Добавлен товар: ${describeLine(line)}${why}`);
    else if (old.quantity !== line.quantity || old.price !== line.price)
      changes.push(`${describeLine(old)} → ${line.quantity} × ${formatRub(line.price)}${why}`);
  }
  for (const old of before) {
    if (!old.gift && !after.some((line) => line.productId === old.productId))
      changes.push(`Убран товар: ${describeLine(old)}`);
  }
  return changes;
}

function change(label: string, before: string, after: string): string | null {
  return before === after ? null : `${label}: ${before || '—'} → ${after || '—'}`;
}

/** A paid order whose total moved: what the customer still owes or is owed (certificates' part aside). */
function settlementOf(order: OrderRow, newTotal: number, refunded: number): OrderSettlement {
  if (order.paymentState !== 'paid') return null;
  const paid = order.total - order.certificateAmount - refunded;
  const due = newTotal - order.certificateAmount - paid;
  if (due === 0) return null;
  return due > 0
    ? { kind: 'extra', amount: due, text: `К доплате ${formatRub(due)}` }
    : { kind: 'refund', amount: -due, text: `К возврату ${formatRub(-due)}` };
}

export async function editOrder(
  deps: OrderEditDeps,
  input: { orderId: number; edit: OrderEdit; moderatorId: number },
): Promise<{ changes: string[]; settlement: OrderSettlement }> {
  const { edit } = input;
  return deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // The row lock makes two edits (or an edit and a status change) of one order take turns.
    const [order] = await txDb.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    if (!EDITABLE.has(order.status)) {
      throw invalidData({
        order: [
          `Заказ в статусе «${ORDER_STATUS_NAMES[order.status]}» изменить нельзя: менять можно новый или подтверждённый заказ, пока он не отправлен`,
        ],
      });
    }
    if (order.delivery.kind === 'course')
      throw invalidData({ order: ['Заказ курса школы здесь не меняется'] });
    if (
      order.paymentState === 'pending' &&
      (edit.lines || edit.delivery || edit.sposob_oplat !== undefined)
    ) {
      // A payment for the old sum is under way at the provider: changing the sum now would let it pay the wrong one.
      throw invalidData({
        order: [
          'Покупатель сейчас оплачивает заказ — дождитесь, пока платёж завершится, и обновите страницу',
        ],
      });
    }
    const paid = order.paymentState === 'paid';
    if (edit.sposob_oplat !== undefined && edit.sposob_oplat !== order.sposobOplat && paid) {
      throw invalidData({ sposob_oplat: ['Заказ уже оплачен — способ оплаты не меняется'] });
    }
    const before = await findOrderLines(txDb, order.id);
    const changes: string[] = [];
    const values: Partial<typeof orders.$inferInsert> = {};

    // Lines: re-priced by checkout's rules with the customer's discount of today and the order's promo code.
    let goods = { lines: before, goodsTotal: order.goodsTotal };
    if (edit.lines) {
      const items = await resolveLines(
        txDb,
        edit.lines,
        before.filter((line) => !line.gift),
      );
      const [customer] =
        order.userId !== null
          ? await txDb.select({ skidka: users.skidka }).from(users).where(eq(users.id, order.userId))
          : [];
      const priced = await priceLines(txDb, items, customer?.skidka ?? 0, order.promoCode);
      const gifts = before.filter((line) => line.gift);
      const next = [...priced.lines, ...gifts];
      const reasons = new Map(
        items.filter((item) => item.override).map((item) => [item.productId, item.override!.reason]),
      );
      const lineChanges = describeLineChanges(before, next, reasons);
      if (lineChanges.length > 0) {
        await moveStock(txDb, before, next);
        await txDb.delete(orderLines).where(eq(orderLines.orderId, order.id));
        await txDb.insert(orderLines).values(next.map((line) => ({ ...line, orderId: order.id })));
        changes.push(...lineChanges);
        Object.assign(values, {
          subtotal: priced.subtotal,
          discount: priced.discount,
          goodsTotal: priced.goodsTotal,
          skidka: priced.skidka,
        });
        goods = {
          lines: next.map((line, index) => ({ ...line, id: index, orderId: order.id })),
          goodsTotal: priced.goodsTotal,
        };
      }
    }

    let deliveryPrice = order.deliveryPrice;
    const comment = edit.comment ?? (typeof order.delivery.koment === 'string' ? order.delivery.koment : '');
    if (edit.delivery) {
      const delivery = deliveryOf(edit.delivery, comment);
      const text = change('Доставка', order.deliveryName, delivery.name);
      if (text) changes.push(text);
      const price = change('Стоимость доставки', formatRub(order.deliveryPrice), formatRub(delivery.price));
      if (price) changes.push(price);
      if (text || price || edit.comment !== undefined) {
        Object.assign(values, {
          delivery: delivery.form,
          deliveryName: delivery.name,
          deliveryPrice: delivery.price,
          // The call is made and the delivery agreed: the order no longer waits for it.
          callBack: false,
        });
        deliveryPrice = delivery.price;
      }
    } else if (edit.comment !== undefined) {
      values.delivery = { ...order.delivery, koment: comment };
    }
    if (edit.comment !== undefined) {
      const text = change('Комментарий', String(order.delivery.koment ?? ''), edit.comment);
      if (text) changes.push(text);
    }
    if (edit.recipient) {
      const r = edit.recipient;
      for (const text of [
        change('Получатель', `${order.name} ${order.fam}`.trim(), `${r.name} ${r.fam}`.trim()),
        change('Телефон', order.tel, r.tel),
        change('E-mail', order.email, r.email),
      ]) {
        if (text) changes.push(text);
      }
      Object.assign(values, { name: r.name, fam: r.fam, tel: r.tel, email: r.email });
    }
    if (edit.sposob_oplat !== undefined && edit.sposob_oplat !== order.sposobOplat) {
      changes.push(
        `Оплата: ${getPaymentMethodName(order.sposobOplat) ?? ''} → ${getPaymentMethodName(edit.sposob_oplat) ?? ''}`,
      );
      values.sposobOplat = edit.sposob_oplat;
      values.paymentState = edit.sposob_oplat === CARD_ONLINE ? 'awaiting' : 'not_required';
    }
    if (changes.length === 0) return { changes, settlement: null };

    const total = goods.goodsTotal + deliveryPrice;
    if (total < order.certificateAmount) {
      throw invalidData({
        lines: [
          `Подарочный сертификат уже оплатил ${formatRub(order.certificateAmount)} — сумма заказа не может стать меньше`,
        ],
      });
    }
    if (total !== order.total) changes.push(`Итого: ${formatRub(order.total)} → ${formatRub(total)}`);
    const refunded = paid ? await sumRefunded(txDb, order.id) : 0;
    const settlement = settlementOf(order, total, refunded);
    const [updated] = await txDb
      .update(orders)
      .set({
        ...values,
        total,
        updatedAt: new Date(),
        // 1C takes the order again with its new lines and total (exchange-sale selects orders not yet exported).
        exportedAt: null,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await writeAudit(txDb, {
      userId: input.moderatorId,
      action: 'order.edit',
      entity: 'order',
      entityId: order.id,
      before: {
        total: order.total,
        lines: before.map((line) => [line.productId, line.quantity, line.price]),
      },
      after: {
        total,
        changes,
        ...(settlement ? { settlement: settlement.text } : {}),
        ...(edit.reason ? { comment: edit.reason } : {}),
      },
    });
    const view = toOrderView(updated!, goods.lines, refunded);
    if (updated!.email) {
      const payable = updated!.sposobOplat === CARD_ONLINE && updated!.paymentState !== 'paid';
      await deps.mail.send(
        orderChangedLetter(view, {
          paymentLink: payable ? paymentLinkOf(deps.origin, updated!) : null,
          settlement:
            settlement?.kind === 'extra'
              ? `К доплате ${formatRub(settlement.amount)} — мы свяжемся с вами, чтобы договориться об оплате.`
              : settlement?.kind === 'refund'
                ? `Мы вернём вам ${formatRub(settlement.amount)} тем же способом, которым вы платили.`
                : null,
          myOrders: `${deps.origin}/my-orders`,
        }),
        txDb,
      );
    }
    return { changes, settlement };
  });
}
