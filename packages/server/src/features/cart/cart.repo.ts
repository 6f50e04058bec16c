// Reads and writes of carts, their lines, promo codes, gifts and saved carts.
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../catalog/catalog.table.ts';
import { cartLines, carts, gifts, promoCodes, savedCarts } from './cart.table.ts';

export type CartRow = typeof carts.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;

export async function findCartById(db: Database, id: string): Promise<CartRow | undefined> {
  // The id comes from a cookie: anything but a UUID is no cart (PostgreSQL would refuse it with an error).
  if (!/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
  return row;
}

export async function findCartByUser(db: Database, userId: number): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
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

/** Lines with what the cart needs of their products. */
export function findCartLines(db: Database, cartId: string) {
  return db
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
      visible: products.visible,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
}

export async function findProductForCart(db: Database, productId: number) {
  const [row] = await db
    .select({ id: products.id, stock: products.stock, visible: products.visible, cena: products.cena })
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
 * In stock, visible, not already in the cart: best sellers of the cart's categories first, then of the shop.
 * Two small indexed queries instead of one sort of the whole catalogue by «is in these categories».
 */
export async function findRecommendations(
  db: Database,
  categoryIds: number[],
  excludeIds: number[],
  limit: number,
) {
  const available = and(
    eq(products.visible, true),
    gt(products.stock, 0),
    excludeIds.length > 0 ? notInArray(products.id, excludeIds) : undefined,
  );
  const sameCategory =
    categoryIds.length > 0
      ? await db
          .select(recommendationColumns)
          .from(products)
          .where(and(available, inArray(products.categoryId, categoryIds)))
          .orderBy(desc(products.popularity), asc(products.id))
          .limit(limit)
      : [];
  if (sameCategory.length >= limit) return sameCategory;
  const taken = [...excludeIds, ...sameCategory.map((row) => row.id)];
  const popular = await db
    .select(recommendationColumns)
    .from(products)
    .where(
      and(
        eq(products.visible, true),
        gt(products.stock, 0),
        taken.length > 0 ? notInArray(products.id, taken) : undefined,
      ),
    )
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit - sameCategory.length);
  return [...sameCategory, ...popular];
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
