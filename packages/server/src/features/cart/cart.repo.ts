// Reads and writes of carts, their lines, promo codes (and the uses orders take of them), gifts and saved carts.
import { CERTIFICATE_CATEGORY_URL } from '@efir/domain/gift-certificate-wire';
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { preparedQuery, prepareRawSql } from '../../db/prepared.ts';
import { categories, products } from '../catalog/catalog.table.ts';
import { cartLines, carts, gifts, promoCodes, savedCarts } from './cart.table.ts';

export type CartRow = typeof carts.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;

const cartById = preparedQuery((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('cart_by_id'),
);

export async function findCartById(db: Database, id: string): Promise<CartRow | undefined> {
  // The id comes from a cookie: anything but a UUID is no cart (PostgreSQL would refuse it with an error).
  if (!/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await cartById(db).execute({ id });
  return row;
}

const cartByUser = preparedQuery((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('cart_by_user'),
);

export async function findCartByUser(db: Database, userId: number): Promise<CartRow | undefined> {
  const [row] = await cartByUser(db).execute({ userId });
  return row;
}

export async function insertCart(db: Database, id: string, userId: number | null): Promise<CartRow> {
  // Two first requests of one user racing: the unique index keeps one cart, both get it.
  await db.insert(carts).values({ id, userId }).onConflictDoNothing();
  const found = userId === null ? await findCartById(db, id) : await findCartByUser(db, userId);
  return found!;
}

export async function updateCart(db: Database, id: string, values: Partial<typeof carts.$inferInsert>) {
  await db
    .update(carts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(carts.id, id));
}

export async function deleteCart(db: Database, id: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, id));
  await db.delete(carts).where(eq(carts.id, id));
}

const cartLinesOf = preparedQuery((db) =>
  db
    .select({
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      name: products.name,
      url: products.url,
      volume: products.volume,
      images: products.images,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      katGlobal: products.katGlobal,
      categoryId: products.categoryId,
      categoryUrl: categories.url,
      visible: products.visible,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId))
    .prepare('cart_lines'),
);

/** Lines with what the cart needs of their products. */
export function findCartLines(db: Database, cartId: string) {
  return cartLinesOf(db).execute({ cartId });
}

export async function findProductForCart(db: Database, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      stock: products.stock,
      visible: products.visible,
      cena: products.cena,
      volume: products.volume,
      katGlobal: products.katGlobal,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** Adds quantity, never past the stock; returns the quantity now in the cart. */
export async function upsertCartLine(
  db: Database,
  cartId: string,
  productId: number,
  quantity: number,
  stock: number,
) {
  const [row] = await db
    .insert(cartLines)
    .values({ cartId, productId, quantity: Math.min(quantity, stock) })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId],
      set: { quantity: sql`least(${cartLines.quantity} + ${quantity}, ${stock})` },
    })
    .returning({ quantity: cartLines.quantity });
  return row?.quantity ?? 0;
}

const addToLine = preparedQuery((db) =>
  prepareRawSql<{ stock: number; visible: boolean; quantity: number | null }>(
    db,
    'cart_add',
    sql`
    with product as (select id, stock, visible from ${products} where id = ${sql.placeholder('productId')}),
    line as (
      insert into ${cartLines} (cart_id, product_id, quantity)
      select ${sql.placeholder('cartId')}, id, least(${sql.placeholder('quantity')}::int, stock, ${sql.placeholder('max')}::int)
      from product where visible and stock > 0
      on conflict (cart_id, product_id) do update
        set quantity = least(${cartLines.quantity} + ${sql.placeholder('quantity')}::int, (select least(stock, ${sql.placeholder('max')}::int) from product))
      returning quantity
    ),
    touched as (update ${carts} set updated_at = now() where id = ${sql.placeholder('cartId')} and exists (select 1 from line))
    select stock, visible, (select quantity from line) as quantity from product`,
  ),
);

/**
 * Adds quantity to a line in one statement: reads the product, inserts or grows the line (never past
 * min(stock, maxQuantity)) and touches the cart. The line changes only for a visible product in stock;
 * `undefined` for an unknown product, else its stock and visibility and the quantity now in the cart.
 */
export async function addToCartLine(
  db: Database,
  cartId: string,
  productId: number,
  quantity: number,
  maxQuantity: number,
): Promise<{ stock: number; visible: boolean; quantity: number | null } | undefined> {
  const result = await addToLine(db).execute({ productId, cartId, quantity, max: maxQuantity });
  return result.rows[0];
}

export async function setCartLineQuantity(db: Database, cartId: string, productId: number, quantity: number) {
  if (quantity <= 0) {
    await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
    return;
  }
  await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
}

export async function decrementCartLine(db: Database, cartId: string, productId: number) {
  await db
    .update(cartLines)
    .set({ quantity: sql`${cartLines.quantity} - 1` })
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId), gt(cartLines.quantity, 1)))
    .returning({ quantity: cartLines.quantity })
    .then(async (rows) => {
      if (rows.length === 0) {
        await db
          .delete(cartLines)
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
      }
    });
}

export async function deleteCartLine(db: Database, cartId: string, productId: number) {
  await db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
}

