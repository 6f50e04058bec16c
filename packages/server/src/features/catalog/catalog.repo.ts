// Reads of the catalogue (the category tree and products) and the stock orders take and give back: the stock
// decrement is the conditional update that makes overselling impossible.
import type { ProductFilter } from '@efir/domain/catalog-wire';
import { and, asc, desc, eq, gt, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery, prepareRawSql } from '../../db/prepared.ts';
import { categories, productCounts, products } from './catalog.table.ts';

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

/**
 * Each sort: its order (the ids break ties, except the name sort, which never had them) and the columns it reads.
 * Every order is served by an index on (category_id, its columns) of visible products (migrations 0014 and 0019).
 */
const PRODUCT_ORDER: Record<number, { order: string; columns: string }> = {
  0: { order: 'popularity desc, id', columns: 'popularity' },
  1: { order: 'cena, id', columns: 'cena' },
  2: { order: 'cena desc, id', columns: 'cena' },
  3: { order: 'popularity desc, id', columns: 'popularity' },
  4: { order: 'created_at desc, id desc', columns: 'created_at' },
  5: { order: 'name, volume_ml', columns: 'name, volume_ml' },
};

export interface ProductQuery {
  categoryIds?: number[];
  onlySpecialPrice?: boolean;
  filter: ProductFilter;
  sort: number;
  limit: number;
  offset: number;
}

/** The listing's conditions, its values as placeholders (categoryIds, icons): one statement per shape. */
function productConditions(query: Omit<ProductQuery, 'sort' | 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [eq(products.visible, true)];
  if (query.categoryIds) {
    conditions.push(sql`${products.categoryId} = any(${sql.placeholder('categoryIds')}::int[])`);
  }
  if (query.onlySpecialPrice) conditions.push(gt(products.cenaSt, 0));
  if (query.filter.anywhere === 1) conditions.push(gt(products.stock, 0));
  if (query.filter.icons.length > 0) {
    // «sale» is the special price itself (a «sale» once stored by hand is not asked for: the values leave it out).
    const icons = sql`${products.icons} && ${sql.placeholder('icons')}::text[]`;
    conditions.push(query.filter.icons.includes('sale') ? sql`(${icons} or ${products.cenaSt} > 0)` : icons);
  }
  return and(...conditions);
}

/** What makes two listing queries the same statement: the sort and which filters are on (not their values). */
function listingShape(query: ProductQuery): string {
  const icons = query.filter.icons;
  return [
    query.sort in PRODUCT_ORDER ? query.sort : 0,
    query.categoryIds ? 'c' : '',
    query.onlySpecialPrice ? 's' : '',
    query.filter.anywhere === 1 ? 'a' : '',
    icons.length === 0 ? '' : icons.includes('sale') ? 'S' : 'i',
  ].join('');
}

/**
 * The listing's total. Without a badge filter it adds up a few rows of `product_counts` (kept by triggers, exact);
 * a badge filter asks whether a product carries any of several badges, which no sum of per-badge counts answers,
 * so then the products are counted (from the narrow listing index).
 */
function countedTotal(query: Omit<ProductQuery, 'sort' | 'limit' | 'offset'>, where: SQL | undefined): SQL {
  if (query.filter.icons.length > 0) return sql`(select count(*) from ${products} where ${where})::int`;
  const conditions: SQL[] = [eq(productCounts.icon, '')];
  if (query.categoryIds) {
    conditions.push(sql`${productCounts.categoryId} = any(${sql.placeholder('categoryIds')}::int[])`);
  }
  if (query.onlySpecialPrice) conditions.push(eq(productCounts.special, true));
  if (query.filter.anywhere === 1) conditions.push(eq(productCounts.inStock, true));
  return sql`(select coalesce(sum(${productCounts.products}), 0) from ${productCounts} where ${and(...conditions)})::int`;
}

