import { describe, expect, it } from 'vitest';
import { DELIVERY_KINDS, DELIVERY_METHODS, PAYMENT_METHODS } from './delivery-catalogue.ts';
import {
  checkoutContactSchema,
  DELIVERY_KIND_IDS,
  DELIVERY_METHOD_IDS,
  DELIVERY_METHOD_KINDS,
  type DeliveryStepState,
  deliveryFormSchema,
  formatDeliveryTerm,
  getMethodOfKind,
  HYDROLAT_REASON,
  isDeliveryStepReady,
  isKindAllowedForHydrolats,
  PAYMENT_METHOD_IDS,
} from './delivery-rules.ts';

const address = { adrec: 12 };
const newAddress = { addressNew: { city: 'Москва', street: 'Тверская', house: '7' } };
const savedPoint = { pvz: 4 };
const newPoint = { pvzNew: { code: 'MSK123', type: 7 } };
const tarif = { tarif: 'cdek:136' };

describe('isDeliveryStepReady (spec §4, literally)', () => {
  it('is ready for sposob_dost 5 and 3 with nothing else', () => {
    expect(isDeliveryStepReady({ sposob_dost: 5 })).toBe(true);
    expect(isDeliveryStepReady({ sposob_dost: 3 })).toBe(true);
    expect(isDeliveryStepReady({ sposob_dost: 3, type: 1 })).toBe(true);
  });

  it.each([1, 2, 8, 14])('sposob_dost %i needs an address, saved or new', (kind) => {
    expect(isDeliveryStepReady({ sposob_dost: kind })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...tarif, ...savedPoint })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...address })).toBe(true);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...newAddress })).toBe(true);
  });

  it.each([6, 11])('sposob_dost %i needs a tarif and an address', (kind) => {
    expect(isDeliveryStepReady({ sposob_dost: kind })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...address })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...tarif })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...tarif, ...savedPoint })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...tarif, ...address })).toBe(true);
    expect(isDeliveryStepReady({ sposob_dost: kind, ...tarif, ...newAddress })).toBe(true);
  });

  it.each([7, 9, 10])('type 5 with sposob_dost %i needs a tarif and a pickup point', (kind) => {
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind, ...tarif })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind, ...savedPoint })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind, ...tarif, ...address })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind, ...tarif, ...savedPoint })).toBe(true);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: kind, ...tarif, ...newPoint })).toBe(true);
  });

  it.each([7, 9, 10])('sposob_dost %i is never ready without type 5', (kind) => {
    const complete = { sposob_dost: kind, ...tarif, ...savedPoint, ...address };
    expect(isDeliveryStepReady({ ...complete, type: 5 })).toBe(true);
    for (const type of [null, undefined, 1, 2, 3, 4, 6, 7]) {
      expect(isDeliveryStepReady({ ...complete, type })).toBe(false);
    }
  });

  it('is never ready for a kind the rule does not name, or for nothing chosen', () => {
    const everything: DeliveryStepState = { type: 5, ...tarif, ...savedPoint, ...address };
    for (const kind of [null, undefined, 0, 4, 12, 13, 15]) {
      expect(isDeliveryStepReady({ ...everything, sposob_dost: kind })).toBe(false);
    }
  });

  it('treats empty values as missing: 0, blank strings, empty objects', () => {
    expect(isDeliveryStepReady({ sposob_dost: 1, adrec: 0 })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: 1, adrec: null, addressNew: null })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: 1, addressNew: { city: '', street: ' ' } })).toBe(false);
    expect(isDeliveryStepReady({ sposob_dost: 6, adrec: 3, tarif: '  ' })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: 7, tarif: 'cdek:136', pvz: '0' })).toBe(false);
    expect(isDeliveryStepReady({ type: 5, sposob_dost: 7, tarif: 'cdek:136', pvzNew: {} })).toBe(false);
  });
});

describe('hydrolats', () => {
  it('refuse Russian Post and parcel lockers, allow everything else', () => {
    const forbidden = DELIVERY_KIND_IDS.filter((kind) => !isKindAllowedForHydrolats(kind));
    expect(forbidden).toEqual([2, 9, 14]);
    expect(isKindAllowedForHydrolats(1)).toBe(true);
    expect(isKindAllowedForHydrolats(7)).toBe(true);
    expect(isKindAllowedForHydrolats(10)).toBe(true);
  });

  it('explains why in Russian', () => {
    expect(HYDROLAT_REASON).toBe(
      'Гидролаты не принимают к пересылке Почтой России и в постаматы: стеклянные флаконы с жидкостью',
    );
  });
});

