// Reads of the catalogue: the category tree and products.
import type { ProductFilter } from '@efir/domain/catalog-wire';
import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from './catalog.table.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export function findAllCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.pos), asc(categories.name));
}

/** Columns a product card needs (no rich text). */
const cardColumns = {
  id: products.id,
  name: products.name,
  url: products.url,
  volume: products.volume,
  cena: products.cena,
  cenaSt: products.cenaSt,
  stock: products.stock,
  katGlobal: products.katGlobal,
  icons: products.icons,
  images: products.images,
  avgRating: products.avgRating,
  votesCount: products.votesCount,
};
export type ProductCardRow = { [K in keyof typeof cardColumns]: ProductRow[K] };

const PRODUCT_ORDER: Record<number, SQL[]> = {
  0: [desc(products.popularity), asc(products.id)],
  1: [asc(products.cena), asc(products.id)],
  2: [desc(products.cena), asc(products.id)],
  3: [desc(products.popularity), asc(products.id)],
  4: [desc(products.createdAt), desc(products.id)],
  5: [asc(products.name), asc(products.volumeMl)],
};

export interface ProductQuery {
  categoryIds?: number[];
  onlySpecialPrice?: boolean;
  filter: ProductFilter;
  sort: number;
  limit: number;
  offset: number;
}

function productConditions(query: Omit<ProductQuery, 'sort' | 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [eq(products.visible, true)];
  if (query.categoryIds) conditions.push(inArray(products.categoryId, query.categoryIds));
  if (query.onlySpecialPrice) conditions.push(gt(products.cenaSt, 0));
  if (query.filter.anywhere === 1) conditions.push(gt(products.stock, 0));
  if (query.filter.icons.length > 0) {
    // «sale» is also what a special price means, whether or not the badge was set by hand.
    const icons = sql`${products.icons} && ${sql.param(query.filter.icons)}::text[]`;
    conditions.push(query.filter.icons.includes('sale') ? sql`(${icons} or ${products.cenaSt} > 0)` : icons);
  }
  return and(...conditions);
}

/**
 * One page of cards and the total, in one statement. The page's ids and the count come from the narrow
 * `products_listing_idx` (index-only); only the cards shown are read from the wide product rows.
 */
export async function findProductCards(db: Database, query: ProductQuery) {
  const where = productConditions(query);
  const order = PRODUCT_ORDER[query.sort] ?? PRODUCT_ORDER[0]!;
  const counted = sql`(select count(*) from ${products} where ${where})::int`;
  const page = db
    .select({ pageId: sql<number>`${products.id}`.as('page_id'), total: counted.as('total') })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .orderBy(...order);
  // A page past the end holds no row to carry the total: count on its own then.
  const total =
    rows[0]?.total ??
    (query.offset === 0
      ? 0
      : ((await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where))[0]?.total ??
        0));
  return { rows: rows.map(({ total: _total, ...card }) => card), total };
}

/** How many visible products carry each badge, and how many are in stock, in these categories. */
export async function countProductFacets(
  db: Database,
  categoryIds: number[] | undefined,
  onlySpecialPrice = false,
) {
  const scope = and(
    eq(products.visible, true),
    categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
    onlySpecialPrice ? gt(products.cenaSt, 0) : undefined,
  );
  const [icons, [stock]] = await Promise.all([
    db
      .select({ icon: sql<string>`icon`, count: sql<number>`count(*)::int` })
      .from(sql`${products}, unnest(${products.icons}) as icon`)
      .where(scope)
      .groupBy(sql`icon`),
    db
      .select({
        total: sql<number>`count(*)::int`,
        inStock: sql<number>`count(*) filter (where ${products.stock} > 0)::int`,
        special: sql<number>`count(*) filter (where ${products.cenaSt} > 0)::int`,
      })
      .from(products)
      .where(scope),
  ]);
  return { icons, total: stock?.total ?? 0, inStock: stock?.inStock ?? 0, special: stock?.special ?? 0 };
}

export async function findProductByUrl(db: Database, url: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.url, url), eq(products.visible, true)))
    .limit(1);
  return row;
}

export function findFamilyVolumes(db: Database, familyKey: string) {
  return db
    .select({
      id: products.id,
      volume: products.volume,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.familyKey, familyKey), eq(products.visible, true)))
    .orderBy(asc(products.volumeMl), asc(products.id));
}

/** Other oils of the same category that can be bought now, one volume per family. */
export function findRelatedProducts(
  db: Database,
  product: Pick<ProductRow, 'categoryId' | 'familyKey'>,
  limit: number,
) {
  return db
    .selectDistinctOn([products.familyKey, products.popularity], cardColumns)
    .from(products)
    .where(
      and(
        eq(products.categoryId, product.categoryId),
        ne(products.familyKey, product.familyKey),
        eq(products.visible, true),
        gt(products.stock, 0),
      ),
    )
    .orderBy(desc(products.popularity), products.familyKey, asc(products.volumeMl))
    .limit(limit);
}

/** Visible products only: favourites, the waitlist and questions forget a product the shop has hidden. */
export function findProductCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.visible, true)));
}

export function findProductUrls(db: Database) {
  return db
    .select({ url: products.url })
    .from(products)
    .where(eq(products.visible, true))
    .orderBy(asc(products.id));
}

export async function findCategoryById(db: Database, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}
