// Checkout rules of the browser: payments per delivery kind, the first unfinished step, where a refused field is
// fixed, and an order body the server's own schema accepts.
import { deliveryFormSchema } from '@efir/domain/delivery-rules';
import { describe, expect, it } from 'vitest';
import type { CheckoutDraft } from '../../lib/app-state.ts';
import { createCheckoutDraft, parseCheckoutDraft } from '../../lib/checkout-draft.ts';
import {
  buildOrderRequest,
  canOpenStep,
  findFirstUnfinishedStep,
  findStepOfField,
  formatAddress,
  getKindNeeds,
  listPaymentMethods,
  parseAddressInput,
  routeFieldErrors,
} from './checkout-rules.ts';
import { describeMissing } from './delivery-choice.ts';

const ADDRESS = {
  city: 'Москва',
  street: 'ул. Тверская',
  house: '12',
  flat: '34',
  zip: '125009',
  comment: '',
};

function draft(change: Partial<CheckoutDraft> & { delivery?: Partial<CheckoutDraft['delivery']> } = {}) {
  const base = createCheckoutDraft();
  return {
    ...base,
    ...change,
    delivery: { ...base.delivery, ...change.delivery },
  } as CheckoutDraft;
}

const COURIER_CARD = draft({
  delivery: { type: 2, sposob_dost: 1, addressNew: ADDRESS, sposob_oplat: 5 },
  addressInput: ADDRESS,
  form: { id: 4, name: 'Анна', fam: 'Смирнова', email: 'anna@example.ru', tel: '8 900 123-45-67' },
  passed: ['delivery', 'pay', 'info'],
});

describe('listPaymentMethods', () => {
  it('offers card and bank transfer always, cash only where our courier or office hands over', () => {
    expect(listPaymentMethods(3)).toEqual([5, 1, 3]);
    expect(listPaymentMethods(5)).toEqual([5, 1, 3]);
    expect(listPaymentMethods(1)).toEqual([5, 1, 3]);
    expect(listPaymentMethods(8)).toEqual([5, 1, 3]);
  });

  it('offers cash on delivery for the post and pickup points, neither for carrier couriers', () => {
    expect(listPaymentMethods(2)).toEqual([5, 4, 3]);
    expect(listPaymentMethods(7)).toEqual([5, 4, 3]);
    expect(listPaymentMethods(10)).toEqual([5, 4, 3]);
    expect(listPaymentMethods(6)).toEqual([5, 3]);
    expect(listPaymentMethods(11)).toEqual([5, 3]);
    expect(listPaymentMethods(null)).toEqual([5, 3]);
  });
});

describe('getKindNeeds', () => {
  it('follows the step rule: offices nothing, couriers an address, CDEK/Boxberry a tariff, points a point', () => {
    expect([3, 5].map(getKindNeeds)).toEqual(['nothing', 'nothing']);
    expect([1, 2, 8, 14].map(getKindNeeds)).toEqual(['address', 'address', 'address', 'address']);
    expect([6, 11].map(getKindNeeds)).toEqual(['address-tarif', 'address-tarif']);
    expect([7, 9, 10].map(getKindNeeds)).toEqual(['point', 'point', 'point']);
    expect(getKindNeeds(13)).toBe('manager');
  });
});

describe('the steps', () => {
  it('starts at delivery and moves on only past confirmed, still valid steps', () => {
    expect(findFirstUnfinishedStep(createCheckoutDraft())).toBe('delivery');
    expect(findFirstUnfinishedStep(COURIER_CARD)).toBe('check');
    expect(findFirstUnfinishedStep({ ...COURIER_CARD, passed: ['delivery'] })).toBe('pay');
    // A step confirmed earlier whose data no longer holds is unfinished again.
    const cashByCourierPost = {
      ...COURIER_CARD,
      delivery: {
        ...COURIER_CARD.delivery,
        sposob_oplat: 1 as const,
        sposob_dost: 2 as const,
        type: 4 as const,
      },
    };
    expect(findFirstUnfinishedStep(cashByCourierPost)).toBe('pay');
    const noAddress = { ...COURIER_CARD, delivery: { ...COURIER_CARD.delivery, addressNew: null } };
    expect(findFirstUnfinishedStep(noAddress)).toBe('delivery');
  });

  it('opens a step only when every step before it is done', () => {
    expect(canOpenStep('delivery', createCheckoutDraft())).toBe(true);
    expect(canOpenStep('check', createCheckoutDraft())).toBe(false);
    expect(canOpenStep('info', { ...COURIER_CARD, passed: ['delivery', 'pay'] })).toBe(true);
    expect(canOpenStep('check', { ...COURIER_CARD, passed: ['delivery', 'pay'] })).toBe(false);
  });

  it('says what is missing on the delivery step', () => {
    expect(describeMissing(createCheckoutDraft())).toBe('Выберите способ доставки.');
    expect(describeMissing(draft({ delivery: { type: 2, sposob_dost: 1 } }))).toMatch(/Укажите адрес/);
    expect(describeMissing(draft({ delivery: { type: 5, sposob_dost: 7 } }))).toBe('Выберите пункт выдачи.');
    expect(describeMissing(draft({ delivery: { type: 6, sposob_dost: 6, addressNew: ADDRESS } }))).toBe(
      'Выберите тариф.',
    );
  });
});

