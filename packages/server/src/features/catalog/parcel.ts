// What a cart weighs and how big its box is, for the delivery calculators (issue 39 point 4): each good's own weight
// and sides as the back office wrote them; a good without a weight is guessed from its volume as before (a bottle
// of n ml weighs about n + 60 g). The delivery module is handed the result; it never reads the catalogue.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from './catalog.table.ts';

/** The box, filler and the printed leaflet around any order. */
const PACKING_GRAMS = 300;
/** Room the filler takes around the goods, mm on each side. */
const PACKING_MARGIN_MM = 10;

export interface ParcelLine {
  /** The product's id (a cart line's id). */
  id: number;
  volume: string;
  quantity: number;
}

export interface Parcel {
  weightGrams: number;
  /** Whole cm; only when every good's sides are written (a carrier then prices the real box). */
  dimensionsCm?: { length: number; width: number; height: number };
}

/** A good with no weight written: a bottle of n ml (grams count alike) weighs about n + 60 g. */
function guessedGrams(volume: string): number {
  const millilitres = Number(/(\d+)/.exec(volume)?.[1] ?? 10);
  return Math.min(millilitres, 1000) + 60;
}

type Measures = Pick<typeof products.$inferSelect, 'id' | 'weightG' | 'lengthMm' | 'widthMm' | 'heightMm'>;

/**
 * The parcel of some goods: weights added up (packing included); the box as long and wide as the largest good lying
 * flat, the goods stacked to its height. Pure, for the tests and for callers that have the measures at hand.
 */
export function parcelOf(lines: ParcelLine[], measures: Map<number, Measures>): Parcel {
  let grams = PACKING_GRAMS;
  let length = 0;
  let width = 0;
  let height = 0;
  let allSized = lines.length > 0;
  for (const line of lines) {
    const known = measures.get(line.id);
    grams += (known?.weightG ?? guessedGrams(line.volume)) * line.quantity;
    if (known?.lengthMm && known.widthMm && known.heightMm) {
      const [longest, middle, shortest] = [known.lengthMm, known.widthMm, known.heightMm].sort(
        (a, b) => b - a,
      );
      length = Math.max(length, longest!);
      width = Math.max(width, middle!);
      height += shortest! * line.quantity;
    } else allSized = false;
  }
  if (!allSized) return { weightGrams: grams };
  const cm = (mm: number) => Math.ceil((mm + 2 * PACKING_MARGIN_MM) / 10);
  return { weightGrams: grams, dimensionsCm: { length: cm(length), width: cm(width), height: cm(height) } };
}

/** The parcel of some cart lines, with the goods' measures read in one query. */
export async function measureParcel(db: Pick<Database, 'select'>, lines: ParcelLine[]): Promise<Parcel> {
  const ids = [...new Set(lines.map((line) => line.id))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            weightG: products.weightG,
            lengthMm: products.lengthMm,
            widthMm: products.widthMm,
            heightMm: products.heightMm,
          })
          .from(products)
          .where(inArray(products.id, ids));
  return parcelOf(lines, new Map(rows.map((row) => [row.id, row])));
}
