// The back office's «Товары» queries: the searchable product table, one product (locked for an edit), the checks of
// an address and a category, and the writes. Writes take the transaction they belong to.
import { ADMIN_PRODUCTS_PER_PAGE, LOW_STOCK_LIMIT } from '@efir/domain/product-admin-schemas';
import { and, arrayContains, asc, between, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ProductRow } from './catalog.repo.ts';
import { categories, products } from './catalog.table.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export interface ProductTableQuery {
  /** Words of the name, the Latin name or the address, or a product's number. */
  q?: string | undefined;
  /** The categories of the chosen one's subtree. */
  categoryIds?: number[] | undefined;
  stock?: string | undefined;
  /** The maker, whatever the letters' case. */
  brand?: string | undefined;
  /** Products with every one of these badges. */
  icons?: readonly string[] | undefined;
  page: number;
}

function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The product table's filter as SQL (the list, and the bulk change's «everything the filter finds»). */
export function productTableWhere(query: Omit<ProductTableQuery, 'page'>): SQL | undefined {
  const conditions: SQL[] = [];
  const words = query.q?.trim().toLowerCase().replace(/ё/g, 'е');
  if (words) {
    const pattern = `%${likeLiteral(words)}%`;
    const matches = [
      sql`lower(translate(${products.name}, 'Ёё', 'Ее')) like ${pattern}`,
      sql`lower(${products.latinName}) like ${pattern}`,
      sql`${products.url} like ${pattern}`,
    ];
    if (/^\d{1,9}$/.test(words)) matches.push(eq(products.id, Number(words)));
    // An артикул as typed (products_sku_idx); a barcode read by a scanner.
    matches.push(sql`(${products.sku} <> '' and lower(${products.sku}) = ${words})`);
    if (/^\d{8,14}$/.test(words)) matches.push(eq(products.gtin, words));
    conditions.push(or(...matches)!);
  }
  if (query.categoryIds) conditions.push(inArray(products.categoryId, query.categoryIds));
  if (query.stock === 'out') conditions.push(eq(products.stock, 0));
  if (query.stock === 'low') conditions.push(between(products.stock, 1, LOW_STOCK_LIMIT));
  if (query.stock === 'in') conditions.push(gt(products.stock, 0));
  if (query.brand) conditions.push(sql`lower(${products.brand}) = ${query.brand.toLowerCase()}`);
  if (query.icons && query.icons.length > 0)
    conditions.push(arrayContains(products.icons, query.icons as ProductRow['icons']));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the product table with each product's category name, and how many products match. */
export async function findProductPage(db: Database, query: ProductTableQuery) {
  const where = productTableWhere(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: products, categoryName: categories.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.name), asc(products.volumeMl), asc(products.id))
      .limit(ADMIN_PRODUCTS_PER_PAGE)
      .offset((query.page - 1) * ADMIN_PRODUCTS_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A product by id; `lock` holds its row until the transaction ends (two edits of one stock see each other). */
export async function findProduct(db: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  return row;
}

/** A product page's address must not be taken by any page of the shop (products hidden or not, and the rest). */
export async function isUrlTaken(db: Executor, url: string, exceptProductId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from products where url = ${url} and id <> ${exceptProductId}
    union all select 1 from categories where url = ${url}
    union all select 1 from articles where url = ${url}
    union all select 1 from recipes where url = ${url}
    union all select 1 from razdels where url = ${url}
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * The product that has this артикул already (letter case aside), other than the one being saved. Takes a transaction
 * lock on the артикул first: of two saves of one new артикул the second waits and then sees the first.
 */
export async function findSkuOwner(
  tx: Executor,
  sku: string,
  exceptProductId: number,
): Promise<{ id: number; name: string } | undefined> {
  const key = sku.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-sku:${key}`}))`);
  const [row] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(sql`${products.sku} <> ''`, sql`lower(${products.sku}) = ${key}`, ne(products.id, exceptProductId)),
    )
    .limit(1);
  return row;
}

/** The catalogue group (katGlobal) of a category, or undefined when there is no such category. */
export async function findCategoryGroup(db: Executor, categoryId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ katGlobal: categories.katGlobal })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return row?.katGlobal;
}

export async function updateProductRow(
  tx: Executor,
  id: number,
  values: Partial<typeof products.$inferInsert>,
): Promise<ProductRow> {
  const [updated] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
  return updated!;
}

export async function insertProductRow(
  tx: Executor,
  values: typeof products.$inferInsert,
): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  return row!;
}
