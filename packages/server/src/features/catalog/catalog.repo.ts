// Reads of the catalogue: the category tree and products.
import type { ProductFilter } from '@efir/domain/catalog-wire';
import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
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

/** The listing's conditions, its values as placeholders (categoryIds, icons): one statement per shape. */
function productConditions(query: Omit<ProductQuery, 'sort' | 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [eq(products.visible, true)];
  if (query.categoryIds) {
    conditions.push(sql`${products.categoryId} = any(${sql.placeholder('categoryIds')}::int[])`);
  }
  if (query.onlySpecialPrice) conditions.push(gt(products.cenaSt, 0));
  if (query.filter.anywhere === 1) conditions.push(gt(products.stock, 0));
  if (query.filter.icons.length > 0) {
    // «sale» is also what a special price means, whether or not the badge was set by hand.
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

function buildListing(db: Database, query: ProductQuery, name: string) {
  const where = productConditions(query);
  const order = PRODUCT_ORDER[query.sort] ?? PRODUCT_ORDER[0]!;
  const counted = sql`(select count(*) from ${products} where ${where})::int`;
  const page = db
    .select({ pageId: sql<number>`${products.id}`.as('page_id'), total: counted.as('total') })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ ...cardColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .orderBy(...order)
    .prepare(name);
}

function buildCount(db: Database, query: ProductQuery, name: string) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(productConditions(query))
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
    icons: query.filter.icons,
    limit: query.limit,
    offset: query.offset,
  };
  const listing = byShape(listings, shape, (db) => buildListing(db, query, `product_listing_${shape}`));
  const rows = await listing(db).execute(values);
  const cards = rows.map(({ total: _total, ...card }) => card);
  if (rows[0] || query.offset === 0) return { rows: cards, total: rows[0]?.total ?? 0 };
  // A page past the end holds no row to carry the total: count on its own then.
  const count = byShape(counts, shape, (db) => buildCount(db, query, `product_count_${shape}`));
  return { rows: cards, total: (await count(db).execute(values))[0]?.total ?? 0 };
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

export function findProductUrls(db: Database) {
  return db
    .select({ url: products.url })
    .from(products)
    .where(eq(products.visible, true))
    .orderBy(asc(products.id));
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
