// Long on purpose: placing an order is one transaction over stock, promo, lines and cart, with the views it returns.
// Placing orders from the server-side cart (one transaction: stock taken conditionally, promo use counted, lines
// copied, cart emptied), idempotent by the client's key; order views; payment status follow-up.
import { randomUUID } from 'node:crypto';
import { PICKUP_DELIVERY_KINDS } from '@efir/domain/account-schemas';
import type { DiscountTier } from '@efir/domain/account-wire';
import type { CartAnswer } from '@efir/domain/cart-wire';
import { getDeliveryKindName, getPaymentMethodName } from '@efir/domain/delivery-catalogue';
import type { CheckoutContact, DeliveryForm } from '@efir/domain/delivery-rules';
import type { CertificateRecipientForm } from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import {
  type OrderHandover,
  type OrderView,
  type PaymentViewState,
  paymentViewState,
  type ShipmentTracking,
} from '@efir/domain/order-wire';
import { CARRIER_NAMES, trackingUrl } from '@efir/domain/shipment-tracking';
import { SHOP_REQUISITES } from '@efir/domain/shop-info';
import type { ShopRequisites } from '@efir/domain/shop-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, type FieldErrors, invalidData, notFound } from '../../lib/app-error.ts';
import type { CartSnapshot, DeliveryQuoteResult } from '../../modules/delivery/index.ts';
import {
  refreshPersonalDiscount,
  rememberAddress,
  rememberPickupPoint,
  type UserRow,
} from '../account/account.service.ts';
import {
  type CartRow,
  type CartService,
  type CartView,
  FIRST_ORDER_CONDITION,
  noticeTexts,
  usePromoCode,
} from '../cart/cart.service.ts';
import { takeStock } from '../catalog/catalog.service.ts';
import { measureParcel } from '../catalog/parcel.ts';
import type { MailService } from '../mail/mail.service.ts';
import { orderPlacedLetter } from './order-letters.ts';
import {
  attachGuestOrders,
  buyerHasOrdered,
  type CheckoutLine,
  findLastOrderOfCart,
  findOrderById,
  findOrderByKey,
  findOrderLines,
  findOrdersOfUser,
  insertCheckoutOrder,
  lockBuyer,
  lockCartLines,
  type OrderRow,
  sumRefunded,
  updateOrder,
} from './orders.repo.ts';
import type { OrderStatus } from './orders.table.ts';
import type { OwnerNotice } from './owner-notice.ts';

// The orders' door for other features (decision 033): the school's course orders, the first-order check of a promo
// code, the refunded sum the back office lists, and 1C's export mark go through here, never through orders.repo.ts.
export {
  buyerHasOrdered,
  countGuestOrders,
  findOrderById,
  insertOrder,
  insertOrderLines,
  markOrdersExported,
  type OrderRow,
  refundedOfOrder,
} from './orders.repo.ts';

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  shipped: 'Отправлен',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
};

export const PAYMENT_STATE_NAMES: Record<PaymentViewState, string> = {
  not_required: 'Оплата при получении или по счёту',
  awaiting: 'Ожидает оплаты',
  pending: 'Платёж в обработке',
  paid: 'Оплачен',
  canceled: 'Платёж отменён',
  partially_refunded: 'Частично возвращён',
  refunded: 'Возвращён',
};

/** The payment's name as the customer reads it; a part returned says how much («Частично возвращён: 300 ₽»). */
export function paymentStateName(state: PaymentViewState, refunded: number): string {
  return state === 'partially_refunded'
    ? `${PAYMENT_STATE_NAMES[state]}: ${formatRub(refunded)}`
    : PAYMENT_STATE_NAMES[state];
}

export const CARD_ONLINE = 5;
export const BANK_PREPAYMENT = 3;

/** What a customer paying by bank transfer needs (spec §3 payment 3): the shop's account and the purpose. */
export function buildInvoice(
  order: Pick<OrderRow, 'id' | 'total' | 'certificateAmount' | 'createdAt'>,
  /** The shop's requisites in force (the owner's settings, decision 060). */
  recipient: ShopRequisites = SHOP_REQUISITES,
) {
  return {
    number: orderNumber(order.id),
    date: order.createdAt.toISOString(),
    amount: order.total - order.certificateAmount,
    purpose: `Оплата по счёту ${orderNumber(order.id)} за товары, без НДС`,
    recipient,
  };
}

