// The offline tariff providers: what each way of delivery costs when no carrier API is configured, priced from the
// tables of @efir/domain/delivery-tariffs (the one source of every delivery promise, decision 043).
import type { DeliveryKindId } from '@efir/domain/delivery-catalogue';
import {
  CARRIER_COURIER_TABLE,
  FIVEPOST_TABLE,
  PICKUP_TABLE,
  POST_MAX_WEIGHT_GRAMS,
  POST_TABLE,
  SHOP_TABLE,
  type Zone,
} from '@efir/domain/delivery-tariffs';
import type { PickupPoint, ProviderName, Quote, QuoteInput, TariffProvider } from './delivery-providers.ts';

export function isRussianZip(zip: string): boolean {
  return /^[1-6]\d{5}$/.test(zip);
}

/**
 * Tariff zone by postal code: 1 — Moscow, St Petersburg and their regions; 2 — the rest of European Russia and the
 * Urals (up to 62xxxx: Nizhny Novgorod 603, Kazan 420, Krasnodar 350, Yekaterinburg 620); 3 — Siberia and the Far
 * East (63xxxx and up: Novosibirsk 630, Vladivostok 690).
 */
export function zoneOfZip(zip: string): Zone | null {
  if (!isRussianZip(zip)) return null;
  const region = Number(zip.slice(0, 2));
  if ((region >= 10 && region <= 14) || region === 18 || region === 19) return 1;
  if (region >= 63) return 3;
  return 2;
}

const CITY_ZONES: Record<string, Zone> = {
  москва: 1,
  'санкт-петербург': 1,
  казань: 2,
  'нижний новгород': 2,
  краснодар: 2,
  екатеринбург: 2,
  новосибирск: 3,
};

export function normalizeCity(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/^(г\.?|город)\s+/, '');
}

export function zoneOf(input: Pick<QuoteInput, 'toZip' | 'toCity'>): Zone | null {
  if (input.toZip) return zoneOfZip(input.toZip);
  if (input.toCity) return CITY_ZONES[normalizeCity(input.toCity)] ?? 2;
  return null;
}

/** Moscow city postal codes inside the ring road: 101xxx–129xxx except New Moscow (108) and Zelenograd (124). */
export function isInsideMkad(zip: string): boolean {
  if (!isRussianZip(zip)) return false;
  const prefix = Number(zip.slice(0, 3));
  return prefix >= 101 && prefix <= 129 && prefix !== 108 && prefix !== 124;
}

export function isSaintPetersburg(zip: string): boolean {
  return isRussianZip(zip) && zip.startsWith('19');
}

export function postPrice(zone: Zone, weightGrams: number): number {
  const row = POST_TABLE[zone];
  const extraHalves = Math.max(0, Math.ceil((weightGrams - 1000) / 500));
  return row.price + extraHalves * row.perHalfKg;
}

/** The price a 5Post point's own rate gives: base up to `baseWeightGrams`, then per started kilogram. */
export function fivePostPrice(details: PickupPoint['details'], weightGrams: number): number {
  const base = details.rate ?? FIVEPOST_TABLE.price;
  const perKg = details.ratePerKg ?? 0;
  const included = details.baseWeightGrams ?? FIVEPOST_TABLE.baseWeightGrams;
  const extraKg = Math.max(0, Math.ceil((weightGrams - included) / 1000));
  return Math.ceil(base + extraKg * perKg);
}

function quote(
  provider: ProviderName,
  kind: DeliveryKindId,
  code: string,
  name: string,
  row: { price: number | null; daysMin: number; daysMax: number },
): Quote {
  return {
    provider,
    kind,
    tariff: `${provider}:${code}`,
    name,
    price: row.price,
    daysMin: row.daysMin,
    daysMax: row.daysMax,
  };
}