describe('catalogue ids', () => {
  it('match the catalogues of spec §3', () => {
    expect([...DELIVERY_METHOD_IDS]).toEqual(Object.keys(DELIVERY_METHODS).map(Number));
    expect([...DELIVERY_KIND_IDS]).toEqual(Object.keys(DELIVERY_KINDS).map(Number));
    expect([...PAYMENT_METHOD_IDS].sort()).toEqual(Object.keys(PAYMENT_METHODS).map(Number).sort());
  });

  it('put every kind under exactly one method', () => {
    const grouped = Object.values(DELIVERY_METHOD_KINDS)
      .flat()
      .sort((a, b) => a - b);
    expect(grouped).toEqual([...DELIVERY_KIND_IDS]);
    expect(getMethodOfKind(7)).toBe(5);
    expect(getMethodOfKind(14)).toBe(7);
    expect(getMethodOfKind(12)).toBeUndefined();
  });
});

describe('deliveryFormSchema', () => {
  it('fills defaults for an empty form', () => {
    expect(deliveryFormSchema.parse({})).toEqual({
      type: null,
      sposob_dost: null,
      dost_dop: '',
      sposob_oplat: null,
      adrec: null,
      tarif: null,
      pvz: null,
      koment: '',
      ecopack: false,
      calling: false,
      promo: false,
      consultant: false,
      detail: false,
      addressNew: null,
      pvzNew: null,
      hydr: false,
    });
  });

  it('accepts a pickup-point order and normalises a numeric tarif', () => {
    const form = deliveryFormSchema.parse({
      type: 5,
      sposob_dost: 7,
      sposob_oplat: 5,
      tarif: 136,
      pvzNew: { code: 'MSK123', type: 7 },
    });
    expect(form.tarif).toBe('136');
    expect(form.pvzNew).toMatchObject({ code: 'MSK123', type: 7 });
    expect(isDeliveryStepReady(form)).toBe(true);
  });

  it('refuses unknown fields, unknown ids and a kind from another method, in Russian', () => {
    const unknown = deliveryFormSchema.safeParse({ price: 0 });
    expect(unknown.success).toBe(false);

    const badKind = deliveryFormSchema.safeParse({ type: 2, sposob_dost: 12 });
    expect(badKind.success).toBe(false);
    expect(badKind.error?.issues[0]?.message).toBe('Выберите вариант доставки');

    const mismatch = deliveryFormSchema.safeParse({ type: 2, sposob_dost: 7 });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual([
      'Этот вариант не относится к выбранному способу доставки',
    ]);

    const badPayment = deliveryFormSchema.safeParse({ sposob_oplat: 2 });
    expect(badPayment.error?.issues[0]?.message).toBe('Выберите способ оплаты');

    const badTarif = deliveryFormSchema.safeParse({ tarif: "1'; drop table orders; --" });
    expect(badTarif.error?.issues[0]?.message).toBe('Неверный тариф');

    const otherService = deliveryFormSchema.safeParse({
      type: 5,
      sposob_dost: 10,
      pvzNew: { code: 'X1', type: 7 },
    });
    expect(otherService.error?.issues[0]?.path).toEqual(['pvzNew', 'type']);
  });
});

describe('checkoutContactSchema', () => {
  it('normalises a good contact', () => {
    expect(
      checkoutContactSchema.parse({
        name: ' Анна ',
        fam: 'Петрова',
        email: 'Anna@Example.RU',
        tel: '8 (916) 123-45-67',
      }),
    ).toEqual({ name: 'Анна', fam: 'Петрова', email: 'anna@example.ru', tel: '+79161234567' });
  });

  it('needs every field and says so in Russian', () => {
    const result = checkoutContactSchema.safeParse({ name: '', fam: '', email: 'no', tel: '' });
    expect(result.success).toBe(false);
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toEqual({
      name: 'Введите имя',
      fam: 'Введите фамилию',
      email: 'Проверьте e-mail: в адресе ошибка',
      tel: 'Введите телефон: по нему позвонит курьер или пункт выдачи',
    });
    expect(
      checkoutContactSchema.safeParse({ name: 'А', fam: 'Б', email: 'a@b.ru', tel: '+1 555' }).success,
    ).toBe(false);
  });
});

describe('formatDeliveryTerm', () => {
  it('uses Russian plural forms', () => {
    expect(formatDeliveryTerm(1, 1)).toBe('1 день');
    expect(formatDeliveryTerm(1, 2)).toBe('1–2 дня');
    expect(formatDeliveryTerm(3, 5)).toBe('3–5 дней');
    expect(formatDeliveryTerm(7, 21)).toBe('7–21 день');
  });
});
