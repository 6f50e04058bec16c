// What editing an order and taking one by phone share (decision 055): the lines priced by checkout's own rules
// (`computeCartTotals` of @efir/domain with the personal discount, the order's promo code and its excluded
// categories, gift certificates at face value), stock moved by the difference under row locks, the delivery as the
// owner agreed it, the customer's letter with the order's new contents.
import { computeCartTotals } from '@efir/domain/cart-math';
import { getDeliveryKindName, getDeliveryMethodName } from '@efir/domain/delivery-catalogue';
import { formatRub } from '@efir/domain/money';
import type { EditDelivery, EditLine } from '@efir/domain/order-edit-wire';
import type { OrderView } from '@efir/domain/order-wire';
import type { Database } from '../db/client.ts';
import { findProductsUnderCategories, findPromoByCode } from '../features/cart/cart.repo.ts';
import { certificateProductsOf } from '../features/cart/cart.service.ts';
import { returnStock, takeStock } from '../features/catalog/catalog.service.ts';
import { letterButton, letterParagraph, letterTable } from '../features/mail/letter-html.ts';
import type { Letter } from '../features/mail/mail.service.ts';
import { type CheckoutLine, findProductToOrder } from '../features/orders/orders.repo.ts';
import { conflict, invalidData } from '../lib/app-error.ts';

/** A line before pricing: what was ordered at which catalogue price (kept from the order, or today's for a new one). */
export interface LineToPrice {
  productId: number;
  name: string;
  volume: string;
  url: string;
  quantity: number;
  cena: number;
  cenaSt: number;
  /** The unit price the owner set, ₽, with the reason; null: by the rules. */
  override: { price: number; reason: string } | null;
}

export interface PricedOrder {
  lines: CheckoutLine[];
  subtotal: number;
  discount: number;
  goodsTotal: number;
  /** The discount applied, percent (what checkout stores as the order's `skidka`). */
  skidka: number;
}

/**
 * The lines at the checkout's prices: `skidka` is the customer's personal discount, `promoCode` the order's code
 * (its condition and excluded categories as at checkout). A line with a price the owner set keeps that price.
 */
export async function priceLines(
  db: Database,
  items: LineToPrice[],
  skidka: number,
  promoCode: string | null,
): Promise<PricedOrder> {
  const ids = items.map((item) => item.productId);
  const [certificates, promo] = await Promise.all([
    certificateProductsOf(db, ids),
    promoCode ? findPromoByCode(db, promoCode) : Promise.resolve(undefined),
  ]);
  const excluded =
    promo && promo.excludedCategoryIds.length > 0
      ? await findProductsUnderCategories(db, ids, promo.excludedCategoryIds)
      : new Set<number>();
  const totals = computeCartTotals(
    items.map((item) => ({
      id: item.productId,
      quantity: item.quantity,
      cena: item.cena,
      cena_st: item.cenaSt,
      promoExcluded: excluded.has(item.productId),
      noDiscount: certificates.has(item.productId),
    })),
    skidka,
    promo ? { type: promo.conditionType, percent: promo.percent } : null,
  );
  const lines = items.map((item, index) => {
    const price = item.override ? item.override.price : totals.lines[index]!.unitPrice;
    return {
      productId: item.productId,
      name: item.name,
      volume: item.volume,
      url: item.url,
      quantity: item.quantity,
      cena: item.cena,
      cenaSt: item.cenaSt,
      price,
      sum: price * item.quantity,
      gift: false,
    };
  });
  const goodsTotal = lines.reduce((sum, line) => sum + line.sum, 0);
  return {
    lines,
    subtotal: totals.subtotal,
    discount: totals.subtotal - goodsTotal,
    goodsTotal,
    skidka: totals.applied.percent,
  };
}

/**
 * The owner's lines as lines to price: a product already in the order keeps the name and catalogue price it was
 * ordered at (a placed order's prices never follow the catalogue); a new one comes at today's price, if it is sold.
 */
export async function resolveLines(
  db: Database,
  wanted: EditLine[],
  current: ReadonlyArray<
    Pick<CheckoutLine, 'productId' | 'name' | 'volume' | 'url' | 'cena' | 'cenaSt'>
  > = [],
): Promise<LineToPrice[]> {
  const items: LineToPrice[] = [];
  for (const [index, line] of wanted.entries()) {
    const override = line.price != null ? { price: line.price, reason: line.price_reason } : null;
    const kept = current.find((item) => item.productId === line.product_id);
    if (kept) {
      items.push({ ...kept, quantity: line.quantity, override });
      continue;
    }
    const product = await findProductToOrder(db, line.product_id);
    if (!product?.visible) {
      throw invalidData({ [`lines.${index}.product_id`]: ['Такого товара нет в каталоге'] });
    }
    items.push({
      productId: product.id,
      name: product.name,
      volume: product.volume,
      url: product.url,
      quantity: line.quantity,
      cena: product.cena,
      cenaSt: product.cenaSt,
      override,
    });
  }
  return items;
}

