// Exchange sessions: the cookie 1C carries, and the log of what each session brought.
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExchangeFileResult, exchangeSessions } from './exchange.table.ts';

export type ExchangeSessionRow = typeof exchangeSessions.$inferSelect;

export async function insertSession(
  db: Database,
  tokenHash: string,
  type: string,
): Promise<ExchangeSessionRow> {
  const [row] = await db.insert(exchangeSessions).values({ tokenHash, type }).returning();
  return row!;
}

export async function findSessionByHash(
  db: Database,
  tokenHash: string,
): Promise<ExchangeSessionRow | undefined> {
  const [row] = await db.select().from(exchangeSessions).where(eq(exchangeSessions.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: Database, id: number, bytes = 0): Promise<void> {
  await db
    .update(exchangeSessions)
    .set({ lastSeenAt: new Date(), bytes: sql`${exchangeSessions.bytes} + ${bytes}` })
    .where(eq(exchangeSessions.id, id));
}

export async function appendFileResult(db: Database, id: number, result: ExchangeFileResult): Promise<void> {
  await db
    .update(exchangeSessions)
    .set({
      files: sql`${exchangeSessions.files} || ${JSON.stringify([result])}::jsonb`,
      lastSeenAt: new Date(),
    })
    .where(eq(exchangeSessions.id, id));
}

export async function setSentOrders(db: Database, id: number, orderIds: number[]): Promise<void> {
  await db.update(exchangeSessions).set({ sentOrderIds: orderIds }).where(eq(exchangeSessions.id, id));
}

export async function listSessions(db: Database, page: number, perPage: number) {
  const rows = await db
    .select()
    .from(exchangeSessions)
    .orderBy(desc(exchangeSessions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(exchangeSessions)) as [
    { total: number },
  ];
  return { rows, total };
}

/** When the shop first talked to 1C: the start of its first exchange session (now, for the very first one). */
export async function firstSessionStart(db: Database): Promise<Date> {
  const [row] = await db
    .select({ first: sql<Date | string | null>`min(${exchangeSessions.startedAt})` })
    .from(exchangeSessions);
  return row?.first ? new Date(row.first) : new Date();
}
