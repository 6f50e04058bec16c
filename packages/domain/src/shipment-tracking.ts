// Carriers a parcel leaves with and the public page where its tracking number is followed (decision 029).

export const CARRIERS = ['cdek', 'boxberry', 'pochta', 'fivepost', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  cdek: 'СДЭК',
  boxberry: 'Boxberry',
  pochta: 'Почта России',
  fivepost: '5Post',
  other: 'Другая служба',
};

const TRACKING_PAGES: Partial<Record<Carrier, (number: string) => string>> = {
  cdek: (number) => `https://www.cdek.ru/ru/tracking?order_id=${number}`,
  boxberry: (number) => `https://boxberry.ru/tracking-page?id=${number}`,
  pochta: (number) => `https://www.pochta.ru/tracking?barcode=${number}`,
  fivepost: (number) => `https://fivepost.ru/tracking/?id=${number}`,
};

/** The carrier's tracking page for the number; null for a carrier without one we know. */
export function trackingUrl(carrier: Carrier, number: string): string | null {
  return TRACKING_PAGES[carrier]?.(encodeURIComponent(number)) ?? null;
}

/** What a tracking number may look like: carriers use digits and Latin letters (Почта: RA123456789RU). */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