/**
 * What orders ask of gift certificates (decision 045), handed in by the composition root so that orders never import
 * them: every call runs in the order's transaction.
 */
export interface OrderCertificates {
  /** The recipients the buyer named for the order's certificate lines. */
  saveRecipients(txDb: Database, orderId: number, recipients: CertificateRecipientForm[]): Promise<void>;
  /** Takes up to `amount` ₽ from the cart's certificates for the order; ₽ taken. */
  reserve(txDb: Database, input: { cartId: string; orderId: number; amount: number }): Promise<number>;
  /** The order is paid: its certificate reservations are spent and its certificate lines issued (once each). */
  paid(txDb: Database, order: OrderRow): Promise<void>;
  /** The order is confirmed (paid on delivery, by invoice…): its reservations are spent. */
  confirmed(txDb: Database, orderId: number): Promise<void>;
  /** The order is cancelled: what the certificates paid goes back to them. ₽ returned. */
  cancelled(txDb: Database, orderId: number, moderatorId: number | null): Promise<number>;
  /** The order's lines that sell certificates (an advance in the receipt), by product id. */
  certificateProducts(db: Database, orderId: number): Promise<Set<number>>;
}

export interface PlaceOrderInput {
  idempotency_key: string;
  /** At most this much of the cart's gift certificates pays the order, ₽; all it can without it (decision 045). */
  certificate_limit?: number | undefined;
  /** One entry per certificate bought, in line order (decision 045). */
  gift_certificates?: CertificateRecipientForm[] | undefined;
  contact: CheckoutContact;
  delivery: DeliveryForm;
  /** The figures the buyer confirmed (the shop's own client sends them; other clients may not). */
  expected?: { goods_total: number; delivery_price: number; cart_version?: string | undefined } | undefined;
}

