// The customer page's words for a personal discount and the discount form's check: where the percent comes from,
// a history line, and the body sent for «by the tiers» and for a hand-set percent (with the server's messages).
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/forms.ts';
import {
  customerName,
  describeDiscountChange,
  describeDiscountSource,
  discountFormSchema,
  discountFormValues,
  orderNumber,
} from './customers-api.ts';

const nbsp = '\u00a0';

describe('describeDiscountSource', () => {
  it('names the completed total when the tiers decide', () => {
    expect(describeDiscountSource({ skidka_manual: null, skidka_by_orders: 5, completed_total: 17155 })).toBe(
      `По сумме выполненных заказов: 17${nbsp}155${nbsp}₽.`,
    );
  });

  it('says a hand-set percent is one, and what the orders alone would give', () => {
    expect(describeDiscountSource({ skidka_manual: 12, skidka_by_orders: 5, completed_total: 17155 })).toBe(
      `Установлена вручную. По заказам было бы 5${nbsp}% (выполнено заказов на 17${nbsp}155${nbsp}₽).`,
    );
  });
});

describe('describeDiscountChange', () => {
  it('shows from → to and how the percent is set now', () => {
    expect(describeDiscountChange({ before: 5, after: 12, manual: 12 })).toBe(
      `5${nbsp}% → 12${nbsp}%, вручную`,
    );
    expect(describeDiscountChange({ before: 12, after: 3, manual: null })).toBe(
      `12${nbsp}% → 3${nbsp}%, по сумме заказов`,
    );
    expect(describeDiscountChange({ before: null, after: 0, manual: 0 })).toBe(`— → 0${nbsp}%, вручную`);
  });
});

describe('customer names and order numbers', () => {
  it('falls back to the e-mail when no name was given', () => {
    expect(customerName({ name: 'Анна', fam: 'Смирнова', email: 'a@example.ru' })).toBe('Анна Смирнова');
    expect(customerName({ name: '', fam: '', email: 'a@example.ru' })).toBe('a@example.ru');
  });

  it('writes the number as the shop does', () => {
    expect(orderNumber(42)).toBe('ЭФ-000042');
  });
});

describe('discountFormSchema', () => {
  it('opens with the mode the customer has now', () => {
    expect(discountFormValues({ skidka_manual: null })).toEqual({ mode: 'auto', percent: '', comment: '' });
    expect(discountFormValues({ skidka_manual: 0 })).toEqual({ mode: 'manual', percent: '0', comment: '' });
  });

  it('sends null for the tiers, whatever is left in the percent box', () => {
    expect(checkForm(discountFormSchema, { mode: 'auto', percent: 'abc', comment: '  ' })).toEqual({
      ok: true,
      data: { percent: null },
    });
  });

  it('sends a whole hand-set percent with the trimmed comment', () => {
    expect(checkForm(discountFormSchema, { mode: 'manual', percent: ' 12 ', comment: ' Партнёр ' })).toEqual({
      ok: true,
      data: { percent: 12, comment: 'Партнёр' },
    });
    expect(checkForm(discountFormSchema, { mode: 'manual', percent: '0', comment: '' })).toEqual({
      ok: true,
      data: { percent: 0 },
    });
  });

  it('refuses a missing, broken or too large percent in Russian', () => {
    const errorOf = (percent: string) => {
      const checked = checkForm(discountFormSchema, { mode: 'manual', percent, comment: '' });
      return checked.ok ? null : checked.errors.percent;
    };
    expect(errorOf('')).toBe('Укажите процент скидки');
    expect(errorOf('12.5')).toBe('Укажите целое число процентов');
    expect(errorOf('-3')).toBe('Укажите целое число процентов');
    expect(errorOf('101')).toBe('Скидка — от 0 до 100 %');
  });

  it('refuses a comment longer than the journal keeps', () => {
    const checked = checkForm(discountFormSchema, { mode: 'auto', percent: '', comment: 'а'.repeat(501) });
    expect(checked).toEqual({ ok: false, errors: { comment: 'Комментарий — не длиннее 500 символов' } });
  });
});
