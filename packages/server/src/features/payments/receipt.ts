// The 54-FZ receipt sent with a YooKassa payment: items whose sums add up to the charged amount to the kopeck.
import { normalizeRussianPhone } from '@efir/domain/phone';
import {
  cutDescription,
  kopecksToValue,
  type Receipt,
  type ReceiptItem,
  type StandaloneReceipt,
  valueToKopecks,
} from './yookassa.client.ts';

export interface ReceiptLine {
  name: string;
  /** Whole units, at least 1. */
  quantity: number;
  /** ₽ per unit after the line's own discounts; kopecks allowed (99.5). */
  price: number;
  /** A service (a course seat) rather than goods; `service` of the input sets it for every line. */
  service?: boolean;
  /**
   * A gift certificate sold (decision 045): an advance for goods not chosen yet — payment_mode «advance» (tag 1214
   * = 3), payment_subject «payment» (tag 1212 = 10).
   */
  advance?: boolean;
}

export interface ReceiptInput {
  email?: string | null;
  phone?: string | null;
  lines: ReceiptLine[];
  /** A delivery charge: a service line, never discounted. */
  delivery?: { name: string; price: number } | null;
  /** Every line is a service (courses of the school). */
  service?: boolean;
  /**
   * What is actually charged, in ₽, delivery included. When the lines add up to more (a discount on the whole
   * order), the difference is spread over the goods in proportion to their sums, to the kopeck.
   */
  total?: number;
}

export interface ReceiptOptions {
  /** YOOKASSA_VAT_CODE; 1 = без НДС. */
  vatCode?: number;
  /** Tag 1214 of the goods: paid before they are handed over (the default), or settled in full now. */
  mode?: 'full_prepayment' | 'full_payment';
}

/** Chosen by YooKassa's limit for 54-FZ receipts; beyond it the payment would be refused. */
export const RECEIPT_MAX_ITEMS = 100;

function toKopecks(roubles: number, what: string): number {
  const kopecks = Math.round(roubles * 100);
  if (!Number.isFinite(roubles) || kopecks < 0 || !Number.isSafeInteger(kopecks)) {
    throw new RangeError(`${what} must be a non-negative amount of roubles, got ${roubles}`);
  }
  return kopecks;
}

/** YooKassa wants the phone as E.164 digits without the plus: 79001234567. */
function toReceiptPhone(phone: string): string | undefined {
  const russian = normalizeRussianPhone(phone);
  if (russian) return russian.slice(1);
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15 ? digits : undefined;
}

/**
 * Spreads `discount` kopecks over `sums` in proportion (largest remainder), so that
 * Σ result = discount and 0 ≤ result[i] ≤ sums[i].
 */
export function spreadDiscount(sums: readonly number[], discount: number): number[] {
  const total = sums.reduce((sum, value) => sum + value, 0);
  if (discount === 0 || total === 0) return sums.map(() => 0);
  // BigInt: kopecks × kopecks can pass 2^53 for large orders.
  const shares = sums.map((sum, index) => {
    const scaled = BigInt(discount) * BigInt(sum);
    return { index, base: Number(scaled / BigInt(total)), remainder: scaled % BigInt(total) };
  });
  let left = discount - shares.reduce((sum, share) => sum + share.base, 0);
  const result = shares.map((share) => share.base);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0) break;
    if (share.remainder === 0n) continue;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}

/**
 * Items for `sum` kopecks over `quantity` units: one item when the units cost the same, otherwise two (the last
 * units one kopeck dearer), so that unit price × quantity adds up exactly.
 */
export function splitLine(
  description: string,
  quantity: number,
  sum: number,
  subject: ReceiptItem['payment_subject'],
  vatCode: number,
  mode: ReceiptItem['payment_mode'] = 'full_prepayment',
): ReceiptItem[] {
  const unit = Math.floor(sum / quantity);
  const dearer = sum - unit * quantity;
  const item = (count: number, price: number): ReceiptItem => ({
    description,
    quantity: `${count}.00`,
    amount: { value: kopecksToValue(price), currency: 'RUB' },
    vat_code: vatCode,
    payment_mode: mode,
    payment_subject: subject,
  });
  if (dearer === 0) return [item(quantity, unit)];
  return [item(quantity - dearer, unit), item(dearer, unit + 1)].filter((part) => part.quantity !== '0.00');
}

