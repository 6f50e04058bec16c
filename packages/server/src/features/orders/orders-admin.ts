// Long, split next: its routes get response schemas on another branch; then routes/service/repo like content-admin.
// The back office's orders (/api/v1/admin/orders): the filtered list, an order's detail with its history, status
// changes along new → confirmed → shipped → delivered (or cancelled, which puts the goods back on the shelf once),
// and a live check of the card payment at the provider.

import type { DiscountTier } from '@efir/domain/account-wire';
import {
  type AdminOrderAnswer,
  adminOrderAnswerSchema,
  adminOrdersAnswerSchema,
  orderPaymentRefreshedSchema,
  orderStatusChangedSchema,
  orderTrackingCorrectedSchema,
} from '@efir/domain/admin-wire';
import {
  DELIVERY_METHODS,
  getDeliveryKindName,
  getDeliveryMethodName,
} from '@efir/domain/delivery-catalogue';
import { formatRub } from '@efir/domain/money';
import { PAYMENT_VIEW_STATES, type PaymentViewState, paymentViewState } from '@efir/domain/order-wire';
import {
  CARRIER_NAMES,
  CARRIERS,
  type Carrier,
  TRACKING_NUMBER_PATTERN,
} from '@efir/domain/shipment-tracking';
import { z } from '@efir/domain/zod-ru';
import { and, asc, count, desc, eq, gte, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { auditLog } from '../../back-office/admin.table.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { conflict, invalidData, notFound } from '../../lib/app-error.ts';
import { notifyBackInStock, refreshPersonalDiscount } from '../account/account.service.ts';
import { users } from '../account/account.table.ts';
import { returnPromoUse } from '../cart/cart.service.ts';
import { returnStock } from '../catalog/catalog.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { describeRefund, REFUND_STATUS_NAMES, type RefundsService } from '../payments/refunds.service.ts';
import { findOrderById, findOrderLines, type OrderRow, refundedOfOrder, sumRefunded } from './orders.repo.ts';
import {
  CARD_ONLINE,
  describeTracking,
  handoverOf,
  ORDER_STATUS_NAMES,
  type OrderCertificates,
  orderNumber,
  PAYMENT_STATE_NAMES,
  paymentStateName,
  toOrderView,
} from './orders.service.ts';
import { ORDER_STATUSES, type OrderStatus, orderLines, orders } from './orders.table.ts';
import { describeReceivedPayment } from './received-payments.ts';

/**
 * Where an order may go from each status; cancelled is final. A delivered order can still be cancelled: a return,
 * which takes it out of the customer's completed orders (and discount) but puts nothing back on the shelf — a
 * returned bottle is checked before it is sold again, and the moderator raises the stock then.
 */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: ['cancelled'],
  cancelled: [],
};

export const ADMIN_ORDERS_PAGE_SIZE = 30;

const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const deliveryMethodIds = Object.keys(DELIVERY_METHODS).map(Number);

export const listQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    status: z.enum(ORDER_STATUSES, { error: 'Неизвестный статус заказа' }).optional(),
    payment: z.enum(PAYMENT_VIEW_STATES, { error: 'Неизвестное состояние оплаты' }).optional(),
    delivery: z.coerce
      .number()
      .int()
      .refine((id) => deliveryMethodIds.includes(id), 'Неизвестный способ доставки')
      .optional(),
    from: z.iso.date('Дата в формате ГГГГ-ММ-ДД').optional(),
    to: z.iso.date('Дата в формате ГГГГ-ММ-ДД').optional(),
    q: z.string().trim().max(100, 'Не длиннее 100 символов').optional(),
    /** «1»: only one-click orders that still wait for the shop's call. */
    call_back: z.enum(['1'], { error: 'Неверный фильтр' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'Дата «по» раньше даты «с»',
  });

const statusBody = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { error: 'Выберите статус заказа' }),
    comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
    /** Shipping: the carrier and its tracking number (decision 029), shown to the customer and in the letter. */
    carrier: z.enum(CARRIERS, { error: 'Выберите службу доставки' }).optional(),
    tracking_number: z
      .string()
      .trim()
      .regex(TRACKING_NUMBER_PATTERN, 'Трек-номер — от 4 до 40 латинских букв и цифр')
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.tracking_number && !body.carrier)
      context.addIssue({ code: 'custom', path: ['carrier'], message: 'Выберите службу доставки' });
    if (body.carrier && !body.tracking_number)
      context.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Введите трек-номер' });
    if (body.tracking_number && body.status !== 'shipped') {
      context.addIssue({
        code: 'custom',
        path: ['tracking_number'],
        message: 'Трек-номер указывают при отправке заказа',
      });
    }
  });

