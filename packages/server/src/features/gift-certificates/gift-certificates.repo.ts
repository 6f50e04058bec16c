// Reads and writes of the gift certificates' tables; balances change only under the certificate's row lock.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type CertificateMovementKind,
  type CertificateRecipient,
  cartCertificates,
  giftCertificateMovements,
  giftCertificateReceipts,
  giftCertificateRecipients,
  giftCertificates,
} from './gift-certificates.table.ts';

export type CertificateRow = typeof giftCertificates.$inferSelect;
export type MovementRow = typeof giftCertificateMovements.$inferSelect;

/** Inserts the certificate unless its order unit already has one (a repeated notification); null then. */
export async function insertCertificate(
  db: Database,
  values: typeof giftCertificates.$inferInsert,
): Promise<CertificateRow | null> {
  const [row] = await db.insert(giftCertificates).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertMovement(
  db: Database,
  movement: {
    certificateId: number;
    kind: CertificateMovementKind;
    amount?: number;
    orderId?: number | null;
    moderatorId?: number | null;
    note?: string | null;
  },
): Promise<void> {
  await db.insert(giftCertificateMovements).values(movement);
}

export async function findCertificateByCode(db: Database, code: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(giftCertificates).where(eq(giftCertificates.code, code));
  return row ?? null;
}

export async function findCertificateById(db: Database, id: number): Promise<CertificateRow | null> {
  const [row] = await db.select().from(giftCertificates).where(eq(giftCertificates.id, id));
  return row ?? null;
}

/** Locks the rows (ascending ids, so two orders sharing certificates never deadlock) until the transaction ends. */
export async function lockCertificates(db: Database, ids: readonly number[]): Promise<CertificateRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(giftCertificates)
    .where(inArray(giftCertificates.id, [...ids]))
    .orderBy(asc(giftCertificates.id))
    .for('update');
}

export async function updateCertificate(
  db: Database,
  id: number,
  values: Partial<typeof giftCertificates.$inferInsert>,
): Promise<CertificateRow | null> {
  const [row] = await db
    .update(giftCertificates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(giftCertificates.id, id))
    .returning();
  return row ?? null;
}

export async function findMovements(db: Database, certificateId: number): Promise<MovementRow[]> {
  return db
    .select()
    .from(giftCertificateMovements)
    .where(eq(giftCertificateMovements.certificateId, certificateId))
    .orderBy(asc(giftCertificateMovements.id));
}

/**
 * What each certificate still holds of an order, ₽: reserved less returned (spent moves nothing). Positive rows only.
 */
export async function findOrderHoldings(
  db: Database,
  orderId: number,
): Promise<Array<{ certificateId: number; held: number; spent: boolean }>> {
  const rows = await db
    .select({
      certificateId: giftCertificateMovements.certificateId,
      held: sql<number>`-sum(${giftCertificateMovements.amount}) filter (where ${giftCertificateMovements.kind} in ('reserved', 'returned'))`.mapWith(
        Number,
      ),
      spent: sql<number>`count(*) filter (where ${giftCertificateMovements.kind} = 'spent')`.mapWith(Number),
    })
    .from(giftCertificateMovements)
    .where(eq(giftCertificateMovements.orderId, orderId))
    .groupBy(giftCertificateMovements.certificateId)
    .orderBy(asc(giftCertificateMovements.certificateId));
  return (
    rows
      .filter((row) => row.held > 0)
      // A part returned by a refund leaves the rest spent: spending is once per order and certificate.
      .map((row) => ({ certificateId: row.certificateId, held: row.held, spent: row.spent > 0 }))
  );
}

/**
 * The certificates a user bought, newest first. Not those sent to their e-mail: an account's e-mail is not proof of
 * owning the mailbox, and the code is money (the recipient has the letter).
 */
export async function findCertificatesOfUser(db: Database, userId: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(giftCertificates)
    .where(eq(giftCertificates.buyerUserId, userId))
    .orderBy(desc(giftCertificates.id));
}

export async function listCertificates(db: Database, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(giftCertificates)
    .orderBy(desc(giftCertificates.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(giftCertificates);
  return { rows, total: total?.count ?? 0 };
}

export async function insertCartCertificate(db: Database, cartId: string, certificateId: number) {
  await db.insert(cartCertificates).values({ cartId, certificateId }).onConflictDoNothing();
}

export async function deleteCartCertificate(db: Database, cartId: string, certificateId: number) {
  await db
    .delete(cartCertificates)
    .where(and(eq(cartCertificates.cartId, cartId), eq(cartCertificates.certificateId, certificateId)));
}

/** The cart's certificates in the order they were entered (they pay in that order). */
export async function findCartCertificates(db: Database, cartId: string): Promise<CertificateRow[]> {
  const rows = await db
    .select({ certificate: giftCertificates })
    .from(cartCertificates)
    .innerJoin(giftCertificates, eq(giftCertificates.id, cartCertificates.certificateId))
    .where(eq(cartCertificates.cartId, cartId))
    .orderBy(asc(cartCertificates.addedAt), asc(giftCertificates.id));
  return rows.map((row) => row.certificate);
}

export async function deleteCartCertificates(db: Database, cartId: string) {
  await db.delete(cartCertificates).where(eq(cartCertificates.cartId, cartId));
}

export async function insertRecipients(db: Database, orderId: number, recipients: CertificateRecipient[]) {
  await db.insert(giftCertificateRecipients).values({ orderId, recipients }).onConflictDoNothing();
}

export async function findRecipients(db: Database, orderId: number): Promise<CertificateRecipient[]> {
  const [row] = await db
    .select()
    .from(giftCertificateRecipients)
    .where(eq(giftCertificateRecipients.orderId, orderId));
  return row?.recipients ?? [];
}

/** The order's offset receipt (once per order) or a receipt of return, queued for the provider. */
export async function insertCertificateReceipt(
  db: Database,
  values: { orderId: number; type: 'payment' | 'refund'; amount: number; receipt: object },
) {
  await db
    .insert(giftCertificateReceipts)
    .values({ ...values, receipt: values.receipt as Record<string, unknown> })
    .onConflictDoNothing();
}

export async function findOffsetReceipt(db: Database, orderId: number) {
  const [row] = await db
    .select()
    .from(giftCertificateReceipts)
    .where(and(eq(giftCertificateReceipts.orderId, orderId), eq(giftCertificateReceipts.type, 'payment')));
  return row ?? null;
}