export function buildReceipt(input: ReceiptInput, options: ReceiptOptions = {}): Receipt {
  const vatCode = options.vatCode ?? 1;
  const email = input.email?.trim() || undefined;
  const phone = input.phone ? toReceiptPhone(input.phone) : undefined;
  if (!email && !phone) throw new RangeError('A receipt needs the buyer’s e-mail or phone');

  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Quantity must be a whole number of units, got ${line.quantity}`);
    }
  }
  const sums = input.lines.map((line) => toKopecks(line.price, 'price') * line.quantity);
  const goods = sums.reduce((sum, value) => sum + value, 0);
  const delivery = input.delivery ? toKopecks(input.delivery.price, 'delivery price') : 0;

  let discounts = sums.map(() => 0);
  if (input.total !== undefined) {
    const target = toKopecks(input.total, 'total') - delivery;
    if (target < 0 || target > goods) {
      throw new RangeError(
        `The total (${input.total} ₽) must lie between the delivery price and the lines plus delivery`,
      );
    }
    discounts = spreadDiscount(sums, goods - target);
  }

  const items: ReceiptItem[] = [];
  input.lines.forEach((line, index) => {
    const sum = sums[index]! - discounts[index]!;
    // A free gift or a fully discounted line costs nothing and has no place in the receipt.
    if (sum === 0) return;
    const subject = line.advance ? 'payment' : input.service || line.service ? 'service' : 'commodity';
    const mode = line.advance ? 'advance' : (options.mode ?? 'full_prepayment');
    items.push(...splitLine(cutDescription(line.name, 'Товар'), line.quantity, sum, subject, vatCode, mode));
  });
  if (delivery > 0) {
    items.push(
      ...splitLine(
        cutDescription(input.delivery!.name, 'Доставка'),
        1,
        delivery,
        'service',
        vatCode,
        options.mode ?? 'full_prepayment',
      ),
    );
  }
  if (items.length === 0) throw new RangeError('A receipt needs at least one paid item');
  if (items.length > RECEIPT_MAX_ITEMS) {
    throw new RangeError(`A receipt holds at most ${RECEIPT_MAX_ITEMS} items, got ${items.length}`);
  }
  return { customer: { ...(email ? { email } : {}), ...(phone ? { phone } : {}) }, items };
}

/** Σ unit price × quantity, in kopecks: must equal the payment amount. */
export function receiptTotalKopecks(receipt: Receipt): number {
  return receipt.items.reduce((sum, item) => {
    const quantity = Number(item.quantity);
    if (!Number.isInteger(quantity)) throw new RangeError(`Fractional quantity ${item.quantity}`);
    return sum + valueToKopecks(item.amount.value) * quantity;
  }, 0);
}

/**
 * The receipt of return (54-FZ «возврат прихода») for `amount` ₽ of a paid receipt: all of it for a full refund,
 * otherwise the amount spread over the paid items in proportion to their sums, to the kopeck.
 */
export function refundReceipt(paid: Receipt, amount: number): Receipt {
  const target = toKopecks(amount, 'refund amount');
  const sums = paid.items.map((item) => valueToKopecks(item.amount.value) * Number(item.quantity));
  const whole = sums.reduce((sum, value) => sum + value, 0);
  if (target <= 0 || target > whole) throw new RangeError(`A refund of ${amount} ₽ does not fit the receipt`);
  if (target === whole) return paid;
  const shares = spreadDiscount(sums, target);
  const items: ReceiptItem[] = [];
  paid.items.forEach((item, index) => {
    const share = shares[index]!;
    if (share === 0) return;
    const quantity = Number(item.quantity);
    // A unit price below a kopeck is not a price: such a share is returned as one unit.
    const units = share >= quantity ? quantity : 1;
    items.push(
      ...splitLine(item.description, units, share, item.payment_subject, item.vat_code, item.payment_mode),
    );
  });
  return { customer: paid.customer, items };
}

/**
 * The receipt of the part of an order gift certificates paid (decision 045): the goods settled in full
 * (payment_mode «full_payment») by offsetting the advance the certificate was sold as — one settlement of type
 * «prepayment» (tag 1215). `input.total` is the certificates' part; sent on its own (POST /v3/receipts).
 */
export function buildCertificateOffsetReceipt(
  input: ReceiptInput & { total: number },
  options: ReceiptOptions & { paymentId?: string } = {},
): StandaloneReceipt {
  const receipt = buildReceipt(input, { ...options, mode: 'full_payment' });
  return {
    type: 'payment',
    send: true,
    ...(options.paymentId ? { payment_id: options.paymentId } : {}),
    ...receipt,
    settlements: [
      { type: 'prepayment', amount: { value: kopecksToValue(input.total * 100), currency: 'RUB' } },
    ],
  };
}