/**
 * One page of a listing with its total. The page is a top-N per category: each category of the listing gives its
 * first offset + limit products from its own index in the listing's order (`lateral`), and the page is taken from
 * those — a category of 50 000 products costs what one of 50 does. A listing of the whole shop (home page, special
 * offers) walks every category that has visible products (from `product_counts`).
 */
function buildListing(db: Database, query: ProductQuery, name: string) {
  const where = productConditions(query);
  // Inside each category's part the category is already chosen.
  const withinCategory = productConditions({ ...query, categoryIds: undefined });
  const { order, columns } = PRODUCT_ORDER[query.sort] ?? PRODUCT_ORDER[0]!;
  const categoryIds = query.categoryIds
    ? sql`${sql.placeholder('categoryIds')}::int[]`
    : sql`(select array_agg(distinct ${productCounts.categoryId}) from ${productCounts} where ${productCounts.products} > 0)`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const offset = sql`${sql.placeholder('offset')}::int`;
  const orderBy = sql.raw(order);
  return prepareRawSql<ProductCardRow & { total: number }>(
    db,
    name,
    sql`
    select p.id, p.name, p.url, p.volume, p.cena, p.cena_st as "cenaSt", p.stock, p.kat_global as "katGlobal",
      p.icons, p.images, p.avg_rating as "avgRating", p.votes_count as "votesCount", counted.total
    from (
      select top.id, ${sql.raw(columns)} from unnest(${categoryIds}) as listed(category_id)
      cross join lateral (
        select id, ${sql.raw(columns)} from ${products}
        where ${products.categoryId} = listed.category_id and ${withinCategory}
        order by ${orderBy} limit ${limit} + ${offset}
      ) top
      order by ${orderBy} limit ${limit} offset ${offset}
    ) page
    join ${products} p on p.id = page.id
    cross join (select ${countedTotal(query, where)} as total) counted
    order by ${sql.raw(
      order
        .split(', ')
        .map((part) => `p.${part}`)
        .join(', '),
    )}`,
  );
}

function buildCount(db: Database, query: ProductQuery, name: string) {
  return db
    .select({ total: countedTotal(query, productConditions(query)).mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(name);
}

// Prepared listing statements by shape, made on first use (a few dozen at most).
const listings = new Map<string, (db: Database) => ReturnType<typeof buildListing>>();
const counts = new Map<string, (db: Database) => ReturnType<typeof buildCount>>();

function byShape<T>(statements: Map<string, (db: Database) => T>, shape: string, build: (db: Database) => T) {
  let statement = statements.get(shape);
  if (!statement) {
    statement = preparedQuery(build);
    statements.set(shape, statement);
  }
  return statement;
}

/**
 * One page of cards and the total, in one statement. The page's ids and the count come from the narrow
 * `products_listing_idx` (index-only); only the cards shown are read from the wide product rows.
 */
export async function findProductCards(db: Database, query: ProductQuery) {
  const shape = listingShape(query);
  const values = {
    categoryIds: query.categoryIds,
    icons: query.filter.icons.filter((icon) => icon !== 'sale'),
    limit: query.limit,
    offset: query.offset,
  };
  const listing = byShape(listings, shape, (db) => buildListing(db, query, `product_listing_${shape}`));
  const { rows } = await listing(db).execute(values);
  const cards = rows.map(({ total: _total, ...card }) => card);
  if (rows[0] || query.offset === 0) return { rows: cards, total: rows[0]?.total ?? 0 };
  // A page past the end holds no row to carry the total: count on its own then.
  const count = byShape(counts, shape, (db) => buildCount(db, query, `product_count_${shape}`));
  return { rows: cards, total: (await count(db).execute(values))[0]?.total ?? 0 };
}

/** How many visible products carry each badge, and how many are in stock, in these categories (from the counters). */
export async function countProductFacets(
  db: Database,
  categoryIds: number[] | undefined,
  onlySpecialPrice = false,
) {
  const scope = and(
    categoryIds ? inArray(productCounts.categoryId, categoryIds) : undefined,
    onlySpecialPrice ? eq(productCounts.special, true) : undefined,
  );
  // One row per badge, and the row '' for the products themselves (in stock, at a special price).
  const rows = await db
    .select({
      icon: productCounts.icon,
      count: sql<number>`sum(${productCounts.products})::int`,
      inStock: sql<number>`coalesce(sum(${productCounts.products}) filter (where ${productCounts.inStock}), 0)::int`,
      special: sql<number>`coalesce(sum(${productCounts.products}) filter (where ${productCounts.special}), 0)::int`,
    })
    .from(productCounts)
    .where(scope)
    .groupBy(productCounts.icon);
  const all = rows.find((row) => row.icon === '');
  const icons = rows
    .filter((row) => row.icon !== '' && row.count > 0)
    .map(({ icon, count }) => ({ icon, count }));
  return { icons, total: all?.count ?? 0, inStock: all?.inStock ?? 0, special: all?.special ?? 0 };
}

const productByUrl = preparedQuery((db) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.url, sql.placeholder('url')), eq(products.visible, true)))
    .limit(1)
    .prepare('product_by_url'),
);

