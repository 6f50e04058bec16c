// Cart prices of spec §9 and the discounts of spec §6, in whole roubles, computed exactly with integers.
import type { CartAnswer } from './cart-wire.ts';

export interface PricedLine {
  id: number;
  quantity: number;
  /** Price in ₽. */
  cena: number;
  /** Regular price; greater than 0 means `cena` is already a special price. */
  cena_st: number;
  /** The promo code does not reach this line (an excluded category): priced as without the code. */
  promoExcluded?: boolean;
  /**
   * A gift certificate (decision 050): sold at its face value — neither the personal discount nor a promo code
   * reaches it, since the certificate pays that value back in full.
   */
  noDiscount?: boolean;
}

export interface PromoCondition {
  type: string;
  percent: number;
}

export interface AppliedDiscount {
  /** d of spec §9, percent. */
  percent: number;
  /** add_discount_all: the discount applies to special-price lines too. */
  appliesToSpecial: boolean;
}

/**
 * Spec §6: without a promo the user's skidka applies; add_discount adds its percent to it; add_discount_all
 * adds it and also reaches special lines; any other promo with a percent replaces the discount.
 */
export function resolveDiscount(skidka: number, promo: PromoCondition | null): AppliedDiscount {
  const base = clampPercent(skidka);
  if (!promo) return { percent: base, appliesToSpecial: false };
  if (promo.type === 'add_discount')
    return { percent: clampPercent(base + promo.percent), appliesToSpecial: false };
  if (promo.type === 'add_discount_all')
    return { percent: clampPercent(base + promo.percent), appliesToSpecial: true };
  return { percent: clampPercent(promo.percent), appliesToSpecial: false };
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.trunc(value)));
}

export function isSpecialLine(line: Pick<PricedLine, 'cena_st'>): boolean {
  return line.cena_st > 0;
}

/**
 * Price of one unit after the discount: floor((1 − d/100) × cena). Integer arithmetic keeps it exact —
 * in floating point (1 − 0.29) × 100 is 70.99999999999999 and would floor to 70.
 */
export function discountedUnitPrice(
  line: Pick<PricedLine, 'cena' | 'cena_st' | 'noDiscount'>,
  discount: AppliedDiscount,
): number {
  if (line.noDiscount || (isSpecialLine(line) && !discount.appliesToSpecial)) return line.cena;
  return Math.floor(((100 - discount.percent) * line.cena) / 100);
}

export interface CartTotals {
  lines: Array<{ id: number; unitPrice: number; sum: number }>;
  /** Sum of cena × quantity: what the cart costs before the discount. */
  subtotal: number;
  total: number;
  discount: number;
  count: number;
  applied: AppliedDiscount;
}

export function computeCartTotals(
  lines: PricedLine[],
  skidka: number,
  promo: PromoCondition | null,
): CartTotals {
  const applied = resolveDiscount(skidka, promo);
  const withoutPromo = resolveDiscount(skidka, null);
  let subtotal = 0;
  let total = 0;
  let count = 0;
  const priced = lines.map((line) => {
    const unitPrice = discountedUnitPrice(line, line.promoExcluded ? withoutPromo : applied);
    const sum = unitPrice * line.quantity;
    subtotal += line.cena * line.quantity;
    total += sum;
    count += line.quantity;
    return { id: line.id, unitPrice, sum };
  });
  return { lines: priced, subtotal, total, discount: subtotal - total, count, applied };
}

/** A cart with nothing in it: what the server answers for a visitor without a cart, and the web shows meanwhile. */
export function emptyCart(skidka = 0): Omit<CartAnswer['cart'], 'version'> {
  return {
    lines: [],
    gifts: [],
    unavailable: [],
    promo: null,
    subtotal: 0,
    discount: 0,
    total: 0,
    count: 0,
    skidka,
  };
}
