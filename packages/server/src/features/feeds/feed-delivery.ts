// The delivery terms a feed states, taken from the tariffs checkout prices with (delivery/tariff-summary.ts), so a
// marketplace shows the buyer no other price and term than the shop's own. A feed offer is one unit of a product,
// so the shop's free-delivery threshold applies when that unit's price reaches it.

import type { DeliveryKindId } from '@efir/domain/delivery-catalogue';
import { freeDeliveryThreshold } from '@efir/domain/shop-defaults';
import { summariseTariffs, type TariffSummary } from '../../modules/delivery/index.ts';

/** One way of delivery as a feed names it. */
export interface FeedDelivery {
  kind: DeliveryKindId;
  name: string;
  /** Whole ₽ for one unit at `price`: 0 from the free-delivery threshold. */
  costFor(price: number): number;
  daysMin: number;
  daysMax: number;
  /** ISO 3166-2 region it serves, or null for the whole country. */
  region: string | null;
}

/** Courier in Moscow and in St Petersburg (regional), pickup points anywhere in Russia (country-wide). */
const FEED_KINDS: Array<{ kind: DeliveryKindId; region: string | null }> = [
  { kind: 1, region: 'RU-MOW' },
  { kind: 8, region: 'RU-SPE' },
  { kind: 7, region: null },
];
/** Pickup from the shop's own office in Moscow. */
const OFFICE_KIND: DeliveryKindId = 3;

function feedDelivery(row: TariffSummary, region: string | null): FeedDelivery | null {
  // Country-wide, the highest price of a light parcel: no buyer pays more for one bottle than the feed says.
  const price = region === null ? row.priceTo : row.priceFrom;
  if (price === null) return null;
  return {
    kind: row.kind,
    name: row.name,
    costFor: (itemPrice) => (row.freeFrom !== null && itemPrice >= row.freeFrom ? 0 : price),
    daysMin: row.daysMin,
    daysMax: row.daysMax,
    region,
  };
}

export interface FeedDeliveryTerms {
  /** Courier ways, the home region's first. */
  courier: FeedDelivery[];
  /** The office pickup, when the shop has one. */
  office: FeedDelivery | null;
}

/** `freeFrom`: the free-delivery thresholds in force (the owner's settings, decision 060). */
export async function loadFeedDelivery(
  freeFrom?: ReadonlyArray<{ kind: number; from: number | null }>,
): Promise<FeedDeliveryTerms> {
  const rows = (await summariseTariffs()).map((row) =>
    freeFrom ? { ...row, freeFrom: freeDeliveryThreshold(freeFrom, row.kind) } : row,
  );
  const find = (kind: DeliveryKindId) => rows.find((row) => row.kind === kind);
  const courier = FEED_KINDS.flatMap(({ kind, region }) => {
    const row = find(kind);
    const delivery = row && feedDelivery(row, region);
    return delivery ? [delivery] : [];
  });
  const office = find(OFFICE_KIND);
  return { courier, office: (office && feedDelivery(office, 'RU-MOW')) ?? null };
}

/** «1-2», or «1» when the term is one day. */
export function formatDays(delivery: Pick<FeedDelivery, 'daysMin' | 'daysMax'>): string {
  return delivery.daysMin === delivery.daysMax
    ? String(delivery.daysMin)
    : `${delivery.daysMin}-${delivery.daysMax}`;
}
