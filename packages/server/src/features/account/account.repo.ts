// Reads and writes of users and what belongs to them: addresses, pickup points, favourites, waitlist, questions.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { orders } from '../orders/orders.table.ts';
import {
  addresses,
  favorites,
  pickupPoints,
  questions,
  telegramLinkCodes,
  users,
  waitlist,
} from './account.table.ts';

export type UserRow = typeof users.$inferSelect;

// Every request with a Bearer token reads its user (plugins/auth.ts).
const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id'),
);

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function bumpTokenVersion(db: Database, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function findUsersByIds(db: Database, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export type AddressRow = typeof addresses.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
export type FavoriteType = (typeof favorites.$inferSelect)['type'];
export type WaitlistRow = typeof waitlist.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

export function findAddresses(db: Database, userId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
}

/** Inserts unless the user already has `limit` rows; the user's row is locked so two requests cannot both pass. */
export async function insertAddressWithinLimit(
  db: Database,
  values: typeof addresses.$inferInsert,
  limit: number,
): Promise<AddressRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [counted] = await tx
      .select({ total: count() })
      .from(addresses)
      .where(eq(addresses.userId, values.userId));
    if ((counted?.total ?? 0) >= limit) return null;
    const [row] = await tx.insert(addresses).values(values).returning();
    return row!;
  });
}

export async function deleteAddress(db: Database, userId: number, addressId: number): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

export function findPickupPoints(db: Database, userId: number): Promise<PickupPointRow[]> {
  return db.select().from(pickupPoints).where(eq(pickupPoints.userId, userId)).orderBy(asc(pickupPoints.id));
}

/** Saving the same point (type, code) again refreshes its name and address instead of adding a twin. */
export async function insertPickupPointWithinLimit(
  db: Database,
  values: typeof pickupPoints.$inferInsert,
  limit: number,
): Promise<PickupPointRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [existing] = await tx
      .select({ id: pickupPoints.id })
      .from(pickupPoints)
      .where(
        and(
          eq(pickupPoints.userId, values.userId),
          eq(pickupPoints.type, values.type),
          eq(pickupPoints.code, values.code),
        ),
      );
    if (!existing) {
      const [counted] = await tx
        .select({ total: count() })
        .from(pickupPoints)
        .where(eq(pickupPoints.userId, values.userId));
      if ((counted?.total ?? 0) >= limit) return null;
    }
    const [row] = await tx
      .insert(pickupPoints)
      .values(values)
      .onConflictDoUpdate({
        target: [pickupPoints.userId, pickupPoints.type, pickupPoints.code],
        set: { name: values.name, address: values.address },
      })
      .returning();
    return row!;
  });
}

export async function deletePickupPoint(
  db: Database,
  userId: number,
  pickupPointId: number,
): Promise<boolean> {
  const rows = await db
    .delete(pickupPoints)
    .where(and(eq(pickupPoints.id, pickupPointId), eq(pickupPoints.userId, userId)))
    .returning({ id: pickupPoints.id });
  return rows.length > 0;
}

/** Newest first: the account pages show what was added last on top. */
export async function findFavoriteIds(db: Database, userId: number, type: FavoriteType): Promise<number[]> {
  const rows = await db
    .select({ itemId: favorites.itemId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.type, type)))
    .orderBy(desc(favorites.createdAt), desc(favorites.itemId));
  return rows.map((row) => row.itemId);
}

export async function insertFavorite(db: Database, userId: number, type: FavoriteType, itemId: number) {
  await db.insert(favorites).values({ userId, type, itemId }).onConflictDoNothing();
}

export async function deleteFavorite(
  db: Database,
  userId: number,
  type: FavoriteType,
  itemId: number,
): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.type, type), eq(favorites.itemId, itemId)))
    .returning({ itemId: favorites.itemId });
  return rows.length > 0;
}

/** Newest first. */
export function findWaitlist(db: Database, userId: number): Promise<WaitlistRow[]> {
  return db
    .select()
    .from(waitlist)
    .where(eq(waitlist.userId, userId))
    .orderBy(desc(waitlist.createdAt), desc(waitlist.productId));
}

