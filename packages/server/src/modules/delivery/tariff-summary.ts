// What each way of delivery costs and how long it takes anywhere in Russia, asked of the same offline tariff
// providers the calculator uses: the «Доставка и оплата» page prints this, so it cannot say other numbers than
// checkout (content/shop-facts.ts).
import { DELIVERY_KINDS, type DeliveryKindId } from '@efir/domain/delivery-catalogue';
import { DELIVERY_METHOD_IDS, DELIVERY_METHOD_KINDS } from '@efir/domain/delivery-rules';
import { FREE_DELIVERY_FROM, type Zone } from '@efir/domain/delivery-tariffs';
import type { Quote, QuoteInput } from './delivery-providers.ts';
import {
  createBoxberryTable,
  createCdekTable,
  createFivePostTariffs,
  createPochtaTable,
  createShopTariffs,
  zoneOfZip,
} from './tariff-tables.ts';

export interface TariffSummary {
  kind: DeliveryKindId;
  name: string;
  /** The lowest price (whole ₽), 0 for free, null when priced on request. */
  priceFrom: number | null;
  /** The highest price of a light parcel anywhere (whole ₽): what a feed may promise without a destination. */
  priceTo: number | null;
  /** The price depends on the region or the weight, so the page says «от». */
  priceVaries: boolean;
  daysMin: number;
  daysMax: number;
  /** The cart total from which the shop pays for this delivery. */
  freeFrom: number | null;
  /** What checkout quotes in each tariff zone (a light parcel); null where this way does not go. */
  zones: Record<Zone, ZoneFigures | null>;
}

export interface ZoneFigures {
  /** A light parcel's price (whole ₽), 0 for free, null when priced on request. */
  price: number | null;
  /** A heavier parcel costs more here (the post), so the page says «от». */
  priceVaries: boolean;
  daysMin: number;
  daysMax: number;
}

const ZONES: Zone[] = [1, 2, 3];

function zoneFigures(
  own: Array<Quote & { zone: Zone | null; light: boolean }>,
  zone: Zone,
): ZoneFigures | null {
  const here = own.filter((quote) => quote.zone === zone);
  if (here.length === 0) return null;
  const light = here.filter((quote) => quote.light).map((quote) => quote.price);
  const lightPrices = light.filter((price) => price !== null);
  const prices = here.map((quote) => quote.price).filter((price) => price !== null);
  return {
    price: lightPrices.length > 0 ? Math.min(...lightPrices) : null,
    priceVaries: new Set(prices).size > 1,
    daysMin: Math.min(...here.map((quote) => quote.daysMin)),
    daysMax: Math.max(...here.map((quote) => quote.daysMax)),
  };
}

/** A destination in each tariff zone (Moscow inside MKAD, St Petersburg, Kazan, Novosibirsk) and none at all. */
const DESTINATIONS: Array<Pick<QuoteInput, 'toZip'>> = [
  {},
  { toZip: '101000' },
  { toZip: '190000' },
  { toZip: '420000' },
  { toZip: '630000' },
];
/** A light parcel (base price) and a heavy one (to see whether weight changes the price). */
const WEIGHTS = [300, 5000];

/** Every kind of delivery in the order checkout lists them, with its price «from» and its term range. */
export async function summariseTariffs(): Promise<TariffSummary[]> {
  const providers = [
    createShopTariffs(),
    createCdekTable(),
    createBoxberryTable(),
    createPochtaTable(),
    createFivePostTariffs(async () => null, false),
  ];
  const quotes: Quote[] = [];
  const lightQuotes: Quote[] = [];
  const placed: Array<Quote & { zone: Zone | null; light: boolean }> = [];
  for (const destination of DESTINATIONS) {
    const zone = destination.toZip ? zoneOfZip(destination.toZip) : null;
    for (const weightGrams of WEIGHTS) {
      const input = { ...destination, weightGrams, declaredValue: 0 };
      for (const provider of providers) {
        const found = await provider.quote(input);
        quotes.push(...found);
        const light = weightGrams === WEIGHTS[0];
        if (light) lightQuotes.push(...found);
        placed.push(...found.map((quote) => ({ ...quote, zone, light })));
      }
    }
  }
  const kinds = DELIVERY_METHOD_IDS.flatMap((method) => DELIVERY_METHOD_KINDS[method]);
  return kinds.flatMap((kind) => {
    const own = quotes.filter((quote) => quote.kind === kind);
    if (own.length === 0) return [];
    const prices = own.map((quote) => quote.price).filter((price) => price !== null);
    const light = lightQuotes
      .filter((quote) => quote.kind === kind)
      .map((quote) => quote.price)
      .filter((price) => price !== null);
    return [
      {
        kind,
        name: DELIVERY_KINDS[kind],
        priceFrom: prices.length > 0 ? Math.min(...prices) : null,
        priceTo: light.length > 0 ? Math.max(...light) : null,
        priceVaries: new Set(prices).size > 1,
        daysMin: Math.min(...own.map((quote) => quote.daysMin)),
        daysMax: Math.max(...own.map((quote) => quote.daysMax)),
        freeFrom: FREE_DELIVERY_FROM[kind] ?? null,
        zones: Object.fromEntries(
          ZONES.map((zone) => [
            zone,
            zoneFigures(
              placed.filter((quote) => quote.kind === kind),
              zone,
            ),
          ]),
        ) as Record<Zone, ZoneFigures | null>,
      },
    ];
  });
}
