// «Купить в 1 клик» (decision 029): name and phone, an order of the product (or of the cart) at today's price with
// its stock reserved in the order's transaction, status «Новый» flagged «перезвонить» for the back office.

import { createHash, randomUUID } from 'node:crypto';
import { computeCartTotals } from '@efir/domain/cart-math';
import { CSRF_COOKIE } from '@efir/domain/http-contract';
import { formatRub } from '@efir/domain/money';
import { type OneClick, oneClickSchema } from '@efir/domain/one-click';
import { oneClickAnswerSchema } from '@efir/domain/order-wire';
import type { ShopRequisites } from '@efir/domain/shop-settings';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, invalidData, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import type { UserRow } from '../account/account.service.ts';
import { CART_COOKIE } from '../cart/cart.routes.ts';
import { type CartRow, type CartService, certificateProductsOf, noticeTexts } from '../cart/cart.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { oneClickLetter } from './order-letters.ts';
import {
  type CheckoutLine,
  findOrderByKey,
  findProductToOrder,
  insertCheckoutOrder,
  lockCartLines,
  type OrderRow,
  phoneKey,
} from './orders.repo.ts';
import {
  CARD_ONLINE,
  type OrdersService,
  orderNumber,
  reserveStock,
  toOrderView,
  unavailableLines,
} from './orders.service.ts';
import type { OwnerNotice } from './owner-notice.ts';

/** Payment is agreed on the call; until then the order is paid on receipt (PAYMENT_METHODS 4). */
const PAY_ON_RECEIPT = 4;
export const ONE_CLICK_DELIVERY_NAME = 'Уточним по телефону';

/** Attempts per visitor address and per phone number an hour: a real buyer needs one or two. */
const LIMIT_PER_ADDRESS = 5;
const LIMIT_PER_PHONE = 3;
const LIMIT_WINDOW_MS = 60 * 60_000;

export interface OneClickDeps {
  db: Database;
  cart: CartService;
  orders: Pick<OrdersService, 'view'>;
  mail: MailService;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  origin: string;
  /** The shop's requisites in force for bank-transfer invoices (decision 060). */
  requisites?: () => ShopRequisites;
  /** The owner's notice of a new order (decision 057): a one-click one says «перезвонить». */
  ownerNotice?: OwnerNotice;
}

interface Caller {
  user: UserRow | null;
  cart: CartRow | null;
  ip: string;
  /** Who is asking: the account, else the browser (its XSRF cookie, which every unsafe call of a guest carries). */
  visitor: string;
}

/**
 * A guest's idempotency key as stored: the key and the visitor together, as a UUID. The same key from another
 * browser is another key — a new request, never someone else's order (issue 37, point 11).
 */