/** A tracking number corrected while the parcel is on its way (the one given when shipping was mistyped). */
const trackingBody = z.strictObject({
  carrier: z.enum(CARRIERS, { error: 'Выберите службу доставки' }),
  tracking_number: z
    .string({ error: 'Введите трек-номер' })
    .trim()
    .regex(TRACKING_NUMBER_PATTERN, 'Трек-номер — от 4 до 40 латинских букв и цифр'),
  comment: z.string().trim().max(500, 'Комментарий — не длиннее 500 символов').optional(),
});

export type AdminOrdersQuery = z.output<typeof listQuery>;

export interface OrdersAdminDeps {
  db: Database;
  payments: Pick<PaymentsService, 'getOrderPayment'>;
  /** Refunds of the paid payment, shown on the order's page (and made from it). */
  refunds?: Pick<RefundsService, 'summarize'>;
  mail: MailService;
  log: FastifyBaseLogger;
  /** The shop's public address without the trailing slash, for links in letters. */
  origin: string;
  /** DISCOUNT_TIERS: a status change can move the customer's personal discount. */
  discountTiers: readonly DiscountTier[];
  /** Gift certificates (decision 045): spent when the order is confirmed, given back when it is cancelled. */
  certificates?: Pick<OrderCertificates, 'confirmed' | 'cancelled'>;
}

