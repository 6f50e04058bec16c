// Reads and writes of orders; the checkout's statement also empties the cart it came from (decision 033).
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { cartLines, carts } from '../cart/cart.table.ts';
import { products } from '../catalog/catalog.table.ts';
import { paymentRefunds } from '../payments/payments.table.ts';
import { orderLines, orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

// Every order placement looks its key up first.
const orderByKey = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, sql.placeholder('key')))
    .limit(1)
    .prepare('order_by_key'),
);

export async function findOrderByKey(db: Database, key: string): Promise<OrderRow | undefined> {
  const [row] = await orderByKey(db).execute({ key });
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

/**
 * Locks the cart for the rest of the checkout's transaction and reads its lines as they are now: of two checkouts of
 * one cart (two tabs, a phone and a laptop), the second waits here and then finds the lines gone.
 */
export async function lockCartLines(
  db: Database,
  cartId: string,
): Promise<Array<{ productId: number; quantity: number }>> {
  await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
  return db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
}

/** The last order placed from a cart. */
export async function findLastOrderOfCart(db: Database, cartId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.cartId, cartId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
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

/** A checkout's order as written; status, timestamps and the like take their defaults. */
export type CheckoutOrder = Pick<
  typeof orders.$inferInsert,
  | 'idempotencyKey'
  | 'userId'
  | 'guestKey'
  | 'paymentState'
  | 'name'
  | 'fam'
  | 'email'
  | 'tel'
  | 'delivery'
  | 'deliveryName'
  | 'deliveryPrice'
  | 'sposobOplat'
  | 'promoCode'
  | 'skidka'
  | 'subtotal'
  | 'discount'
  | 'goodsTotal'
  | 'total'
  | 'hydr'
  | 'callBack'
>;
export type CheckoutLine = Omit<OrderLineRow, 'id' | 'orderId'>;

const checkoutStatement = preparedQuery((db) => {
  const value = (name: keyof CheckoutOrder) => sql.placeholder(name);
  const placed = db.$with('placed').as(
    db
      .insert(orders)
      .values({
        idempotencyKey: value('idempotencyKey'),
        userId: value('userId'),
        cartId: sql.placeholder('cartId'),
        guestKey: value('guestKey'),
        paymentState: value('paymentState'),
        name: value('name'),
        fam: value('fam'),
        email: value('email'),
        tel: value('tel'),
        delivery: value('delivery'),
        deliveryName: value('deliveryName'),
        deliveryPrice: value('deliveryPrice'),
        sposobOplat: value('sposobOplat'),
        promoCode: value('promoCode'),
        skidka: value('skidka'),
        subtotal: value('subtotal'),
        discount: value('discount'),
        goodsTotal: value('goodsTotal'),
        total: value('total'),
        hydr: value('hydr'),
        callBack: value('callBack'),
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning(),
  );
  // The lines come as one JSON array (n: the position); their ids follow the cart's order.
  const placedLines = db.$with('placed_lines', {}).as(sql`
    insert into ${orderLines} (order_id, product_id, name, volume, url, quantity, cena, cena_st, price, sum, gift)
    select placed.id, line.product_id, line.name, line.volume, line.url, line.quantity, line.cena, line.cena_st,
      line.price, line.sum, line.gift
    from placed, jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) as line(n int, product_id int, name text,
      volume text, url text, quantity int, cena int, cena_st int, price int, sum int, gift boolean)
    order by line.n`);
  const emptiedLines = db
    .$with('emptied_lines', {})
    .as(
      sql`delete from ${cartLines} where cart_id = ${sql.placeholder('cartId')} and exists (select 1 from placed)`,
    );
  const emptiedCart = db.$with('emptied_cart', {}).as(
    sql`update ${carts} set promo_code = null, gift_id = null, updated_at = now()
      where id = ${sql.placeholder('cartId')} and exists (select 1 from placed)`,
  );
  return db
    .with(placed, placedLines, emptiedLines, emptiedCart)
    .select()
    .from(placed)
    .prepare('order_checkout');
});

/**
 * A checkout's writes in one statement (one round trip inside its transaction): the order, its lines, and the
 * cart emptied of its lines, promo code and gift (no cart: a one-click order from the product page). Null when
 * another request with the same key got there first (nothing is written then).
 */
export async function insertCheckoutOrder(
  db: Database,
  order: CheckoutOrder,
  lines: CheckoutLine[],
  cartId: string | null,
): Promise<OrderRow | null> {
  const [row] = await checkoutStatement(db).execute({
    ...order,
    lines: JSON.stringify(
      lines.map((line, index) => ({
        n: index,
        product_id: line.productId,
        name: line.name,
        volume: line.volume,
        url: line.url,
        quantity: line.quantity,
        cena: line.cena,
        cena_st: line.cenaSt,
        price: line.price,
        sum: line.sum,
        gift: line.gift,
      })),
    ),
    cartId,
  });
  return row ?? null;
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

/** The last ten digits of a phone: «+7 (916) 123-45-67», «8 916 1234567» and «9161234567» are one number. */
export function phoneKey(tel: string): string {
  return tel.replace(/\D/g, '').slice(-10);
}

/** Who places an order: the account (if any) and the contact typed at checkout. */
export interface Buyer {
  userId: number | null;
  email: string;
  tel: string;
}

/**
 * Serialises checkouts of one buyer until the transaction ends (PostgreSQL advisory locks, taken in a fixed order
 * so two buyers sharing a key cannot deadlock). Two tabs placing a «first order» at once: the second waits for the
 * first to commit and then sees its order.
 */
export async function lockBuyer(db: Database, buyer: Buyer): Promise<void> {
  const keys = [
    buyer.userId !== null ? `user:${buyer.userId}` : null,
    buyer.email ? `email:${buyer.email.trim().toLowerCase()}` : null,
    phoneKey(buyer.tel).length === 10 ? `tel:${phoneKey(buyer.tel)}` : null,
  ]
    .filter((key): key is string => key !== null)
    .sort();
  for (const key of keys) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`buyer:${key}`}))`);
}

/** Whether the buyer has an order that was not cancelled: by account, by e-mail or by phone (guests included). */
export async function buyerHasOrdered(db: Database, buyer: Buyer): Promise<boolean> {
  const matches: SQL[] = [];
  if (buyer.userId !== null) matches.push(eq(orders.userId, buyer.userId));
  if (buyer.email) matches.push(sql`lower(${orders.email}) = ${buyer.email.trim().toLowerCase()}`);
  const tel = phoneKey(buyer.tel);
  if (tel.length === 10) {
    matches.push(sql`right(regexp_replace(${orders.tel}, '[^0-9]', '', 'g'), 10) = ${tel}`);
  }
  if (matches.length === 0) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(ne(orders.status, 'cancelled'), or(...matches)))
    .limit(1);
  return row !== undefined;
}

/**
 * ₽ returned of each order a query over `orders` reads (succeeded refunds and what went back to gift certificates;
 * 0 for orders not paid), as a column or a condition — the back office's lists show and filter returned payments by
 * it. Spelled out: inside the subquery a
 * bare "status" would be the refund's.
 */
export const refundedOfOrder = sql<number>`(CASE WHEN "orders"."payment_state" = 'paid' THEN (
    SELECT coalesce(sum(r.amount), 0) FROM ${paymentRefunds} r
    WHERE r.order_id = "orders"."id"::text AND r.status = 'succeeded'
  ) + "orders"."certificate_refunded" ELSE 0 END)`.mapWith(Number);

/** ₽ returned to the buyer through the payment system (succeeded refunds of the order). */
export async function sumRefunded(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)`.mapWith(Number) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, String(orderId)), eq(paymentRefunds.status, 'succeeded')));
  return row?.total ?? 0;
}

/** What a one-click order from the product page needs of the product, read as it is now. */
export async function findProductToOrder(db: Database, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      volume: products.volume,
      url: products.url,
      cena: products.cena,
      cenaSt: products.cenaSt,
      stock: products.stock,
      visible: products.visible,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

/** 1C's mode=success: the orders of its last query are in 1C now; the count of those newly marked. */
export async function markOrdersExported(db: Database, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const marked = await db
    .update(orders)
    .set({ exportedAt: sql`now()` })
    .where(and(inArray(orders.id, orderIds), isNull(orders.exportedAt)))
    .returning({ id: orders.id });
  return marked.length;
}

/**
 * Decision 040: the guest orders placed with an e-mail join the account whose e-mail it is, once that e-mail is
 * confirmed. Returns the ids that joined.
 */
export async function attachGuestOrders(db: Database, userId: number, email: string): Promise<number[]> {
  const rows = await db
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`))
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

/** Guest orders (not cancelled) placed with this e-mail: what an unconfirmed account is told is waiting for it. */
export async function countGuestOrders(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        isNull(orders.userId),
        ne(orders.status, 'cancelled'),
        sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  return row?.total ?? 0;
}
