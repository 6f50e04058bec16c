// The 54-FZ receipt: item sums equal the charged amount to the kopeck, whatever the lines and discounts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReceipt,
  type ReceiptInput,
  receiptTotalKopecks,
  refundReceipt,
  spreadDiscount,
} from './receipt.ts';
import { valueToKopecks } from './yookassa.client.ts';

const base: Omit<ReceiptInput, 'lines'> = { email: 'buyer@example.ru' };

describe('buildReceipt', () => {
  it('lists goods and delivery with the documented fields', () => {
    const receipt = buildReceipt(
      {
        ...base,
        lines: [{ name: 'Масло лаванды, 10 мл', quantity: 2, price: 495 }],
        delivery: { name: 'СДЭК, пункт выдачи', price: 250 },
      },
      { vatCode: 4 },
    );
    expect(receipt).toEqual({
      customer: { email: 'buyer@example.ru' },
      items: [
        {
          description: 'Масло лаванды, 10 мл',
          quantity: '2.00',
          amount: { value: '495.00', currency: 'RUB' },
          vat_code: 4,
          payment_mode: 'full_prepayment',
          payment_subject: 'commodity',
        },
        {
          description: 'СДЭК, пункт выдачи',
          quantity: '1.00',
          amount: { value: '250.00', currency: 'RUB' },
          vat_code: 4,
          payment_mode: 'full_prepayment',
          payment_subject: 'service',
        },
      ],
    });
    expect(receiptTotalKopecks(receipt)).toBe(124_000);
  });

  it('marks courses as services and defaults vat_code to 1 (без НДС)', () => {
    const receipt = buildReceipt({
      ...base,
      service: true,
      lines: [{ name: 'Курс «Основы ароматерапии»', quantity: 1, price: 12_000 }],
    });
    expect(receipt.items[0]).toMatchObject({ payment_subject: 'service', vat_code: 1 });
  });

  it('cuts descriptions to 128 characters without splitting a character', () => {
    const name = `${'Эфирное масло '.repeat(12)}🌿🌿🌿`;
    const receipt = buildReceipt({ ...base, lines: [{ name, quantity: 1, price: 100 }] });
    const description = receipt.items[0]!.description;
    expect(Array.from(description).length).toBeLessThanOrEqual(128);
    expect(description).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(name.startsWith(description)).toBe(true);
  });

  it('takes the phone as E.164 digits when there is no e-mail', () => {
    const receipt = buildReceipt({
      phone: '8 (916) 123-45-67',
      lines: [{ name: 'Мыло', quantity: 1, price: 1 }],
    });
    expect(receipt.customer).toEqual({ phone: '79161234567' });
  });

  it('refuses a receipt without a contact, with a fractional quantity or a total it cannot reach', () => {
    const lines = [{ name: 'Мыло', quantity: 1, price: 100 }];
    expect(() => buildReceipt({ lines })).toThrow(/e-mail or phone/);
    expect(() => buildReceipt({ ...base, lines: [{ name: 'Мыло', quantity: 1.5, price: 100 }] })).toThrow();
    expect(() => buildReceipt({ ...base, lines, total: 101 })).toThrow(RangeError);
    expect(() =>
      buildReceipt({ ...base, lines, delivery: { name: 'Курьер', price: 300 }, total: 200 }),
    ).toThrow(RangeError);
  });

  it('spreads a discount that does not divide evenly, to the kopeck, splitting lines where needed', () => {
    // 3 × 333 ₽ + 1 × 100 ₽ = 1099 ₽, charged 1000 ₽: 99 ₽ off in proportion.
    const receipt = buildReceipt({
      ...base,
      lines: [
        { name: 'Масло чайного дерева', quantity: 3, price: 333 },
        { name: 'Гидролат мяты', quantity: 1, price: 100 },
      ],
      total: 1000,
    });
    expect(receiptTotalKopecks(receipt)).toBe(100_000);
    // 3 units cannot share 908.99 ₽ equally: two items, the dearer one costing one kopeck more.
    const tea = receipt.items.filter((item) => item.description === 'Масло чайного дерева');
    expect(tea).toHaveLength(2);
    const [cheap, dear] = tea.map((item) => valueToKopecks(item.amount.value));
    expect(dear! - cheap!).toBe(1);
  });

  it('leaves free gifts and fully discounted lines out', () => {
    const receipt = buildReceipt({
      ...base,
      lines: [
        { name: 'Подарок: мешочек', quantity: 1, price: 0 },
        { name: 'Масло апельсина', quantity: 1, price: 250 },
      ],
    });
    expect(receipt.items.map((item) => item.description)).toEqual(['Масло апельсина']);
  });
});

