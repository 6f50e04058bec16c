// Cart math of spec §6 and §9: examples by hand and properties over generated carts (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCartTotals,
  discountedUnitPrice,
  type PricedLine,
  type PromoCondition,
  resolveDiscount,
} from './cart-math.ts';

const regular = (cena: number, quantity = 1): PricedLine => ({ id: 1, quantity, cena, cena_st: 0 });
const special = (cena: number, regularPrice: number, quantity = 1): PricedLine => ({
  id: 2,
  quantity,
  cena,
  cena_st: regularPrice,
});

describe('resolveDiscount (spec §6)', () => {
  it('uses the personal discount without a promo, for regular lines only', () => {
    expect(resolveDiscount(5, null)).toEqual({ percent: 5, appliesToSpecial: false });
  });
  it('adds add_discount to the personal discount', () => {
    expect(resolveDiscount(5, { type: 'add_discount', percent: 10 })).toEqual({
      percent: 15,
      appliesToSpecial: false,
    });
  });
  it('adds add_discount_all and reaches special lines too', () => {
    expect(resolveDiscount(5, { type: 'add_discount_all', percent: 10 })).toEqual({
      percent: 15,
      appliesToSpecial: true,
    });
  });
  it('replaces the discount with any other promo percent', () => {
    expect(resolveDiscount(5, { type: 'percent', percent: 12 })).toEqual({
      percent: 12,
      appliesToSpecial: false,
    });
    expect(resolveDiscount(20, { type: 'first_order', percent: 10 })).toEqual({
      percent: 10,
      appliesToSpecial: false,
    });
  });
  it('never goes past 100 % or below 0 %', () => {
    expect(resolveDiscount(60, { type: 'add_discount', percent: 60 }).percent).toBe(100);
    expect(resolveDiscount(-5, null).percent).toBe(0);
  });
});

/** The sum of one line as the cart computes it. */
const lineSum = (line: PricedLine, skidka: number, promo: PromoCondition | null = null) =>
  computeCartTotals([line], skidka, promo).lines[0]!.sum;

describe('a line the promo code does not reach (an excluded category)', () => {
  it('is priced as without the code: the personal discount only, the code on the other lines', () => {
    const certificate = { ...regular(5000), id: 3, promoExcluded: true };
    const totals = computeCartTotals([regular(1290, 2), certificate], 3, {
      type: 'first_order',
      percent: 10,
    });
    // floor(0.9 × 1 290) = 1 161 ₽ × 2; the certificate with the 3 % personal discount: 4 850 ₽.
    expect(totals.lines.map((line) => line.sum)).toEqual([2322, 4850]);
    expect(totals.total).toBe(7172);
  });
});

describe('line prices (spec §9)', () => {
  it('a special line costs cena × quantity whatever the discount', () => {
    expect(lineSum(special(390, 490, 3), 10)).toBe(1170);
  });
  it('another line costs floor((1 − d/100) × cena) × quantity', () => {
    expect(lineSum(regular(490, 2), 7)).toBe(Math.floor(0.93 * 490) * 2);
    expect(lineSum(regular(333, 3), 5)).toBe(316 * 3);
  });
  it('is exact where floating point would be off by one', () => {
    // (1 − 0.29) × 100 = 70.99999999999999 in floating point.
    expect(discountedUnitPrice(regular(100), resolveDiscount(29, null))).toBe(71);
    expect(discountedUnitPrice(regular(100), resolveDiscount(57, null))).toBe(43);
  });
  it('add_discount_all discounts a special line from its special price', () => {
    expect(lineSum(special(400, 500, 1), 0, { type: 'add_discount_all', percent: 10 })).toBe(360);
  });
});

const lineArbitrary = fc.record({
  id: fc.nat(1000),
  quantity: fc.integer({ min: 1, max: 50 }),
  cena: fc.integer({ min: 0, max: 100_000 }),
  cena_st: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 150_000 })),
});
const promoArbitrary = fc.option(
  fc.record({
    type: fc.constantFrom('add_discount', 'add_discount_all', 'percent', 'first_order'),
    percent: fc.integer({ min: 0, max: 100 }),
  }),
  { nil: null },
);

/** The spec's formula evaluated with exact rationals (BigInt), to compare against. */
function exactLineTotal(line: PricedLine, percent: number, appliesToSpecial: boolean): bigint {
  if (line.cena_st > 0 && !appliesToSpecial) return BigInt(line.cena) * BigInt(line.quantity);
  const unit = (BigInt(100 - percent) * BigInt(line.cena)) / 100n; // BigInt division floors for non-negatives
  return unit * BigInt(line.quantity);
}

describe('cart totals (properties)', () => {
  it('equal the spec formula, line by line, for any cart, discount and promo', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 20 }),
        fc.integer({ min: 0, max: 30 }),
        promoArbitrary,
        (lines, skidka, promo) => {
          const totals = computeCartTotals(lines, skidka, promo);
          const { percent, appliesToSpecial } = totals.applied;
          let expected = 0n;
          for (const [index, line] of lines.entries()) {
            const exact = exactLineTotal(line, percent, appliesToSpecial);
            expect(BigInt(totals.lines[index]!.sum)).toBe(exact);
            expected += exact;
          }
          expect(BigInt(totals.total)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never cost more than the undiscounted cart, never below zero, and are whole roubles', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 20 }),
        fc.integer({ min: 0, max: 100 }),
        promoArbitrary,
        (lines, skidka, promo) => {
          const totals = computeCartTotals(lines, skidka, promo);
          expect(totals.total).toBeLessThanOrEqual(totals.subtotal);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(totals.total)).toBe(true);
          expect(totals.discount).toBe(totals.subtotal - totals.total);
          expect(totals.count).toBe(lines.reduce((sum, line) => sum + line.quantity, 0));
        },
      ),
    );
  });

  it('leave special lines untouched unless the promo is add_discount_all', () => {
    fc.assert(
      fc.property(lineArbitrary, fc.integer({ min: 0, max: 100 }), promoArbitrary, (line, skidka, promo) => {
        const specialLine = { ...line, cena_st: line.cena + 1 };
        const total = computeCartTotals([specialLine], skidka, promo).total;
        if (promo?.type === 'add_discount_all')
          expect(total).toBeLessThanOrEqual(specialLine.cena * specialLine.quantity);
        else expect(total).toBe(specialLine.cena * specialLine.quantity);
      }),
    );
  });

  it('a bigger discount never costs more', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 10 }),
        fc.integer({ min: 0, max: 99 }),
        (lines, skidka) => {
          expect(computeCartTotals(lines, skidka + 1, null).total).toBeLessThanOrEqual(
            computeCartTotals(lines, skidka, null).total,
          );
        },
      ),
    );
  });
});