function scopedOrderKey(key: string, caller: Caller): string {
  if (caller.user) return key;
  const hex = createHash('sha256').update(`${caller.visitor}\n${key}`).digest('hex');
  // Version 8 (a custom UUID) and the RFC 4122 variant, so the column's uuid type takes it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type PricedLine = CheckoutLine & { id: number };

/** The phone as an SMS gateway needs it, with the middle hidden: the log keeps nothing more of the buyer. */
function maskPhone(tel: string): string {
  const digits = phoneKey(tel);
  return `+7 ${digits.slice(0, 3)} ***-**-${digits.slice(-2)}`;
}

/** The SMS a gateway would send the buyer; written to the log until the shop has one (decision 029). */
export function oneClickSmsText(order: Pick<OrderRow, 'id' | 'goodsTotal'>): string {
  return `Эфир: заказ ${orderNumber(order.id)} на ${formatRub(order.goodsTotal)} принят. Перезвоним, чтобы договориться о доставке.`;
}

/**
 * The lines at today's price with the buyer's personal discount (promo codes and gifts belong to checkout); gift
 * certificates at their face value (decision 050).
 */
function priceLines(
  items: Array<Omit<CheckoutLine, 'price' | 'sum' | 'gift'>>,
  skidka: number,
  certificates: Set<number>,
): { lines: PricedLine[]; subtotal: number; total: number } {
  const totals = computeCartTotals(
    items.map((item) => ({
      id: item.productId,
      quantity: item.quantity,
      cena: item.cena,
      cena_st: item.cenaSt,
      noDiscount: certificates.has(item.productId),
    })),
    skidka,
    null,
  );
  const lines = items.map((item, index) => ({
    ...item,
    id: item.productId,
    price: totals.lines[index]!.unitPrice,
    sum: totals.lines[index]!.sum,
    gift: false,
  }));
  return { lines, subtotal: totals.subtotal, total: totals.total };
}

async function linesOfProduct(deps: OneClickDeps, input: OneClick, productId: number) {
  const product = await findProductToOrder(deps.db, productId);
  if (!product?.visible) throw notFound('Товар не найден');
  if (product.stock < input.quantity) {
    throw conflict(
      product.stock > 0 ? `Осталось только ${product.stock} шт.` : `«${product.name}» закончился`,
      {
        quantity: [
          product.stock > 0
            ? `В наличии ${product.stock} шт. — уменьшите количество`
            : 'Этого товара сейчас нет в наличии',
        ],
      },
    );
  }
  return [
    {
      productId: product.id,
      name: product.name,
      volume: product.volume,
      url: product.url,
      quantity: input.quantity,
      cena: product.cena,
      cenaSt: product.cenaSt,
    },
  ];
}

async function linesOfCart(deps: OneClickDeps, caller: Caller) {
  const view = await deps.cart.view(caller.cart, caller.user, { recommendations: false });
  if (view.cart.unavailable.length > 0) throw unavailableLines(view.cart.unavailable);
  if (!caller.cart || view.cart.lines.length === 0) {
    throw conflict('Корзина пуста', { cart: ['Добавьте товары в корзину, чтобы оформить заказ'] });
  }
  // A line that shrank or left with the stock: the buyer sees the cart as it is now before ordering.
  const lineNotices = noticeTexts(view.notices, 'line_shrunk');
  if (lineNotices.length > 0) throw conflict('Корзина изменилась — проверьте заказ', { cart: lineNotices });
  return view.cart.lines.map((line) => ({
    productId: line.id,
    name: line.name,
    volume: line.volume,
    url: line.url,
    quantity: line.quantity,
    cena: line.cena,
    cenaSt: line.cena_st,
  }));
}

export async function placeOneClickOrder(deps: OneClickDeps, input: OneClick, caller: Caller) {
  const { db } = deps;
  const { user } = caller;
  const orderKey = scopedOrderKey(input.idempotency_key, caller);
  const existing = await findOrderByKey(db, orderKey);
  if (existing) {
    if (existing.userId !== (user?.id ?? null)) throw conflict('Этот ключ заказа уже использован');
    return { order: await deps.orders.view(existing), guestKey: existing.guestKey, created: false };
  }
  const allowed = await Promise.all([
    deps.limiter.hit(`one-click:ip:${caller.ip}`, LIMIT_PER_ADDRESS, LIMIT_WINDOW_MS),
    // Per phone and visitor: strangers ordering with someone's number never lock its owner out (issue 37, point 5);
    // the per-address limit bounds how many visitors one address can be.
    deps.limiter.hit(
      `one-click:tel:${phoneKey(input.tel)}:${createHash('sha256').update(caller.visitor).digest('base64url')}`,
      LIMIT_PER_PHONE,
      LIMIT_WINDOW_MS,
    ),
  ]);
  if (allowed.includes(false)) throw new AppError(429, 'Too Many Attempts.');

  const fromCart = input.product_id === undefined ? caller.cart : null;
  const items =
    input.product_id !== undefined
      ? await linesOfProduct(deps, input, input.product_id)
      : await linesOfCart(deps, caller);
  const certificates = await certificateProductsOf(
    db,
    items.map((item) => item.productId),
  );
  const priced = priceLines(items, user?.skidka ?? 0, certificates);
  // A gift certificate is paid online before it is issued (decision 050): the order waits for the card, and the
  // certificate's letter needs an address.
  const buysCertificate = certificates.size > 0;
  const email = input.email || user?.email || '';
  if (buysCertificate && !email) {
    throw invalidData({ email: ['Укажите e-mail — на него придёт сертификат после оплаты'] });
  }
  const guestKey = randomUUID();

  const placed = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (fromCart) {
      // The cart is locked and must still hold what was priced above (another tab may have just ordered it).
      const now = await lockCartLines(txDb, fromCart.id);
      const same =
        now.length === priced.lines.length &&
        now.every((line) =>
          priced.lines.some((item) => item.id === line.productId && item.quantity === line.quantity),
        );
      if (!same) throw conflict('Корзина изменилась — проверьте заказ');
    }
    const order = await insertCheckoutOrder(
      txDb,
      {
        idempotencyKey: orderKey,
        userId: user?.id ?? null,
        guestKey,
        paymentState: buysCertificate ? 'awaiting' : 'not_required',
        name: input.name,
        // A logged-in buyer's order reaches them like any of theirs: letters to the account's address.
        fam: user?.fam ?? '',
        email,
        tel: input.tel,
        delivery: { kind: 'one_click' },
        deliveryName: ONE_CLICK_DELIVERY_NAME,
        deliveryPrice: 0,
        sposobOplat: buysCertificate ? CARD_ONLINE : PAY_ON_RECEIPT,
        promoCode: null,
        skidka: user?.skidka ?? 0,
        subtotal: priced.subtotal,
        discount: priced.subtotal - priced.total,
        goodsTotal: priced.total,
        total: priced.total,
        hydr: false,
        // Only certificates: nothing to deliver, nothing to agree on the phone.
        callBack: items.some((item) => !certificates.has(item.productId)),
      },
      priced.lines.map(({ id: _id, ...line }) => line),
      fromCart?.id ?? null,
    );
    if (!order) return null;
    // Stock as any order takes it, in this transaction: no stock, no order (and no letter).
    const shortage = await reserveStock(txDb, priced.lines);
    if (shortage) throw shortage;
    if (order.email)
      await deps.mail.send(
        oneClickLetter(
          toOrderView(order, priced.lines, 0, deps.requisites?.()),
          deps.origin,
          order.userId === null ? guestKey : null,
        ),
        txDb,
      );
    await deps.ownerNotice?.(txDb, toOrderView(order, priced.lines));
    return order;
  });
  if (!placed) {
    const winner = await findOrderByKey(db, orderKey);
    if (!winner) throw conflict('Заказ уже оформляется, повторите через секунду');
    return { order: await deps.orders.view(winner), guestKey: winner.guestKey, created: false };
  }
  deps.log.info(
    { orderId: placed.id, sms: { to: maskPhone(placed.tel), text: oneClickSmsText(placed) } },
    'one-click order: SMS to send',
  );
  return { order: toOrderView(placed, priced.lines, 0, deps.requisites?.()), guestKey, created: true };
}

export function registerOneClickRoutes(
  app: FastifyInstance,
  deps: OneClickDeps & { authenticator: Authenticator },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/v1/order/one-click',
      { schema: { body: oneClickSchema, response: { 200: oneClickAnswerSchema } } },
      async (request) => {
        const user = await deps.authenticator.findUser(request);
        const cart = await deps.cart.findCart(user, request.cookies[CART_COOKIE]);
        const visitor = user ? `user:${user.id}` : `guest:${request.cookies[CSRF_COOKIE] ?? request.ip}`;
        const placed = await placeOneClickOrder(deps, request.body, { user, cart, ip: request.ip, visitor });
        return {
          status: 'ok' as const,
          message: placed.created ? ('order/created' as const) : ('order/existing' as const),
          order: placed.order,
          // A guest keeps this key to look at the order, as after checkout.
          key: placed.guestKey,
        };
      },
    );
}