/** Backslash-escapes LIKE's wildcards so a searched «%» or «_» means itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Number («ЭФ-000042», «42»), e-mail, name or phone (any formatting, 8 or +7). */
function searchCondition(text: string): SQL | undefined {
  const parts: SQL[] = [];
  const number = /^(?:эф-?)?0*(\d{1,9})$/i.exec(text);
  if (number) parts.push(eq(orders.id, Number(number[1])));
  const pattern = likePattern(text.toLowerCase());
  parts.push(sql`lower(${orders.email}) like ${pattern}`);
  parts.push(sql`lower(${orders.name} || ' ' || ${orders.fam}) like ${pattern}`);
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && /^[78]/.test(digits)) digits = digits.slice(1);
  if (digits.length >= 4) {
    parts.push(sql`regexp_replace(${orders.tel}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...parts);
}

/** The orders whose payment the list shows as `state`: «Оплачен» is paid with nothing returned (decision 028). */
function paymentCondition(state: PaymentViewState): SQL {
  switch (state) {
    case 'paid':
      return and(eq(orders.paymentState, 'paid'), sql`${refundedOfOrder} = 0`)!;
    case 'partially_refunded':
      return and(
        eq(orders.paymentState, 'paid'),
        sql`${refundedOfOrder} > 0`,
        sql`${refundedOfOrder} < ${orders.total}`,
      )!;
    case 'refunded':
      return and(eq(orders.paymentState, 'paid'), sql`${refundedOfOrder} >= ${orders.total}`)!;
    default:
      return eq(orders.paymentState, state);
  }
}

export function listConditions(query: AdminOrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment) conditions.push(paymentCondition(query.payment));
  if (query.call_back) conditions.push(and(eq(orders.callBack, true), eq(orders.status, 'new'))!);
  if (query.delivery) conditions.push(sql`${orders.delivery}->>'type' = ${String(query.delivery)}`);
  // The days are Moscow days, as the moderator reads them.
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00${MOSCOW_OFFSET}`)));
  if (query.to) {
    const dayAfter = new Date(new Date(`${query.to}T00:00:00${MOSCOW_OFFSET}`).getTime() + DAY_MS);
    conditions.push(lt(orders.createdAt, dayAfter));
  }
  if (query.q) {
    const search = searchCondition(query.q);
    if (search) conditions.push(search);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAdminOrders(db: Database, query: AdminOrdersQuery) {
  const where = listConditions(query);
  // Spelled out: inside the subquery a bare "id" would be the line's own id.
  const items = sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = "orders"."id")`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ order: orders, items: items.mapWith(Number), refunded: refundedOfOrder })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db
      .select({ count: count(), sum: sum(orders.total).mapWith(Number) })
      .from(orders)
      .where(where),
  ]);
  const total = totals?.count ?? 0;
  return {
    orders: rows.map(({ order, items: itemCount, refunded }) => {
      const payment = paymentViewState(order.paymentState, order.total, refunded);
      return {
        id: order.id,
        number: orderNumber(order.id),
        created_at: order.createdAt.toISOString(),
        status: order.status,
        status_name: ORDER_STATUS_NAMES[order.status],
        payment_state: payment,
        payment_state_name: paymentStateName(payment, refunded),
        refunded,
        name: order.name,
        fam: order.fam,
        email: order.email,
        tel: order.tel,
        delivery_method: deliveryMethodOf(order),
        sposob_oplat: order.sposobOplat,
        delivery_name: order.deliveryName,
        /** A one-click order still waiting for the shop's call: the list flags it. */
        call_back: order.callBack && order.status === 'new',
        items: itemCount,
        total: order.total,
      };
    }),
    /** Over every order the filters match, not just this page. */
    summary: { count: total, sum: totals?.sum ?? 0 },
    page: query.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
  };
}

function deliveryMethodOf(order: OrderRow): number | null {
  const method = Number(order.delivery.type);
  return Number.isInteger(method) && method > 0 ? method : null;
}

/** The part of the submitted delivery form a moderator needs to send the parcel. */
export function describeDelivery(order: OrderRow) {
  const form = order.delivery;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const method = deliveryMethodOf(order);
  const kind = Number(form.sposob_dost);
  const address = (form.addressNew ?? null) as Record<string, unknown> | null;
  const point = (form.pickupPoint ?? null) as Record<string, unknown> | null;
  return {
    summary: order.deliveryName,
    method: method ? (getDeliveryMethodName(method) ?? null) : null,
    kind: Number.isInteger(kind) ? (getDeliveryKindName(kind) ?? null) : null,
    price: order.deliveryPrice,
    address: address
      ? [address.zip, address.city, address.street, address.house, address.flat]
          .map(text)
          .filter(Boolean)
          .join(', ')
      : null,
    pickup_point: point ? [text(point.name), text(point.address)].filter(Boolean).join(', ') : null,
    comment: text(form.koment),
    wishes: text(form.dost_dop),
    call_before: form.calling === true,
    ecopack: form.ecopack === true,
    consultation: form.consultant === true,
    hydrolats: order.hydr,
  };
}

type HistoryEntry = { at: string; who: string; text: string; comment: string | null };

/** «СДЭК 1234567890» from an audit entry's carrier and tracking number. */
function describeParcel(entry: Record<string, unknown>): string {
  if (typeof entry.tracking_number !== 'string') return 'не указан';
  return `${CARRIER_NAMES[entry.carrier as Carrier] ?? ''} ${entry.tracking_number}`.trim();
}

function describeAuditEntry(row: typeof auditLog.$inferSelect): HistoryEntry {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const statusName = (value: unknown) => ORDER_STATUS_NAMES[value as OrderStatus] ?? String(value);
  const paymentName = (value: unknown) =>
    PAYMENT_STATE_NAMES[value as keyof typeof PAYMENT_STATE_NAMES] ?? String(value);
  const text =
    row.action === 'order.status'
      ? `Статус: ${statusName(before.status)} → ${statusName(after.status)}${before.status === 'delivered' ? ' (возврат после доставки)' : ''}${typeof after.tracking_number === 'string' ? `; трек-номер ${CARRIER_NAMES[after.carrier as Carrier] ?? ''} ${after.tracking_number}` : ''}${Array.isArray(after.stock_returned) ? '; товары возвращены на склад' : ''}${typeof after.skidka === 'number' ? `; личная скидка покупателя: ${after.skidka} %` : ''}`
      : row.action === 'order.payment'
        ? `Оплата (проверено в платёжной системе): ${paymentName(before.payment_state)} → ${paymentName(after.payment_state)}`
        : row.action === 'order.refund'
          ? describeRefund(after)
          : row.action === 'order.payment_received'
            ? describeReceivedPayment(after)
            : row.action === 'order.certificate_refund'
              ? `Возврат ${formatRub(Number(after.amount))} на подарочный сертификат; всего на сертификаты возвращено ${formatRub(Number(after.certificate_refunded))}`
              : row.action === 'order.tracking'
                ? `Трек-номер исправлен: ${describeParcel(before)} → ${describeParcel(after)}`
                : row.action === 'order.edit' && Array.isArray(after.changes)
                  ? `Заказ изменён: ${after.changes.join('; ')}${typeof after.settlement === 'string' ? `; ${after.settlement.toLowerCase()}` : ''}`
                  : row.action === 'order.phone'
                    ? 'Заказ принят по телефону'
                    : row.action;
  return {
    at: row.createdAt.toISOString(),
    // User 0 is the shop itself: 1C's exchange, CDEK's delivery report.
    who: row.userId === 0 ? 'Магазин (автоматически)' : `Модератор № ${row.userId}`,
    text,
    comment: typeof after.comment === 'string' && after.comment ? after.comment : null,
  };
}

export async function getAdminOrder(
  deps: Pick<OrdersAdminDeps, 'db' | 'payments' | 'refunds'>,
  id: number,
): Promise<AdminOrderAnswer> {
  const { db } = deps;
  const order = await findOrderById(db, id);
  if (!order) throw notFound('Заказ не найден');
  const [lines, payment, audit, refunds] = await Promise.all([
    findOrderLines(db, id),
    deps.payments.getOrderPayment(id),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    deps.refunds?.summarize(id),
  ]);
  const history: HistoryEntry[] = [
    { at: order.createdAt.toISOString(), who: 'Покупатель', text: 'Заказ оформлен', comment: null },
    ...(order.paidAt && !audit.some((row) => row.action === 'order.payment_received')
      ? [{ at: order.paidAt.toISOString(), who: 'Платёжная система', text: 'Оплата получена', comment: null }]
      : []),
    ...audit.map(describeAuditEntry),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    order: {
      ...toOrderView(order, lines, refunds?.refunded ?? 0),
      user_id: order.userId,
      delivery: describeDelivery(order),
      next_statuses: NEXT_STATUSES[order.status].map((status) => ({
        status,
        name: ORDER_STATUS_NAMES[status],
      })),
      payment: payment
        ? {
            provider: payment.provider,
            /** bank_card: YooKassa's card page; sbp: СБП. */
            method: payment.method ?? 'bank_card',
            payment_id: payment.providerPaymentId,
            status: payment.status,
            amount: payment.amount,
            created_at: payment.createdAt.toISOString(),
            paid_at: payment.paidAt?.toISOString() ?? null,
          }
        : null,
      can_refresh_payment: order.sposobOplat === CARD_ONLINE,
      refunds: refunds
        ? {
            paid: refunds.paid,
            refunded: refunds.refunded,
            /** What the «Вернуть деньги» form may still return. */
            left: refunds.left,
            items: refunds.refunds.map((refund) => ({
              id: refund.id,
              amount: refund.amount,
              status: refund.status,
              status_name: REFUND_STATUS_NAMES[refund.status],
              comment: refund.comment,
              created_at: refund.createdAt.toISOString(),
            })),
          }
        : null,
      history,
    },
  };
}

function refuseIllegal(from: OrderStatus, to: OrderStatus): void {
  if (NEXT_STATUSES[from].includes(to)) return;
  const message =
    from === to
      ? `Заказ уже в статусе «${ORDER_STATUS_NAMES[to]}»`
      : NEXT_STATUSES[from].length === 0
        ? `Статус «${ORDER_STATUS_NAMES[from]}» окончательный — его нельзя изменить`
        : `Из статуса «${ORDER_STATUS_NAMES[from]}» можно перейти только в ${NEXT_STATUSES[from]
            .map((status) => `«${ORDER_STATUS_NAMES[status]}»`)
            .join(' или ')}`;
  throw invalidData({ status: [message] });
}

/** «Трек-номер СДЭК: 1234567890. Отследить посылку: https://…», or '' without a number. */
function trackingSentence(order: OrderRow): string {
  const tracking = describeTracking(order);
  if (!tracking) return '';
  return `Трек-номер ${tracking.carrier_name}: ${tracking.number}.${tracking.url ? ` Отследить посылку: ${tracking.url}` : ''}`;
}

/** `refunded`: ₽ already returned through the payment system (a cancelled paid order says what is left to do). */
const STATUS_LETTERS: Partial<Record<OrderStatus, (order: OrderRow, refunded: number) => string>> = {
  confirmed: (order) => {
    const handover = handoverOf(order);
    const next =
      handover === 'course'
        ? 'Курс ждёт вас в разделе «Мои курсы» личного кабинета.'
        : handover === 'pickup'
          ? 'Сообщим, когда его можно будет забрать в нашем офисе.'
          : 'Сообщим, когда передадим его в доставку.';
    return handover === 'course'
      ? `Мы подтвердили ваш заказ ${orderNumber(order.id)}. ${next}`
      : `Мы подтвердили ваш заказ ${orderNumber(order.id)} и начинаем его собирать. ${next}`;
  },
  shipped: (order) => {
    const follow = trackingSentence(order);
    return `Ваш заказ ${orderNumber(order.id)} передан в доставку: ${order.deliveryName}.${follow ? ` ${follow}` : ''}`;
  },
  delivered: (order) =>
    `Заказ ${orderNumber(order.id)} доставлен. Спасибо, что выбрали «Эфир»! Будем рады вашему отзыву.`,
  cancelled: (order, refunded) => {
    // What certificates paid is back on them already (decision 045); the rest is what the payment method paid.
    const byCertificates = order.certificateAmount;
    const byMethod = order.total - byCertificates;
    const certificates =
      byCertificates > 0
        ? ` ${formatRub(byCertificates)} вернулись на подарочный сертификат — им можно оплатить другой заказ.`
        : '';
    const money =
      order.paymentState !== 'paid' || byMethod === 0
        ? ''
        : refunded >= byMethod
          ? ' Деньги за него мы вам уже вернули.'
          : byCertificates > 0
            ? ` Оплату ${formatRub(byMethod)} мы вернём — свяжемся с вами.`
            : ' Вы его уже оплатили — мы свяжемся с вами, чтобы вернуть деньги.';
    return `Заказ ${orderNumber(order.id)} на сумму ${formatRub(order.total)} отменён.${certificates}${money} Если это ошибка, просто ответьте на это письмо.`;
  },
};

const RETURN_LETTER = (order: OrderRow) =>
  `Мы оформили возврат заказа ${orderNumber(order.id)} на сумму ${formatRub(order.total)}. Если деньги ещё не вернулись, мы свяжемся с вами. Если это ошибка, просто ответьте на это письмо.`;

/**
 * The customer hears of a change to the order by letter and, with Telegram linked in /my-settings, there too: both
 * are written to the outbox in the change's own transaction (decision 026).
 */
async function tellCustomer(
  deps: OrdersAdminDeps,
  txDb: Database,
  order: OrderRow,
  subject: string,
  message: string,
): Promise<void> {
  const link = `${deps.origin}/my-orders`;
  // A one-click buyer may have left no e-mail: the shop calls them instead.
  if (order.email) {
    await deps.mail.send(
      {
        to: order.email,
        subject,
        text: `Здравствуйте, ${order.name}!\n\n${message}\n\nВаши заказы: ${link}`,
      },
      txDb,
    );
  }
  if (order.userId === null) return;
  const [user] = await txDb
    .select({ chatId: users.telegramChatId })
    .from(users)
    .where(eq(users.id, order.userId));
  if (user?.chatId) await deps.mail.sendTelegram(user.chatId, `${subject}\n\n${message}\n\n${link}`, txDb);
}

async function tellAboutStatus(deps: OrdersAdminDeps, txDb: Database, order: OrderRow, returned: boolean) {
  const letter = returned ? RETURN_LETTER : STATUS_LETTERS[order.status];
  if (!letter) return;
  const refunded = order.paymentState === 'paid' ? await sumRefunded(txDb, order.id) : 0;
  const subject = `Заказ ${orderNumber(order.id)}: ${ORDER_STATUS_NAMES[order.status].toLowerCase()}`;
  await tellCustomer(deps, txDb, order, subject, letter(order, refunded));
}

/**
 * Moves the order to `target` if the flow allows it. The update is conditional on the status just read, so of two
 * moderators acting at once only one wins; a cancel returns the lines to stock in the same transaction, hence once,
 * and tells the waitlist about goods that were sold out.
 */
export async function changeOrderStatus(
  deps: OrdersAdminDeps,
  input: {
    orderId: number;
    status: OrderStatus;
    comment?: string | undefined;
    moderatorId: number;
    /** Written with the move to «shipped», so the letter carries the tracking link. */
    shipment?: { carrier: Carrier; trackingNumber: string } | undefined;
  },
): Promise<OrderRow> {
  const { db } = deps;
  const backOnShelf: number[] = [];
  async function refreshDiscountOf(txDb: Database, userId: number) {
    const [user] = await txDb.select({ skidka: users.skidka }).from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    return { before: user.skidka, after: await refreshPersonalDiscount(txDb, userId, deps.discountTiers) };
  }
  const { order: changed } = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const order = await findOrderById(txDb, input.orderId);
    if (!order) throw notFound('Заказ не найден');
    refuseIllegal(order.status, input.status);
    const [updated] = await txDb
      .update(orders)
      .set({
        status: input.status,
        updatedAt: new Date(),
        ...(input.shipment
          ? {
              carrier: input.shipment.carrier,
              trackingNumber: input.shipment.trackingNumber,
              carrierStatus: null,
              carrierCheckedAt: null,
            }
          : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!updated) {
      // Someone changed it between our read and our write: judge again against what is there now.
      const now = await findOrderById(txDb, order.id);
      if (now) refuseIllegal(now.status, input.status);
      throw conflict('Статус заказа только что изменили — обновите страницу');
    }
    // What certificates paid is theirs again when the order is cancelled (a return after delivery too); any other
    // move means the shop goes on with the order, so what they reserved is spent.
    let certificatesReturned = 0;
    if (input.status === 'cancelled') {
      certificatesReturned = (await deps.certificates?.cancelled(txDb, order.id, input.moderatorId)) ?? 0;
    } else {
      await deps.certificates?.confirmed(txDb, order.id);
    }
    let stockReturned: Array<{ product_id: number; quantity: number; stock: number | null }> | undefined;
    let promoReturned: string | undefined;
    // A return after delivery: the goods and the code's use were consumed (see NEXT_STATUSES).
    if (input.status === 'cancelled' && order.status !== 'delivered') {
      // The code's use goes back with the goods: a limited code is not used up by an order that never happened.
      if (order.promoCode && (await returnPromoUse(txDb, order.promoCode))) promoReturned = order.promoCode;
      const byProduct = new Map<number, number>();
      for (const line of await findOrderLines(txDb, order.id)) {
        byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
      }
      stockReturned = [];
      // Ascending product ids, the same order checkout takes stock in, so the two never deadlock.
      for (const [productId, quantity] of [...byProduct].sort(([a], [b]) => a - b)) {
        const stock = await returnStock(txDb, productId, quantity);
        stockReturned.push({ product_id: productId, quantity, stock: stock?.after ?? null });
        if (stock && stock.before <= 0 && stock.after > 0) backOnShelf.push(productId);
      }
    }
    // Delivered, a return, or a paid course cancelled moves the customer's completed total, hence the discount.
    const skidka = order.userId !== null ? await refreshDiscountOf(txDb, order.userId) : undefined;
    await writeAudit(txDb, {
      userId: input.moderatorId,
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: {
        status: input.status,
        ...(input.comment ? { comment: input.comment } : {}),
        ...(input.shipment
          ? { carrier: input.shipment.carrier, tracking_number: input.shipment.trackingNumber }
          : {}),
        ...(stockReturned ? { stock_returned: stockReturned } : {}),
        ...(promoReturned ? { promo_returned: promoReturned } : {}),
        ...(certificatesReturned > 0 ? { certificates_returned: certificatesReturned } : {}),
        ...(skidka && skidka.before !== skidka.after ? { skidka: skidka.after } : {}),
      },
    });
    await tellAboutStatus(deps, txDb, updated, order.status === 'delivered');
    return { order: updated, returned: order.status === 'delivered' };
  });
  // Goods that were sold out are buyable again: whoever waits for them hears, as when a moderator raises stock.
  for (const productId of backOnShelf) {
    await notifyBackInStock(db, deps.mail, productId, deps.origin).catch((error: unknown) =>
      deps.log.error({ err: error, productId }, 'back-in-stock letters failed'),
    );
  }
  return changed;
}

/**
 * Corrects the carrier and tracking number of a shipped order (not yet delivered): the row is locked while it is
 * judged, the change goes to the order's history, and the customer gets the new tracking link — all in one
 * transaction. The same number again changes nothing and tells nobody (a double click).
 */
export async function correctTracking(
  deps: OrdersAdminDeps,
  input: {
    orderId: number;
    carrier: Carrier;
    trackingNumber: string;
    comment?: string | undefined;
    moderatorId: number;
  },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [order] = await txDb.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    if (order.status !== 'shipped') {
      throw invalidData({
        tracking_number: [
          `Трек-номер исправляют, пока заказ в пути (статус «${ORDER_STATUS_NAMES.shipped}»), а этот — «${ORDER_STATUS_NAMES[order.status]}»`,
        ],
      });
    }
    if (order.carrier === input.carrier && order.trackingNumber === input.trackingNumber) return;
    const [updated] = await txDb
      .update(orders)
      .set({
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        // The carrier's status was the old parcel's: the CDEK poll asks about the new one.
        carrierStatus: null,
        carrierCheckedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await writeAudit(txDb, {
      userId: input.moderatorId,
      action: 'order.tracking',
      entity: 'order',
      entityId: order.id,
      before: { carrier: order.carrier, tracking_number: order.trackingNumber },
      after: {
        carrier: input.carrier,
        tracking_number: input.trackingNumber,
        ...(input.comment ? { comment: input.comment } : {}),
      },
    });
    await tellCustomer(
      deps,
      txDb,
      updated!,
      `Заказ ${orderNumber(order.id)}: новый трек-номер`,
      `Мы исправили трек-номер вашего заказа ${orderNumber(order.id)}. ${trackingSentence(updated!)}`,
    );
  });
}

/**
 * Asks the provider about the order's latest payment, through the same check the webhook uses (which applies a
 * real change to the order); the moderator's request is then written to the audit log if the order changed.
 */
export async function refreshOrderPayment(deps: OrdersAdminDeps, orderId: number, moderator: number) {
  const { db } = deps;
  const order = await findOrderById(db, orderId);
  if (!order) throw notFound('Заказ не найден');
  if (order.sposobOplat !== CARD_ONLINE) throw conflict('Этот заказ оплачивается не картой онлайн');
  const payment = await deps.payments.getOrderPayment(orderId, { refresh: true });
  const fresh = (await findOrderById(db, orderId)) ?? order;
  if (fresh.paymentState !== order.paymentState || fresh.status !== order.status) {
    await writeAudit(db, {
      userId: moderator,
      action: 'order.payment',
      entity: 'order',
      entityId: orderId,
      before: { payment_state: order.paymentState, status: order.status },
      after: { payment_state: fresh.paymentState, status: fresh.status, payment_status: payment?.status },
    });
  }
  return { changed: fresh.paymentState !== order.paymentState, hasPayment: payment !== null };
}

/** The orders' part of the guarded /api/v1/admin scope. */
export function ordersAdminSection(deps: OrdersAdminDeps) {
  return (scope: FastifyInstance) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/orders',
      { schema: { querystring: listQuery, response: { 200: adminOrdersAnswerSchema } } },
      async (request) => listAdminOrders(deps.db, request.query),
    );

    routes.get(
      '/orders/:id',
      { schema: { params: idParams, response: { 200: adminOrderAnswerSchema } } },
      async (request) => getAdminOrder(deps, request.params.id),
    );

    routes.put(
      '/orders/:id/status',
      { schema: { params: idParams, body: statusBody, response: { 200: orderStatusChangedSchema } } },
      async (request) => {
        await changeOrderStatus(deps, {
          orderId: request.params.id,
          status: request.body.status,
          comment: request.body.comment,
          moderatorId: moderatorId(request),
          shipment:
            request.body.carrier && request.body.tracking_number
              ? { carrier: request.body.carrier, trackingNumber: request.body.tracking_number }
              : undefined,
        });
        return { message: 'order/status' as const, ...(await getAdminOrder(deps, request.params.id)) };
      },
    );

    routes.put(
      '/orders/:id/tracking',
      { schema: { params: idParams, body: trackingBody, response: { 200: orderTrackingCorrectedSchema } } },
      async (request) => {
        await correctTracking(deps, {
          orderId: request.params.id,
          carrier: request.body.carrier,
          trackingNumber: request.body.tracking_number,
          comment: request.body.comment,
          moderatorId: moderatorId(request),
        });
        return { message: 'order/tracking' as const, ...(await getAdminOrder(deps, request.params.id)) };
      },
    );

    routes.post(
      '/orders/:id/payment/refresh',
      {
        schema: {
          params: idParams,
          body: z.strictObject({}).nullish(),
          response: { 200: orderPaymentRefreshedSchema },
        },
      },
      async (request) => {
        const result = await refreshOrderPayment(deps, request.params.id, moderatorId(request));
        return {
          message: 'order/payment' as const,
          changed: result.changed,
          ...(await getAdminOrder(deps, request.params.id)),
        };
      },
    );
  };
}