/**
 * Moves stock by the difference between the order's old and new quantities, in the caller's transaction: what is
 * added is taken (refused if the shelf is short, naming the product), what is removed goes back. Ascending product
 * ids, the order checkout and cancel use, so two orders sharing products cannot deadlock.
 */
export async function moveStock(
  txDb: Database,
  before: ReadonlyArray<{ productId: number; quantity: number; name: string }>,
  after: ReadonlyArray<{ productId: number; quantity: number; name: string }>,
): Promise<Array<{ product_id: number; change: number }>> {
  const delta = new Map<number, number>();
  for (const line of before) delta.set(line.productId, (delta.get(line.productId) ?? 0) - line.quantity);
  for (const line of after) delta.set(line.productId, (delta.get(line.productId) ?? 0) + line.quantity);
  const moved: Array<{ product_id: number; change: number }> = [];
  for (const [productId, change] of [...delta].sort(([a], [b]) => a - b)) {
    if (change === 0) continue;
    if (change > 0) {
      if (!(await takeStock(txDb, productId, change))) {
        const name = after.find((line) => line.productId === productId)?.name ?? 'Товар';
        const index = after.findIndex((line) => line.productId === productId);
        throw conflict(`«${name}»: на складе не хватает ${change} шт.`, {
          [`lines.${index}.quantity`]: [`«${name}»: столько нет в наличии — уменьшите количество`],
        });
      }
    } else {
      await returnStock(txDb, productId, -change);
    }
    moved.push({ product_id: productId, change });
  }
  return moved;
}

/** The delivery as stored in the order (the shape the back office and 1C read), and its one-line name. */
export function deliveryOf(delivery: EditDelivery, comment: string) {
  const address = delivery.address
    ? [
        delivery.address.zip,
        delivery.address.city,
        delivery.address.street,
        delivery.address.house,
        delivery.address.flat,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const method =
    (delivery.sposob_dost !== null ? getDeliveryKindName(delivery.sposob_dost) : undefined) ??
    getDeliveryMethodName(delivery.type) ??
    '';
  const where = delivery.type === 1 ? '' : delivery.pickup_point || address;
  return {
    form: {
      type: delivery.type,
      sposob_dost: delivery.sposob_dost,
      addressNew: delivery.address,
      // The back office reads a pickup point's name and address from here (describeDelivery).
      pickupPoint: delivery.pickup_point ? { name: delivery.pickup_point, address: '' } : null,
      koment: comment,
      agreedBy: 'shop',
    } as Record<string, unknown>,
    name: [method, where].filter(Boolean).join(' — '),
    price: delivery.price,
  };
}

function lineName(line: OrderView['lines'][number]): string {
  return line.volume ? `${line.name}, ${line.volume}` : line.name;
}

/** The customer's one letter about the changed order: its new contents, totals and what is left to do. */
export function orderChangedLetter(
  order: OrderView,
  next: { paymentLink: string | null; settlement: string | null; myOrders: string },
): Letter {
  const delivery = order.delivery_price > 0 ? formatRub(order.delivery_price) : 'бесплатно';
  const tail = [
    next.settlement,
    next.paymentLink ? `Оплатить заказ картой или через СБП: ${next.paymentLink}` : null,
  ].filter((text): text is string => text !== null);
  return {
    to: order.email,
    subject: `Заказ ${order.number} изменён`,
    text: [
      `Здравствуйте, ${order.name}!`,
      '',
      `Мы изменили ваш заказ ${order.number}, как договорились. Теперь в нём:`,
      ...order.lines.map((line) => `• ${lineName(line)} × ${line.quantity} — ${formatRub(line.sum)}`),
      '',
      `Товары: ${formatRub(order.goods_total)}`,
      `Доставка (${order.delivery_name}): ${delivery}`,
      `Итого: ${formatRub(order.total)}`,
      `Оплата: ${order.sposob_oplat_name}`,
      ...(tail.length > 0 ? ['', ...tail] : []),
      '',
      `Ваши заказы: ${next.myOrders}`,
    ].join('\n'),
    html:
      letterParagraph(
        `Здравствуйте, ${order.name}! Мы изменили ваш заказ ${order.number}, как договорились.`,
      ) +
      letterTable(
        [
          ...order.lines.map((line) => ({
            name: lineName(line),
            detail: `${line.quantity} × ${formatRub(line.price)}`,
            sum: formatRub(line.sum),
          })),
          { name: `Доставка: ${order.delivery_name}`, detail: '', sum: delivery },
        ],
        { label: 'Итого', sum: formatRub(order.total) },
      ) +
      letterParagraph(`Оплата: ${order.sposob_oplat_name}`) +
      (next.settlement ? letterParagraph(next.settlement) : '') +
      (next.paymentLink
        ? letterButton('Оплатить заказ', next.paymentLink)
        : letterButton('Мои заказы', next.myOrders)),
  };
}

/** The order's own page, which offers «Оплатить» while a card order is unpaid (as the one-click letter links it). */
export function paymentLinkOf(
  origin: string,
  order: { id: number; userId: number | null; guestKey: string },
): string {
  return `${origin}/checkout/done?order=${order.id}${order.userId === null ? `&key=${order.guestKey}` : ''}`;
}
