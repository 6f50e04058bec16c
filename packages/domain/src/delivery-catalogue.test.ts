import { describe, expect, it } from 'vitest';
import {
  DELIVERY_KINDS,
  DELIVERY_METHODS,
  getDeliveryKindName,
  getDeliveryMethodName,
  getPaymentMethodName,
  PAYMENT_METHODS,
} from './delivery-catalogue.ts';

describe('catalogues of spec §3', () => {
  it('names the seven delivery methods (sposob_dost) as the spec does', () => {
    expect(DELIVERY_METHODS).toEqual({
      1: 'Самовывоз',
      2: 'Доставка курьером (Москва)',
      3: 'Доставка курьером (СПб)',
      4: 'Почта России',
      5: 'ПВЗ | Постамат: CDEK, Boxberry',
      6: 'Курьер: CDEK, Boxberry',
      7: 'Постаматы 5Post',
    });
  });

  it('has exactly the delivery kinds of the spec', () => {
    expect(Object.keys(DELIVERY_KINDS).map(Number)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 13, 14]);
    expect(getDeliveryKindName(7)).toBe('Пункт выдачи CDEK');
    expect(getDeliveryKindName(4)).toBeUndefined();
  });

  it('has the four payment methods with their spec ids', () => {
    expect(Object.keys(PAYMENT_METHODS).map(Number).sort()).toEqual([1, 3, 4, 5]);
    expect(getPaymentMethodName(5)).toBe('Картой онлайн');
    expect(getPaymentMethodName(2)).toBeUndefined();
    expect(getDeliveryMethodName(8)).toBeUndefined();
  });
});