describe('spreadDiscount', () => {
  it('gives every line its share, largest remainders first', () => {
    expect(spreadDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(spreadDiscount([500, 0, 500], 3)).toEqual([2, 0, 1]);
    expect(spreadDiscount([500, 500], 1000)).toEqual([500, 500]);
  });
});

const line = fc.record({
  name: fc.string({ minLength: 0, maxLength: 200 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  // Whole roubles mostly, sometimes with kopecks, sometimes a 0 ₽ gift.
  price: fc.oneof(
    fc.integer({ min: 0, max: 30_000 }),
    fc.integer({ min: 1, max: 3_000_000 }).map((kopecks) => kopecks / 100),
  ),
});

describe('property: the items always add up to the charged amount', () => {
  it('for random lines, delivery and order discounts', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: undefined }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (lines, deliveryPrice, discountPercent, service) => {
          const goods = lines.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
          const delivery = (deliveryPrice ?? 0) * 100;
          // Whole roubles charged, as the shop does: floor of the discounted goods plus delivery.
          const total = Math.floor((goods * (100 - discountPercent)) / 100 / 100) + (deliveryPrice ?? 0);
          fc.pre(total > 0 && total * 100 - delivery <= goods);
          const receipt = buildReceipt(
            {
              ...base,
              lines,
              service,
              total,
              ...(deliveryPrice === undefined
                ? {}
                : { delivery: { name: 'Доставка', price: deliveryPrice } }),
            },
            { vatCode: 1 },
          );
          expect(receiptTotalKopecks(receipt)).toBe(total * 100);
          for (const item of receipt.items) {
            expect(valueToKopecks(item.amount.value)).toBeGreaterThanOrEqual(0);
            expect(Number(item.quantity)).toBeGreaterThanOrEqual(1);
            expect(Array.from(item.description).length).toBeGreaterThanOrEqual(1);
            expect(Array.from(item.description).length).toBeLessThanOrEqual(128);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('without a total, the items add up to Σ price × quantity + delivery', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), (lines) => {
        const goods = lines.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
        fc.pre(goods > 0);
        expect(receiptTotalKopecks(buildReceipt({ ...base, lines }))).toBe(goods);
      }),
      { numRuns: 300 },
    );
  });

  it('spreadDiscount never takes more than a line is worth and always the exact discount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (sums, share) => {
          const total = sums.reduce((sum, value) => sum + value, 0);
          const discount = Math.floor(total * share);
          const parts = spreadDiscount(sums, discount);
          expect(parts.reduce((sum, value) => sum + value, 0)).toBe(discount);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(sums[index]!);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('refundReceipt', () => {
  const paid = buildReceipt(
    {
      email: 'buyer@example.ru',
      lines: [
        { name: 'Масло лаванды', quantity: 3, price: 645 },
        { name: 'Гидролат розы', quantity: 1, price: 390 },
      ],
      delivery: { name: 'Курьер', price: 300 },
    },
    { vatCode: 1 },
  );

  it('returns the paid receipt for a full refund', () => {
    expect(refundReceipt(paid, 2625)).toEqual(paid);
  });

  it('spreads a partial refund over the items, to the kopeck, keeping each item’s kind', () => {
    for (const amount of [1, 7, 500, 1333, 2624]) {
      const receipt = refundReceipt(paid, amount);
      expect(receiptTotalKopecks(receipt)).toBe(amount * 100);
      expect(receipt.customer).toEqual({ email: 'buyer@example.ru' });
      for (const item of receipt.items) {
        const from = paid.items.find((paidItem) => paidItem.description === item.description)!;
        expect(item.payment_subject).toBe(from.payment_subject);
        expect(item.vat_code).toBe(from.vat_code);
      }
    }
  });

  it('refuses more than the receipt holds', () => {
    expect(() => refundReceipt(paid, 2626)).toThrow(RangeError);
  });
});
