// Reads and writes of orders; the stock decrement is the conditional update that makes overselling impossible.
import { and, asc, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promoCodes } from '../cart/cart.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { orderLines, orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export async function findOrderByKey(db: Database, key: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return row;
}

export async function findOrderById(db: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export function findOrderLines(db: Database, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export function findOrdersOfUser(db: Database, userId: number) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Inserts the order unless its key exists; null when another request with the same key got there first. */
export async function insertOrder(
  db: Database,
  values: typeof orders.$inferInsert,
): Promise<OrderRow | null> {
  const [row] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  return row ?? null;
}

/** Takes quantity from stock only if that much is there; false when it is not (nothing changes then). */
export async function takeStock(db: Database, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
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

/** Inserts the lines; returns them as stored, in line order. */
export async function insertOrderLines(
  db: Database,
  lines: Array<typeof orderLines.$inferInsert>,
): Promise<OrderLineRow[]> {
  if (lines.length === 0) return [];
  const rows = await db.insert(orderLines).values(lines).returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function updateOrder(db: Database, id: number, values: Partial<typeof orders.$inferInsert>) {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}
