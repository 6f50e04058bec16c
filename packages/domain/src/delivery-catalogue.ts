// The delivery-method, delivery-kind and payment-method catalogues of spec §3, with their Russian names.

/** sposob_dost: what the customer chooses at checkout. */
export const DELIVERY_METHODS = {
  1: 'Самовывоз',
  2: 'Доставка курьером (Москва)',
  3: 'Доставка курьером (СПб)',
  4: 'Почта России',
  5: 'ПВЗ | Постамат: CDEK, Boxberry',
  6: 'Курьер: CDEK, Boxberry',
  7: 'Постаматы 5Post',
} as const satisfies Record<number, string>;
export type DeliveryMethodId = keyof typeof DELIVERY_METHODS;

/** type: how the order physically travels. */
export const DELIVERY_KINDS = {
  1: 'Курьер по Москве',
  2: 'Почта России',
  3: 'Самовывоз из офиса в Москве',
  5: 'Самовывоз из офиса в Санкт-Петербурге',
  6: 'Курьер CDEK',
  7: 'Пункт выдачи CDEK',
  8: 'Курьер по Санкт-Петербургу',
  9: 'Постаматы',
  10: 'Пункт выдачи Boxberry',
  11: 'Курьер Boxberry',
  13: 'Международная доставка',
  14: 'Постаматы 5Post',
} as const satisfies Record<number, string>;
export type DeliveryKindId = keyof typeof DELIVERY_KINDS;

/** sposob_oplat. */
export const PAYMENT_METHODS = {
  1: 'Наличными',
  5: 'Картой онлайн',
  3: 'Банковский перевод (предоплата)',
  4: 'Наложенный платёж',
} as const satisfies Record<number, string>;
export type PaymentMethodId = keyof typeof PAYMENT_METHODS;

export function getDeliveryMethodName(id: number): string | undefined {
  return (DELIVERY_METHODS as Record<number, string>)[id];
}

export function getDeliveryKindName(id: number): string | undefined {
  return (DELIVERY_KINDS as Record<number, string>)[id];
}

export function getPaymentMethodName(id: number): string | undefined {
  return (PAYMENT_METHODS as Record<number, string>)[id];
}

/**
 * The cities a product page estimates delivery to («Доставка в Москву…»): the big cities with pickup points, each
 * with a postal code of its centre (Moscow's inside МКАД) that the calculator prices, as checkout prices an address.
 */
export const ESTIMATE_CITIES = [
  { name: 'Москва', to: 'в Москву', zip: '101000' },
  { name: 'Санкт-Петербург', to: 'в Санкт-Петербург', zip: '190000' },
  { name: 'Новосибирск', to: 'в Новосибирск', zip: '630099' },
  { name: 'Екатеринбург', to: 'в Екатеринбург', zip: '620014' },
  { name: 'Казань', to: 'в Казань', zip: '420111' },
  { name: 'Нижний Новгород', to: 'в Нижний Новгород', zip: '603005' },
  { name: 'Краснодар', to: 'в Краснодар', zip: '350000' },
] as const;

export type EstimateCityName = (typeof ESTIMATE_CITIES)[number]['name'];