/** What differs between what the buyer confirmed and the server's cart and figures, in Russian, by field. */
function describeChangedFigures(
  expected: NonNullable<PlaceOrderInput['expected']>,
  cart: { total: number; version: string },
  deliveryPrice: number,
): FieldErrors | null {
  const changes: FieldErrors = {};
  const goodsTotal = cart.total;
  if (expected.goods_total !== goodsTotal) {
    changes.cart = [
      `Товары теперь стоят ${formatRub(goodsTotal)}, а не ${formatRub(expected.goods_total)}: цены или скидка изменились`,
    ];
  } else if (expected.cart_version !== undefined && expected.cart_version !== cart.version) {
    // Same money, other goods: a line was swapped or changed in another tab or on another device.
    changes.cart = ['Состав корзины изменился в другой вкладке или на другом устройстве: проверьте товары'];
  }
  if (expected.delivery_price !== deliveryPrice) {
    changes.delivery_price = [
      deliveryPrice === 0
        ? `Доставка теперь бесплатная (была ${formatRub(expected.delivery_price)})`
        : expected.delivery_price === 0
          ? `Доставка теперь стоит ${formatRub(deliveryPrice)} (была бесплатной)`
          : `Доставка теперь стоит ${formatRub(deliveryPrice)}, а не ${formatRub(expected.delivery_price)}`,
    ];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export function orderNumber(id: number): string {
  return `ЭФ-${String(id).padStart(6, '0')}`;
}

function formatDeliveryDetails(
  form: DeliveryForm,
  quote: Extract<DeliveryQuoteResult, { ok: true }>,
): string {
  const kind = getDeliveryKindName(quote.kind) ?? quote.tarifName;
  const address = form.addressNew
    ? [
        form.addressNew.zip,
        form.addressNew.city,
        form.addressNew.street,
        form.addressNew.house,
        form.addressNew.flat,
      ]
        .filter(Boolean)
        .join(', ')
    : quote.pickupPoint
      ? `${quote.pickupPoint.name}, ${quote.pickupPoint.address}`
      : '';
  // The tariff's own name usually says the kind already («Курьер по Москве в пределах МКАД»).
  const method = quote.tarifName.includes(kind)
    ? quote.tarifName
    : [kind, quote.tarifName].filter(Boolean).join(', ');
  return [method, address].filter(Boolean).join(' — ');
}

export function handoverOf(order: Pick<OrderRow, 'delivery'>): OrderHandover {
  // The school writes {kind: 'course'}; a checkout writes the Delivery form, whose method 1 is «Самовывоз».
  if (order.delivery.kind === 'course') return 'course';
  return order.delivery.type === 1 ? 'pickup' : 'delivery';
}

/** What happens after the money came, by the way the order is handed over. */
const AFTER_PAYMENT: Record<OrderHandover, (origin: string) => string> = {
  delivery: (origin) => `Соберём и отправим его в ближайшее время.\n\n${origin}/my-orders`,
  pickup: (origin) =>
    `Соберём его и напишем, когда его можно будет забрать в нашем офисе.\n\n${origin}/my-orders`,
  course: (origin) => `Курс открыт — он в разделе «Мои курсы»: ${origin}/my-courses`,
};

export function describeTracking(
  order: Pick<OrderRow, 'carrier' | 'trackingNumber'>,
): ShipmentTracking | null {
  if (!order.carrier || !order.trackingNumber) return null;
  return {
    carrier: order.carrier,
    carrier_name: CARRIER_NAMES[order.carrier],
    number: order.trackingNumber,
    url: trackingUrl(order.carrier, order.trackingNumber),
  };
}

/**
 * `refunded`: what was returned through the payment system (refunds from the back office), ₽. With what went back to
 * gift certificates it is compared with the whole total: a mixed order is «Возвращён» when both parts are back.
 */
export function toOrderView(
  order: OrderRow,
  lines: CheckoutLine[],
  cardRefunded = 0,
  requisites?: ShopRequisites,
): OrderView {
  const refunded = cardRefunded + (order.paymentState === 'paid' ? order.certificateRefunded : 0);
  const payment = paymentViewState(order.paymentState, order.total, refunded);
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    status_name: ORDER_STATUS_NAMES[order.status],
    payment_state: payment,
    payment_state_name: paymentStateName(payment, refunded),
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    name: order.name,
    fam: order.fam,
    email: order.email,
    tel: order.tel,
    delivery_name: order.deliveryName,
    delivery_price: order.deliveryPrice,
    handover: handoverOf(order),
    sposob_oplat: order.sposobOplat,
    sposob_oplat_name: getPaymentMethodName(order.sposobOplat) ?? '',
    promo_code: order.promoCode,
    subtotal: order.subtotal,
    discount: order.discount,
    goods_total: order.goodsTotal,
    total: order.total,
    certificate_amount: order.certificateAmount,
    to_pay: order.total - order.certificateAmount,
    refunded,
    invoice: order.sposobOplat === BANK_PREPAYMENT ? buildInvoice(order, requisites) : null,
    call_back: order.callBack,
    tracking: describeTracking(order),
    lines: lines.map((line) => ({
      id: line.productId,
      name: line.name,
      volume: line.volume,
      url: line.url,
      quantity: line.quantity,
      cena: line.cena,
      cena_st: line.cenaSt,
      price: line.price,
      sum: line.sum,
      gift: line.gift,
    })),
  };
}

/**
 * Keeps a logged-in buyer's new address or pickup point in their book, once (the same address or point is not added
 * twice) and within the book's limits (a full book is left as it is).
 */
async function rememberDeliveryChoice(
  db: Database,
  userId: number,
  form: DeliveryForm,
  point: { code: string; type: number; name: string; address: string } | null,
): Promise<void> {
  if (form.addressNew) await rememberAddress(db, userId, form.addressNew);
  if (form.pvzNew && point && (PICKUP_DELIVERY_KINDS as readonly number[]).includes(point.type)) {
    await rememberPickupPoint(db, userId, {
      code: point.code,
      type: point.type,
      name: point.name,
      address: point.address,
    });
  }
}

/**
 * Takes the lines' goods from stock inside the order's transaction, as every order does (checkout, «Купить в 1 клик»);
 * the refusal names the first product that is short, and the caller rolls the transaction back. Ascending product
 * ids, so two orders sharing products cannot deadlock each other (a cancel returns stock in the same order).
 */
export async function reserveStock(
  txDb: Database,
  lines: ReadonlyArray<{ id: number; name: string; quantity: number }>,
): Promise<AppError | null> {
  const byProduct = new Map<number, number>();
  for (const line of lines) byProduct.set(line.id, (byProduct.get(line.id) ?? 0) + line.quantity);
  for (const [productId, quantity] of [...byProduct].sort(([a], [b]) => a - b)) {
    if (!(await takeStock(txDb, productId, quantity))) {
      const name = lines.find((line) => line.id === productId)?.name ?? 'Товар';
      return conflict(`«${name}» закончился, пока вы оформляли заказ`, {
        [`lines.${productId}`]: [`«${name}»: столько нет в наличии — уменьшите количество`],
      });
    }
  }
  return null;
}

/** How long an emptied cart still answers a checkout with the order that took it. */
const RECENT_ORDER_MS = 30 * 60_000;

/** Whether the cart's lines, read under its lock, are still those the order was priced from. */
function cartChanged(
  view: CartView,
  current: Array<{ productId: number; quantity: number }>,
): 'ordered' | 'changed' | null {
  if (current.length === 0) return 'ordered';
  const priced = new Map(view.cart.lines.map((line) => [line.id, line.quantity]));
  const same =
    current.length === priced.size && current.every((line) => priced.get(line.productId) === line.quantity);
  return same ? null : 'changed';
}

/** An order refused while the cart holds lines that cannot be bought, each named with what to do. */
export function unavailableLines(lines: CartAnswer['cart']['unavailable']): AppError {
  return conflict('В корзине есть товары, которых нет в наличии', {
    cart: lines.map(
      (line) =>
        `«${line.volume ? `${line.name}, ${line.volume}` : line.name}»: ${line.reason === 'sold_out' ? 'нет в наличии' : 'больше не продаётся'} — уберите из корзины, чтобы оформить заказ`,
    ),
  });
}

function cartAlreadyOrdered(order: OrderRow | undefined, signedIn: boolean): AppError {
  const where = signedIn ? 'Он в разделе «Мои заказы».' : 'Письмо с ним — на вашей почте.';
  return conflict(order ? `Заказ из этой корзины уже оформлен: ${orderNumber(order.id)}` : 'Корзина пуста', {
    cart: [
      order
        ? `Эта корзина уже стала заказом ${orderNumber(order.id)}. ${where} Чтобы заказать ещё, добавьте товары в корзину`
        : 'Добавьте товары в корзину, чтобы оформить заказ',
    ],
  });
}

function firstOrderRefusal(code: string): AppError {
  return conflict(`Промокод ${code} действует только на первый заказ`, {
    promo: [
      `Промокод ${code} — только для первого заказа, а на ваш e-mail, телефон или аккаунт заказ уже оформлен. Мы убрали его из корзины: проверьте новую сумму и подтвердите заказ`,
    ],
  });
}

/**
 * An account's e-mail was confirmed (decision 040): the guest orders placed with that e-mail join the account, and
 * the personal discount is worked out again from them, in the caller's transaction.
 */
export async function joinGuestOrders(
  db: Database,
  userId: number,
  email: string,
  tiers: readonly DiscountTier[],
): Promise<number[]> {
  const joined = await attachGuestOrders(db, userId, email);
  if (joined.length > 0) await refreshPersonalDiscount(db, userId, tiers);
  return joined;
}

class OrderRefused extends Error {
  constructor(
    readonly appError: AppError,
    /** The cart's promo code cannot work for this buyer and leaves the cart. */
    readonly dropPromo = false,
  ) {
    super(appError.message);
  }
}

export interface OrdersService {
  place(
    input: PlaceOrderInput,
    user: UserRow | null,
    cart: CartRow | null,
  ): Promise<{ order: OrderView; guestKey: string; created: boolean }>;
  /** The order if the caller owns it: the user, or a guest holding the order's key. */
  getOwned(id: number, user: UserRow | null, guestKey: string | undefined): Promise<OrderRow>;
  view(order: OrderRow): Promise<OrderView>;
  listForUser(user: UserRow): Promise<OrderView[]>;
  /** The order's lines that sell gift certificates, by product id (decision 045). */
  certificateProducts(orderId: number): Promise<Set<number>>;
  /** Payment follow-up from the payments feature; one call per real change. */
  applyPaymentStatus(orderId: number, status: string): Promise<void>;
}

export function createOrdersService(deps: {
  db: Database;
  cart: CartService;
  mail: MailService;
  log: FastifyBaseLogger;
  origin: string;
  /** DISCOUNT_TIERS: a paid course counts towards the personal discount. */
  discountTiers: readonly DiscountTier[];
  quote(form: DeliveryForm, cart: CartSnapshot, user: UserRow | null): Promise<DeliveryQuoteResult>;
  certificates?: OrderCertificates;
  /** The shop's requisites in force for bank-transfer invoices (decision 060); the defaults without it. */
  requisites?: () => ShopRequisites;
  /** The owner's notice of a new order (decision 057), queued with the order. */
  ownerNotice?: OwnerNotice;
}): OrdersService {
  const { db, cart: carts, mail } = deps;

  const service: OrdersService = {
    async place(input, user, cart) {
      // Both reads at once; the cart's recommendations are not needed here.
      const [existing, view] = await Promise.all([
        findOrderByKey(db, input.idempotency_key),
        carts.view(cart, user, { recommendations: false }),
      ]);
      if (existing) {
        if (existing.userId !== (user?.id ?? null)) throw conflict('Этот ключ заказа уже использован');
        return { order: await service.view(existing), guestKey: existing.guestKey, created: false };
      }
      // What the buyer chose and can no longer buy is named, never dropped: the buyer removes it and decides.
      if (view.cart.unavailable.length > 0) throw unavailableLines(view.cart.unavailable);
      if (cart && view.cart.lines.length === 0) {
        // Emptied by an order a moment ago (another tab, another device): say which order took it.
        const recent = await findLastOrderOfCart(db, cart.id);
        if (recent && Date.now() - recent.createdAt.getTime() < RECENT_ORDER_MS) {
          throw cartAlreadyOrdered(recent, user !== null);
        }
      }
      if (!cart || view.cart.lines.length === 0) {
        throw new AppError(409, 'Корзина пуста', {
          errors: { cart: ['Добавьте товары в корзину, чтобы оформить заказ'] },
        });
      }
      // The cart changed since the buyer saw it (a line shrank or left with the stock, the code stopped working:
      // expired, used up, a first order no more…): never place the order at another price without a word. The cart
      // now holds what can be bought; the buyer sees why and confirms the new total.
      const promoNotices = noticeTexts(view.notices, 'promo_dropped');
      const lineNotices = noticeTexts(view.notices, 'line_shrunk');
      if (lineNotices.length > 0 || (cart.promoCode && !view.cart.promo)) {
        throw conflict(
          lineNotices.length > 0
            ? 'Корзина изменилась — проверьте заказ'
            : 'Промокод больше не действует — проверьте сумму заказа',
          {
            ...(lineNotices.length > 0 ? { cart: lineNotices } : {}),
            ...(promoNotices.length > 0 ? { promo: promoNotices } : {}),
          },
        );
      }
      if (input.delivery.sposob_oplat === null)
        throw invalidData({ sposob_oplat: ['Выберите способ оплаты'] });
      const snapshot: CartSnapshot = {
        total: view.cart.total,
        ...(await measureParcel(db, view.cart.lines)),
        hydr: view.hydr,
      };
      const quote = await deps.quote(input.delivery, snapshot, user);
      if (!quote.ok) {
        const field = quote.field ?? 'sposob_dost';
        throw new AppError(422, 'The given data was invalid.', {
          errors: { [field]: [quote.message] },
          ...(quote.hydr ? { hydr: true } : {}),
        } as never);
      }
      const deliveryPrice = quote.price ?? 0;
      const changed = input.expected && describeChangedFigures(input.expected, view.cart, deliveryPrice);
      if (changed) {
        const sameMoney =
          input.expected?.goods_total === view.cart.total && input.expected.delivery_price === deliveryPrice;
        throw conflict(
          sameMoney
            ? 'Корзина изменилась — проверьте заказ'
            : 'Сумма заказа изменилась — проверьте и подтвердите ещё раз',
          changed,
        );
      }
      const guestKey = randomUUID();
      const allLines = [...view.cart.lines, ...view.cart.gifts];

      // The lines as written: prices copied from the cart's view.
      const lines: CheckoutLine[] = allLines.map((line) => ({
        productId: line.id,
        name: line.name,
        volume: line.volume,
        url: line.url,
        quantity: line.quantity,
        cena: line.cena,
        cenaSt: line.cena_st,
        price: line.price,
        sum: line.sum,
        gift: line.gift === true,
      }));

      let placed: OrderRow | null;
      try {
        placed = await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          // One cart, one order: the cart is locked and must still hold what was priced above.
          const refusal = cartChanged(view, await lockCartLines(txDb, cart.id));
          if (refusal) {
            throw new OrderRefused(
              refusal === 'ordered'
                ? cartAlreadyOrdered(await findLastOrderOfCart(txDb, cart.id), user !== null)
                : conflict('Корзина изменилась — проверьте заказ', {
                    cart: [
                      'Корзину только что изменили в другой вкладке или на другом устройстве. Проверьте товары и подтвердите заказ ещё раз',
                    ],
                  }),
            );
          }
          if (view.cart.promo?.condition.type === FIRST_ORDER_CONDITION) {
            // Checked here, by account and by contact, under the buyer's lock: the contact is known only now,
            // and of two tabs placing a first order at once, the second sees the first's order.
            const buyer = { userId: user?.id ?? null, email: input.contact.email, tel: input.contact.tel };
            await lockBuyer(txDb, buyer);
            if (await buyerHasOrdered(txDb, buyer))
              throw new OrderRefused(firstOrderRefusal(view.cart.promo.code), true);
          }
          // The order, its lines and the emptied cart in one statement.
          const order = await insertCheckoutOrder(
            txDb,
            {
              idempotencyKey: input.idempotency_key,
              userId: user?.id ?? null,
              guestKey,
              paymentState: input.delivery.sposob_oplat === CARD_ONLINE ? 'awaiting' : 'not_required',
              name: input.contact.name,
              fam: input.contact.fam,
              email: input.contact.email,
              tel: input.contact.tel,
              delivery: {
                ...input.delivery,
                tarif: quote.tarif,
                provider: quote.provider,
                pickupPoint: quote.pickupPoint,
              },
              deliveryName: formatDeliveryDetails(input.delivery, quote),
              deliveryPrice,
              sposobOplat: input.delivery.sposob_oplat!,
              promoCode: view.cart.promo?.code ?? null,
              skidka: view.cart.skidka,
              subtotal: view.cart.subtotal,
              discount: view.cart.discount,
              goodsTotal: view.cart.total,
              total: view.cart.total + deliveryPrice,
              hydr: view.hydr,
              callBack: false,
            },
            lines,
            cart.id,
          );
          if (!order) return null;
          if (input.gift_certificates?.length)
            await deps.certificates?.saveRecipients(txDb, order.id, input.gift_certificates);
          // Certificates pay the total after discounts and delivery, in part or in full; under their row locks.
          const byCertificates = deps.certificates
            ? await deps.certificates.reserve(txDb, {
                cartId: cart.id,
                orderId: order.id,
                amount: Math.min(order.total, input.certificate_limit ?? order.total),
              })
            : 0;
          if (byCertificates > 0) {
            const fullyPaid = byCertificates === order.total;
            Object.assign(
              order,
              await updateOrder(txDb, order.id, {
                certificateAmount: byCertificates,
                // Nothing left to pay: no online payment, the order goes on as a paid one.
                ...(fullyPaid
                  ? { paymentState: 'paid' as const, paidAt: new Date(), status: 'confirmed' as const }
                  : {}),
              }),
            );
            if (fullyPaid) await deps.certificates?.paid(txDb, order);
          }
          // The letter is written with the order: it exists exactly when the order does.
          const placedView = toOrderView(order, lines, 0, deps.requisites?.());
          await mail.send(orderPlacedLetter(placedView, deps.origin), txDb);
          await deps.ownerNotice?.(txDb, placedView);
          // Stock and the promo's use count last: their rows are shared by every checkout, so their locks are
          // held only for the rest of this transaction (the commit), not for its other statements.
          const shortage = await reserveStock(txDb, allLines);
          if (shortage) throw new OrderRefused(shortage);
          if (view.cart.promo && !(await usePromoCode(txDb, view.cart.promo.code))) {
            throw new OrderRefused(
              conflict('Промокод уже использован максимальное число раз', {
                promo: ['Промокод больше не действует'],
              }),
            );
          }
          return order;
        });
      } catch (error) {
        if (!(error instanceof OrderRefused)) throw error;
        // The code cannot work for this buyer: it leaves the cart, so the /check step shows the real total.
        if (error.dropPromo) await carts.clearPromo(cart);
        throw error.appError;
      }
      if (!placed) {
        // The same key won a race a moment ago: answer with that order.
        const winner = await findOrderByKey(db, input.idempotency_key);
        if (!winner) throw conflict('Заказ уже оформляется, повторите через секунду');
        return { order: await service.view(winner), guestKey: winner.guestKey, created: false };
      }
      // The lines just written are the order's lines: no need to read them back.
      const order = toOrderView(placed, lines, 0, deps.requisites?.());
      const orderId = placed.id;
      if (user) {
        // A new address or pickup point joins the customer's book (/my-address), for the next checkout.
        await rememberDeliveryChoice(db, user.id, input.delivery, quote.pickupPoint).catch((error: unknown) =>
          deps.log.warn({ err: error, orderId }, 'delivery choice not remembered'),
        );
      }
      return { order, guestKey, created: true };
    },

    async getOwned(id, user, guestKey) {
      const order = await findOrderById(db, id);
      const owns =
        order &&
        (order.userId !== null
          ? order.userId === user?.id
          : guestKey !== undefined && order.guestKey === guestKey);
      // Someone else's order looks exactly like a missing one.
      if (!order || !owns) throw notFound('Заказ не найден');
      return order;
    },

    async view(order) {
      const [lines, refunded] = await Promise.all([findOrderLines(db, order.id), sumRefunded(db, order.id)]);
      return toOrderView(order, lines, refunded, deps.requisites?.());
    },

    async certificateProducts(orderId) {
      return (await deps.certificates?.certificateProducts(db, orderId)) ?? new Set();
    },

    async listForUser(user) {
      const rows = await findOrdersOfUser(db, user.id);
      return Promise.all(rows.map((row) => service.view(row)));
    },

    async applyPaymentStatus(orderId, status) {
      const order = await findOrderById(db, orderId);
      if (!order) return;
      if (status === 'succeeded') {
        if (order.paymentState === 'paid') return;
        await db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const row = await updateOrder(txDb, orderId, {
            paymentState: 'paid',
            paidAt: new Date(),
            status: order.status === 'new' ? 'confirmed' : order.status,
          });
          // A paid course is a completed order (decision 012).
          if (row?.userId != null) await refreshPersonalDiscount(txDb, row.userId, deps.discountTiers);
          // Certificates bought are issued, certificates spent are spent: once each, however often this runs.
          if (row) await deps.certificates?.paid(txDb, row);
          if (row) {
            await mail.send(
              {
                to: row.email,
                subject: `Оплата заказа ${orderNumber(row.id)} получена`,
                text: `Здравствуйте, ${row.name}!\n\nМы получили оплату заказа ${orderNumber(row.id)} на сумму ${formatRub(row.total - row.certificateAmount)}. ${AFTER_PAYMENT[handoverOf(row)](deps.origin)}`,
              },
              txDb,
            );
          }
        });
      } else if (status === 'canceled' && order.paymentState !== 'paid') {
        await updateOrder(db, orderId, { paymentState: 'canceled' });
      } else if (
        (status === 'pending' || status === 'waiting_for_capture') &&
        order.paymentState === 'awaiting'
      ) {
        await updateOrder(db, orderId, { paymentState: 'pending' });
      }
    },
  };
  return service;
}