export async function deleteCartLines(db: Database, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

export async function findPromoByCode(db: Database, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = upper(${code})`)
    .limit(1);
  return row;
}

export function findActiveGifts(db: Database) {
  return db
    .select({
      id: gifts.id,
      threshold: gifts.threshold,
      productId: products.id,
      name: products.name,
      url: products.url,
      volume: products.volume,
      images: products.images,
      stock: products.stock,
      katGlobal: products.katGlobal,
    })
    .from(gifts)
    .innerJoin(products, eq(products.id, gifts.productId))
    .where(eq(gifts.active, true))
    .orderBy(asc(gifts.threshold));
}

const recommendationColumns = {
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

/**
 * The cart's recommendations in one round trip, worked out from its lines in SQL (so it can run beside the
 * lines query): in stock, visible, not in the cart; best sellers of the cart's categories first, then of the
 * shop. Each part is a small indexed query with its own LIMIT.
 */
const recommendations = preparedQuery((db) => {
  const cartId = sql.placeholder('cartId');
  const limit = sql.placeholder('limit');
  const inCart = db
    .select({ productId: cartLines.productId })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  // Lines of products gone or sold out leave the cart as it is shown: their categories do not count.
  const cartCategories = db
    .select({ categoryId: products.categoryId })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.cartId, cartId), eq(products.visible, true), gt(products.stock, 0)));
  const available = and(eq(products.visible, true), gt(products.stock, 0), notInArray(products.id, inCart));
  const columns = { ...recommendationColumns, popularity: products.popularity };
  return unionAll(
    db
      .select({ ...columns, part: sql<number>`1`.as('part') })
      .from(products)
      .where(and(available, inArray(products.categoryId, cartCategories)))
      .orderBy(desc(products.popularity), asc(products.id))
      .limit(limit),
    db
      .select({ ...columns, part: sql<number>`2`.as('part') })
      .from(products)
      .where(available)
      .orderBy(desc(products.popularity), asc(products.id))
      .limit(limit),
  ).prepare('cart_recommendations');
});

export async function findCartRecommendations(db: Database, cartId: string, limit: number) {
  const rows = await recommendations(db).execute({ cartId, limit });
  // Same order as the two queries one after the other: the categories' picks, then the shop's not yet taken.
  rows.sort((a, b) => a.part - b.part || b.popularity - a.popularity || a.id - b.id);
  const taken = new Set<number>();
  const picked = [];
  for (const { part: _part, popularity: _popularity, ...row } of rows) {
    if (taken.has(row.id)) continue;
    taken.add(row.id);
    picked.push(row);
    if (picked.length === limit) break;
  }
  return picked;
}

export async function insertSavedCart(
  db: Database,
  values: { token: string; userId: number | null; lines: Array<{ productId: number; quantity: number }> },
) {
  const [row] = await db.insert(savedCarts).values(values).returning();
  return row!;
}

export async function findSavedCart(db: Database, key: { id: number } | { token: string }) {
  const [row] = await db
    .select()
    .from(savedCarts)
    .where('id' in key ? eq(savedCarts.id, key.id) : eq(savedCarts.token, key.token))
    .limit(1);
  return row;
}

export function findSavedCartsOfUser(db: Database, userId: number) {
  return db
    .select()
    .from(savedCarts)
    .where(eq(savedCarts.userId, userId))
    .orderBy(desc(savedCarts.createdAt));
}

export async function deleteSavedCart(db: Database, id: number) {
  await db.delete(savedCarts).where(eq(savedCarts.id, id));
}

export function findGuestCartsOlderThan(db: Database, days: number) {
  return db
    .select({ id: carts.id })
    .from(carts)
    .where(and(isNull(carts.userId), sql`${carts.updatedAt} < now() - make_interval(days => ${days})`));
}

/** Of these products, those filed under the given categories or any of their subcategories. */
/** The products of `productIds` that are gift certificates (the certificate category or under it; decision 050). */
export async function findCertificateProducts(db: Database, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.url, CERTIFICATE_CATEGORY_URL));
  return category ? findProductsUnderCategories(db, productIds, [category.id]) : new Set();
}

export async function findProductsUnderCategories(
  db: Database,
  productIds: number[],
  categoryIds: number[],
): Promise<Set<number>> {
  if (productIds.length === 0 || categoryIds.length === 0) return new Set();
  // The category tree is small (tens of rows): its branches are gathered here rather than by a recursive query.
  const tree = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const under = new Set(categoryIds);
  for (let grew = true; grew; ) {
    grew = false;
    for (const category of tree) {
      if (!under.has(category.id) && under.has(category.parentId)) {
        under.add(category.id);
        grew = true;
      }
    }
  }
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), inArray(products.categoryId, [...under])));
  return new Set(rows.map((row) => row.id));
}

/** Counts one use of a promo code if its limit allows; false when it is used up. */
export async function usePromoCode(db: Database, code: string): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        sql`upper(${promoCodes.code}) = upper(${code})`,
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} < ${promoCodes.usageLimit}`),
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

/** Gives back the use a cancelled order took of its promo code (never below zero); false when nothing was counted. */
export async function returnPromoUse(db: Database, code: string): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
    .where(and(sql`upper(${promoCodes.code}) = upper(${code})`, sql`${promoCodes.usedCount} > 0`))
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}