export async function findProductByUrl(db: Database, url: string): Promise<ProductRow | undefined> {
  const [row] = await productByUrl(db).execute({ url });
  return row;
}

const familyVolumes = preparedQuery((db) =>
  db
    .select({
      id: products.id,
      volume: products.volume,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.familyKey, sql.placeholder('familyKey')), eq(products.visible, true)))
    .orderBy(asc(products.volumeMl), asc(products.id))
    .prepare('product_family_volumes'),
);

export function findFamilyVolumes(db: Database, familyKey: string) {
  return familyVolumes(db).execute({ familyKey });
}

const relatedProducts = preparedQuery((db) =>
  db
    .selectDistinctOn([products.familyKey, products.popularity], cardColumns)
    .from(products)
    .where(
      and(
        eq(products.categoryId, sql.placeholder('categoryId')),
        ne(products.familyKey, sql.placeholder('familyKey')),
        eq(products.visible, true),
        gt(products.stock, 0),
      ),
    )
    .orderBy(desc(products.popularity), products.familyKey, asc(products.volumeMl))
    .limit(sql.placeholder('limit'))
    .prepare('product_related'),
);

/** Other oils of the same category that can be bought now, one volume per family. */
export function findRelatedProducts(
  db: Database,
  product: Pick<ProductRow, 'categoryId' | 'familyKey'>,
  limit: number,
) {
  return relatedProducts(db).execute({ categoryId: product.categoryId, familyKey: product.familyKey, limit });
}

/** Visible products only: favourites, the waitlist and questions forget a product the shop has hidden. */
export function findProductCardsByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(cardColumns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.visible, true)));
}

const categoryById = preparedQuery((db) =>
  db
    .select()
    .from(categories)
    .where(eq(categories.id, sql.placeholder('id')))
    .limit(1)
    .prepare('category_by_id'),
);

export async function findCategoryById(db: Database, id: number): Promise<CategoryRow | undefined> {
  const [row] = await categoryById(db).execute({ id });
  return row;
}

const takeStockStatement = preparedQuery((db) => {
  const quantity = sql.placeholder('quantity');
  return db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, sql.placeholder('productId')), gte(products.stock, quantity)))
    .returning({ id: products.id })
    .prepare('order_take_stock');
});

/** Takes quantity from stock only if that much is there; false when it is not (nothing changes then). */
export async function takeStock(db: Database, productId: number, quantity: number): Promise<boolean> {
  const rows = await takeStockStatement(db).execute({ productId, quantity });
  return rows.length === 1;
}

export async function returnStock(
  db: Database,
  productId: number,
  quantity: number,
): Promise<{ before: number; after: number } | null> {
  const [row] = await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ after: products.stock });
  return row ? { before: row.after - quantity, after: row.after } : null;
}
