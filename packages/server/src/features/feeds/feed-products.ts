// What the product feeds list: every product a customer can buy (shown in the shop, with a price), read in id order
// by batches, so a catalogue of any size is written out without holding it in memory.

import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { categories, products } from '../catalog/catalog.table.ts';

/** Rows per query: a few hundred KB of text, so a batch costs one round trip and little memory. */
const BATCH = 2000;

const batchAfter = preparedQuery((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      categoryId: products.categoryId,
      images: products.images,
      description: products.description,
      volume: products.volume,
      katGlobal: products.katGlobal,
      brand: products.brand,
      gtin: products.gtin,
    })
    .from(products)
    .where(and(eq(products.visible, true), gt(products.cena, 0), gt(products.id, sql.placeholder('after'))))
    .orderBy(asc(products.id))
    .limit(BATCH)
    .prepare('feed_products_after'),
);

export type FeedProduct = Awaited<ReturnType<ReturnType<typeof batchAfter>['execute']>>[number];

/** The sellable products, a batch at a time. */
export async function* readFeedProducts(db: Database): AsyncGenerator<FeedProduct[]> {
  let after = 0;
  for (;;) {
    const rows = await batchAfter(db).execute({ after });
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export interface FeedCategory {
  id: number;
  parentId: number;
  name: string;
}

/** The whole category tree: every category a product is in, and the parents that name its path. */
export async function readFeedCategories(db: Database): Promise<FeedCategory[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.id));
}

/** «Эфирные масла / Цветочные» for each category id. */
export function categoryPaths(list: FeedCategory[]): Map<number, string> {
  const byId = new Map(list.map((entry) => [entry.id, entry]));
  const paths = new Map<number, string>();
  for (const entry of list) {
    const names: string[] = [];
    for (let at: FeedCategory | undefined = entry; at && names.length < 10; at = byId.get(at.parentId)) {
      names.unshift(at.name);
    }
    paths.set(entry.id, names.join(' / '));
  }
  return paths;
}

const TAG = /<[^>]*>/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters count as spaces here.
const SPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F]+/g;
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntity(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (name) return NAMED[name.toLowerCase()] ?? whole;
  const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/**
 * A product's rich description as one paragraph of plain text, cut at a word within `limit` characters. The text
 * is the sanitiser's output (domain/sanitize-html.ts: whole tags, only &amp; &lt; &gt; &quot; escaped), so tags
 * are dropped by pattern: a parser per product is most of a 100 000-product feed's time.
 */
export function plainDescription(html: string, fallback: string, limit: number): string {
  const text =
    html.replace(TAG, ' ').replace(ENTITY, decodeEntity).replace(SPACE_OR_CONTROL, ' ').trim() || fallback;
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, '')}…`;
}

/** «10 мл» → 10 and «мл»; «1 шт.»; what is not a number and a unit stays as it is. */
export function splitVolume(volume: string): { value: string; unit: string | null } {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*([^\d\s].*?)?\s*$/.exec(volume);
  if (!match) return { value: volume.trim(), unit: null };
  return { value: match[1]!.replace(',', '.'), unit: match[2]?.replace(/\.$/, '') || null };
}