/** Waiting again after a back-in-stock letter starts a new wait; waiting twice in a row changes nothing. */
export async function insertWaitlistEntry(db: Database, userId: number, productId: number) {
  await db
    .insert(waitlist)
    .values({ userId, productId })
    .onConflictDoUpdate({
      target: [waitlist.userId, waitlist.productId],
      set: { createdAt: sql`now()`, notifiedAt: null },
      setWhere: isNotNull(waitlist.notifiedAt),
    });
}

export async function deleteWaitlistEntry(db: Database, userId: number, productId: number) {
  await db.delete(waitlist).where(and(eq(waitlist.userId, userId), eq(waitlist.productId, productId)));
}

/**
 * Marks every open wait for the product as notified and returns whose they were: the update claims the rows,
 * so two back-office calls at once cannot both send.
 */
export async function updateWaitlistNotified(db: Database, productId: number): Promise<number[]> {
  const rows = await db
    .update(waitlist)
    .set({ notifiedAt: new Date() })
    .where(and(eq(waitlist.productId, productId), isNull(waitlist.notifiedAt)))
    .returning({ userId: waitlist.userId });
  return rows.map((row) => row.userId);
}

export async function insertQuestion(
  db: Database,
  values: typeof questions.$inferInsert,
): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

/** Newest first. */
export function findQuestions(db: Database, userId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.userId, userId))
    .orderBy(desc(questions.createdAt), desc(questions.id));
}

export async function updateQuestionAnswer(
  db: Database,
  id: number,
  answer: string,
): Promise<QuestionRow | undefined> {
  const [row] = await db
    .update(questions)
    .set({ answer, answeredAt: new Date() })
    .where(eq(questions.id, id))
    .returning();
  return row;
}

export async function findAccountCounts(db: Database, userId: number) {
  const countOf = async (query: Promise<Array<{ total: number }>>) => (await query)[0]?.total ?? 0;
  const [favoriteRows, waiting, addressCount, pickupCount, questionCount, orderCount] = await Promise.all([
    db
      .select({ type: favorites.type, total: count() })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .groupBy(favorites.type),
    countOf(db.select({ total: count() }).from(waitlist).where(eq(waitlist.userId, userId))),
    countOf(db.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId))),
    countOf(db.select({ total: count() }).from(pickupPoints).where(eq(pickupPoints.userId, userId))),
    countOf(db.select({ total: count() }).from(questions).where(eq(questions.userId, userId))),
    countOf(db.select({ total: count() }).from(orders).where(eq(orders.userId, userId))),
  ]);
  const favoritesOf = (type: FavoriteType) => favoriteRows.find((row) => row.type === type)?.total ?? 0;
  return {
    favProducts: favoritesOf('product'),
    favRecepts: favoritesOf('recept'),
    favArticles: favoritesOf('article'),
    waitlist: waiting,
    addresses: addressCount,
    pvz: pickupCount,
    questions: questionCount,
    orders: orderCount,
  };
}

/** A user has at most one live link code: a new one replaces the old. */
export async function insertTelegramLinkCode(db: Database, values: typeof telegramLinkCodes.$inferInsert) {
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, values.userId));
    await tx.insert(telegramLinkCodes).values(values);
  });
}

/** Uses the code up if it is live and returns its user; the update decides, so a code works only once. */
export async function updateTelegramLinkCodeUsed(
  db: Database,
  codeHash: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(telegramLinkCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(telegramLinkCodes.codeHash, codeHash),
        isNull(telegramLinkCodes.usedAt),
        gt(telegramLinkCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: telegramLinkCodes.userId });
  return row?.userId;
}

/** One chat belongs to one account: linking it elsewhere unlinks it here. */
export async function updateTelegramChat(db: Database, userId: number, chatId: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ telegramChatId: null, updatedAt: new Date() })
      .where(and(eq(users.telegramChatId, chatId), ne(users.id, userId)));
    const [row] = await tx
      .update(users)
      .set({ telegramChatId: chatId, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  });
}

/**
 * ₽ of the customer's completed orders (docs/decisions/012-personal-discount.md): goods of delivered orders, and
 * courses paid and not cancelled. Delivery is not counted.
 */
export async function sumCompletedOrders(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.goodsTotal}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          eq(orders.status, 'delivered'),
          and(
            ne(orders.status, 'cancelled'),
            eq(orders.paymentState, 'paid'),
            sql`${orders.delivery}->>'kind' = 'course'`,
          ),
        ),
      ),
    );
  return row?.total ?? 0;
}