describe('server refusals', () => {
  it('finds the step that owns a field', () => {
    expect(findStepOfField('contact.tel')).toBe('info');
    expect(findStepOfField('email')).toBe('info');
    expect(findStepOfField('delivery.koment')).toBe('info');
    expect(findStepOfField('sposob_oplat')).toBe('pay');
    expect(findStepOfField('delivery.sposob_oplat')).toBe('pay');
    expect(findStepOfField('adrec')).toBe('delivery');
    expect(findStepOfField('delivery.addressNew.zip')).toBe('delivery');
    expect(findStepOfField('tarif')).toBe('delivery');
    expect(findStepOfField('lines.12')).toBe('cart');
    expect(findStepOfField('promo')).toBe('cart');
  });

  it('sends the buyer to the earliest step among the refused fields, with its messages', () => {
    expect(
      routeFieldErrors({ 'contact.tel': ['Проверьте телефон'], sposob_dost: ['Выберите способ доставки'] }),
    ).toEqual({ step: 'delivery', message: 'Выберите способ доставки' });
    expect(routeFieldErrors({ 'lines.3': ['«Лаванда» закончилась'] })).toEqual({
      step: 'cart',
      message: '«Лаванда» закончилась',
    });
    expect(routeFieldErrors({})).toBeNull();
  });
});

describe('buildOrderRequest', () => {
  it('builds a body the server schema accepts, with only what the chosen kind uses', () => {
    const built = buildOrderRequest(
      { ...COURIER_CARD, delivery: { ...COURIER_CARD.delivery, pvz: 3, tarif: 'cdek:136' } },
      '0b3e1f5e-6a0c-4c4e-9a7e-1f2d3c4b5a69',
      false,
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(deliveryFormSchema.safeParse(built.body.delivery).success).toBe(true);
    expect(built.body.delivery).toMatchObject({
      type: 2,
      sposob_dost: 1,
      sposob_oplat: 5,
      pvz: null,
      tarif: null,
    });
    expect(built.body.delivery.addressNew).toEqual(ADDRESS);
    expect(built.body.contact).toMatchObject({ id: 4, name: 'Анна', tel: '8 900 123-45-67' });
  });

  it('leaves the address out for an office pickup', () => {
    const built = buildOrderRequest(
      { ...COURIER_CARD, delivery: { ...COURIER_CARD.delivery, type: 1, sposob_dost: 3, sposob_oplat: 1 } },
      '0b3e1f5e-6a0c-4c4e-9a7e-1f2d3c4b5a69',
      false,
    );
    expect(built.ok && built.body.delivery.addressNew).toBeNull();
  });

  it('points at the step to fix when the draft does not hold', () => {
    const key = '0b3e1f5e-6a0c-4c4e-9a7e-1f2d3c4b5a69';
    expect(buildOrderRequest(createCheckoutDraft(), key, false)).toMatchObject({
      ok: false,
      step: 'delivery',
    });
    const noPayment = { ...COURIER_CARD, delivery: { ...COURIER_CARD.delivery, sposob_oplat: null } };
    expect(buildOrderRequest(noPayment, key, false)).toMatchObject({ ok: false, step: 'pay' });
    const noPhone = { ...COURIER_CARD, form: { ...COURIER_CARD.form, tel: '' } };
    expect(buildOrderRequest(noPhone, key, false)).toMatchObject({ ok: false, step: 'info' });
  });
});

describe('addresses', () => {
  it('takes a new address only when it is whole, postal code included', () => {
    expect(parseAddressInput(ADDRESS)).toEqual(ADDRESS);
    expect(parseAddressInput({ ...ADDRESS, zip: '' })).toBeNull();
    expect(parseAddressInput({ ...ADDRESS, house: ' ' })).toBeNull();
    expect(formatAddress(ADDRESS)).toBe('Москва, ул. Тверская, д. 12, кв. 34, 125009');
  });
});

describe('the stored draft', () => {
  it('reads back what was stored and refuses anything malformed', () => {
    expect(parseCheckoutDraft(JSON.stringify(COURIER_CARD))).toEqual(COURIER_CARD);
    expect(parseCheckoutDraft('{"form":1}')).toBeNull();
    expect(parseCheckoutDraft('не json')).toBeNull();
    expect(parseCheckoutDraft(null)).toBeNull();
  });
});