/** The shop's own ways: Moscow and St Petersburg couriers, office pickups, international on request. */
export function createShopTariffs(): TariffProvider {
  return {
    name: 'shop',
    online: false,
    kinds: [1, 3, 5, 8, 13],
    async quote(input) {
      const quotes: Quote[] = [
        quote('shop', 3, 'office-msk', 'Самовывоз из офиса в Москве', SHOP_TABLE.officeMoscow),
        quote('shop', 5, 'office-spb', 'Самовывоз из офиса в Санкт-Петербурге', SHOP_TABLE.officeSpb),
      ];
      const city = input.toCity ? normalizeCity(input.toCity) : null;
      const anywhere = !input.toZip && !city;
      const moscow = input.toZip ? isInsideMkad(input.toZip) : city === 'москва';
      const spb = input.toZip ? isSaintPetersburg(input.toZip) : city === 'санкт-петербург';
      if (anywhere || moscow) {
        quotes.push(
          quote('shop', 1, 'courier-msk', 'Курьер по Москве в пределах МКАД', SHOP_TABLE.courierMoscow),
        );
      }
      if (anywhere || spb) {
        quotes.push(quote('shop', 8, 'courier-spb', 'Курьер по Санкт-Петербургу', SHOP_TABLE.courierSpb));
      }
      quotes.push(
        quote('shop', 13, 'international', 'Международная доставка — стоимость по запросу', {
          price: null,
          ...SHOP_TABLE.international,
        }),
      );
      return quotes;
    },
  };
}

/** Offline CDEK: pickup points (136), courier (137), lockers (368) by zone; CDEK's own tariff codes. */
export function createCdekTable(): TariffProvider {
  return {
    name: 'cdek',
    online: false,
    kinds: [6, 7, 9],
    async quote(input) {
      const zone = zoneOf(input) ?? 1;
      if (input.toZip && zoneOfZip(input.toZip) === null) return [];
      const quotes = [
        quote('cdek', 7, '136', 'Посылка склад-склад', PICKUP_TABLE[zone]),
        quote('cdek', 9, '368', 'Посылка склад-постамат', PICKUP_TABLE[zone]),
      ];
      if (!input.pvzCode)
        quotes.push(quote('cdek', 6, '137', 'Посылка склад-дверь', CARRIER_COURIER_TABLE[zone]));
      return quotes;
    },
  };
}

export function createBoxberryTable(): TariffProvider {
  return {
    name: 'boxberry',
    online: false,
    kinds: [10, 11],
    async quote(input) {
      const zone = zoneOf(input) ?? 1;
      if (input.toZip && zoneOfZip(input.toZip) === null) return [];
      const quotes = [quote('boxberry', 10, 'pvz', 'До пункта выдачи Boxberry', PICKUP_TABLE[zone])];
      if (!input.pvzCode)
        quotes.push(quote('boxberry', 11, 'courier', 'Курьер Boxberry', CARRIER_COURIER_TABLE[zone]));
      return quotes;
    },
  };
}

export function createPochtaTable(): TariffProvider {
  return {
    name: 'pochta',
    online: false,
    kinds: [2],
    async quote(input) {
      const zone = zoneOf(input) ?? 1;
      if (input.toZip && zoneOfZip(input.toZip) === null) return [];
      if (input.weightGrams > POST_MAX_WEIGHT_GRAMS) return [];
      const row = POST_TABLE[zone];
      return [
        quote('pochta', 2, '27030', 'Посылка стандарт', {
          price: postPrice(zone, input.weightGrams),
          daysMin: row.daysMin,
          daysMax: row.daysMax,
        }),
      ];
    },
  };
}

/**
 * 5Post prices come from the point itself (5Post sends rates with every point), offline and online alike: the
 * seeded points carry the table price, synced points the carrier's rate. Without a point, the table price.
 */
export function createFivePostTariffs(
  findPoint: (code: string) => Promise<PickupPoint | null>,
  online: boolean,
): TariffProvider {
  return {
    name: 'fivepost',
    online,
    kinds: [14],
    async quote(input) {
      if (input.weightGrams > FIVEPOST_TABLE.maxWeightGrams) return [];
      const point = input.pvzCode ? await findPoint(input.pvzCode) : null;
      if (input.pvzCode && !point) return [];
      const details = point?.details ?? {};
      return [
        quote('fivepost', 14, 'locker', 'Постамат 5Post', {
          price: fivePostPrice(details, input.weightGrams),
          daysMin: details.days ? Math.max(1, details.days - 1) : FIVEPOST_TABLE.daysMin,
          daysMax: details.days ?? FIVEPOST_TABLE.daysMax,
        }),
      ];
    },
  };
}
