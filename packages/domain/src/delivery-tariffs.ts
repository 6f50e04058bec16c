// The offline tariff tables checkout prices with when no carrier API is configured — one table for every delivery
// promise the shop makes: checkout's quotes, the product page's estimate, /dostavka's table and the feeds all come
// from these rows (decision 043). The tariff zones are named here for the page that prints them by zone.
import type { DeliveryKindId } from './delivery-catalogue.ts';

export type Zone = 1 | 2 | 3;

/** The zones as /dostavka heads its columns (zoneOfZip on the server says which postal codes belong where). */
export const ZONE_NAMES: Record<Zone, string> = {
  1: 'Москва, Санкт-Петербург и их области',
  2: 'Европейская часть России и Урал',
  3: 'Сибирь и Дальний Восток',
};

/** From this cart total (₽) the shop pays for delivery of these kinds. */
export const FREE_DELIVERY_FROM: Partial<Record<DeliveryKindId, number>> = {
  1: 5000,
  8: 7000,
  7: 7000,
  9: 7000,
  10: 7000,
};

export interface TariffRow {
  price: number;
  daysMin: number;
  daysMax: number;
}

export const SHOP_TABLE = {
  courierMoscow: { price: 390, daysMin: 1, daysMax: 2 },
  courierSpb: { price: 450, daysMin: 1, daysMax: 2 },
  officeMoscow: { price: 0, daysMin: 1, daysMax: 1 },
  officeSpb: { price: 0, daysMin: 2, daysMax: 3 },
  international: { daysMin: 7, daysMax: 21 },
} as const;

/** CDEK and Boxberry to a pickup point (and CDEK lockers), by zone. */
export const PICKUP_TABLE: Record<Zone, TariffRow> = {
  1: { price: 250, daysMin: 2, daysMax: 3 },
  2: { price: 300, daysMin: 3, daysMax: 5 },
  3: { price: 350, daysMin: 5, daysMax: 8 },
};

/** CDEK and Boxberry courier to the door, by zone. */
export const CARRIER_COURIER_TABLE: Record<Zone, TariffRow> = {
  1: { price: 450, daysMin: 1, daysMax: 3 },
  2: { price: 550, daysMin: 3, daysMax: 6 },
  3: { price: 650, daysMin: 5, daysMax: 9 },
};

/** Russian Post parcel: the first kilogram, then each started 500 g. */
export const POST_TABLE: Record<Zone, TariffRow & { perHalfKg: number }> = {
  1: { price: 290, perHalfKg: 45, daysMin: 3, daysMax: 6 },
  2: { price: 340, perHalfKg: 55, daysMin: 5, daysMax: 9 },
  3: { price: 420, perHalfKg: 75, daysMin: 7, daysMax: 14 },
};
export const POST_MAX_WEIGHT_GRAMS = 20_000;

/** 5Post lockers: one price up to 3 kg anywhere; a synced locker may carry its own rate. */
export const FIVEPOST_TABLE = {
  price: 199,
  baseWeightGrams: 3000,
  daysMin: 2,
  daysMax: 5,
  maxWeightGrams: 15_000,
} as const;

/**
 * A promise in the one wording every page uses: «2–3 дня, 250 ₽», «1 день, бесплатно». `term` is the formatted term
 * (formatDeliveryTerm), `price` the price as its page writes it (checkout's priceText, «от 290 ₽»).
 */
export function formatDeliveryPromise(term: string | null | undefined, price: string): string {
  return term ? `${term}, ${price}` : price;
}
