// Reads and writes of the school's tables. The seat is taken by a conditional update, which is what keeps
// seats_left from going below zero when many students enrol at once.

import type { CourseWire } from '@efir/domain/school-schemas';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  courseEnrolments,
  courses,
  diplomaContracts,
  diplomaDocuments,
  diplomaSets,
} from './school.table.ts';

export type CourseRow = typeof courses.$inferSelect;
export type EnrolmentRow = typeof courseEnrolments.$inferSelect;
export type DiplomaDocumentRow = typeof diplomaDocuments.$inferSelect;
export type DiplomaSetRow = typeof diplomaSets.$inferSelect;
/** A course's teacher: one of the content's authors, looked up by the function the composition root hands in. */
export type TeacherRow = NonNullable<CourseWire['teacher']> & { id: number };

export async function listCourses(db: Database): Promise<CourseRow[]> {
  return db.select().from(courses).orderBy(asc(courses.startsAt), asc(courses.pos));
}

export async function findCourseByUrl(db: Database, url: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.url, url)).limit(1);
  return row;
}

export async function findCourseById(db: Database, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

/** Takes one seat if any is left; false (nothing changed) when the course is full. */
export async function takeSeat(db: Database, courseId: number): Promise<boolean> {
  const rows = await db
    .update(courses)
    .set({ seatsLeft: sql`${courses.seatsLeft} - 1` })
    .where(and(eq(courses.id, courseId), gt(courses.seatsLeft, 0)))
    .returning({ id: courses.id });
  return rows.length === 1;
}

export async function findEnrolment(
  db: Database,
  userId: number,
  courseId: number,
): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.userId, userId), eq(courseEnrolments.courseId, courseId)))
    .limit(1);
  return row;
}

/** The enrolment if it is this user's; someone else's looks exactly like a missing one. */
export async function findOwnEnrolment(
  db: Database,
  userId: number,
  id: number,
): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.id, id), eq(courseEnrolments.userId, userId)))
    .limit(1);
  return row;
}

export async function listEnrolments(
  db: Database,
  userId: number,
): Promise<Array<{ enrolment: EnrolmentRow; course: CourseRow }>> {
  return db
    .select({ enrolment: courseEnrolments, course: courses })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(eq(courseEnrolments.userId, userId))
    .orderBy(desc(courseEnrolments.createdAt), desc(courseEnrolments.id));
}

/** Null when the user is already enrolled (a concurrent request got there first). */
export async function insertEnrolment(
  db: Database,
  values: typeof courseEnrolments.$inferInsert,
): Promise<EnrolmentRow | null> {
  const [row] = await db
    .insert(courseEnrolments)
    .values(values)
    .onConflictDoNothing({ target: [courseEnrolments.userId, courseEnrolments.courseId] })
    .returning();
  return row ?? null;
}

export async function linkEnrolmentOrder(db: Database, id: number, orderId: number): Promise<EnrolmentRow> {
  const [row] = await db
    .update(courseEnrolments)
    .set({ orderId })
    .where(eq(courseEnrolments.id, id))
    .returning();
  return row!;
}

export async function activateEnrolment(db: Database, id: number): Promise<void> {
  await db
    .update(courseEnrolments)
    .set({ state: 'active', activatedAt: new Date() })
    .where(and(eq(courseEnrolments.id, id), eq(courseEnrolments.state, 'awaiting_payment')));
}

export async function findContract(db: Database, userId: number) {
  const [row] = await db.select().from(diplomaContracts).where(eq(diplomaContracts.userId, userId)).limit(1);
  return row;
}

export async function saveContract(
  db: Database,
  userId: number,
  data: typeof diplomaContracts.$inferInsert.data,
): Promise<void> {
  await db
    .insert(diplomaContracts)
    .values({ userId, data })
    .onConflictDoUpdate({ target: diplomaContracts.userId, set: { data, updatedAt: new Date() } });
}

export async function findSet(db: Database, userId: number): Promise<DiplomaSetRow | undefined> {
  const [row] = await db.select().from(diplomaSets).where(eq(diplomaSets.userId, userId)).limit(1);
  return row;
}

/** Locks the student's set row for the rest of the transaction (created in draft when missing). */
export async function lockSet(db: Database, userId: number): Promise<DiplomaSetRow> {
  await db.insert(diplomaSets).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(diplomaSets).where(eq(diplomaSets.userId, userId)).for('update');
  return row!;
}

/** Locks the set row if the student has one. */
export async function lockExistingSet(db: Database, userId: number): Promise<DiplomaSetRow | undefined> {
  const [row] = await db.select().from(diplomaSets).where(eq(diplomaSets.userId, userId)).for('update');
  return row;
}

export async function updateSet(
  db: Database,
  userId: number,
  values: Partial<typeof diplomaSets.$inferInsert>,
): Promise<DiplomaSetRow | undefined> {
  const [row] = await db.update(diplomaSets).set(values).where(eq(diplomaSets.userId, userId)).returning();
  return row;
}

export function listDocuments(db: Database, userId: number): Promise<DiplomaDocumentRow[]> {
  return db
    .select()
    .from(diplomaDocuments)
    .where(eq(diplomaDocuments.userId, userId))
    .orderBy(asc(diplomaDocuments.createdAt), asc(diplomaDocuments.id));
}

export async function countDocuments(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(diplomaDocuments)
    .where(eq(diplomaDocuments.userId, userId));
  return row?.value ?? 0;
}

export async function findDocument(db: Database, id: number): Promise<DiplomaDocumentRow | undefined> {
  const [row] = await db.select().from(diplomaDocuments).where(eq(diplomaDocuments.id, id)).limit(1);
  return row;
}

export async function insertDocument(
  db: Database,
  values: typeof diplomaDocuments.$inferInsert,
): Promise<DiplomaDocumentRow> {
  const [row] = await db.insert(diplomaDocuments).values(values).returning();
  return row!;
}

export async function deleteDocument(db: Database, id: number): Promise<void> {
  await db.delete(diplomaDocuments).where(eq(diplomaDocuments.id, id));
}

/** Sets in a review state, oldest submission first, for the back office. */
export function listSetsInState(db: Database, state: DiplomaSetRow['state']) {
  return db
    .select()
    .from(diplomaSets)
    .where(eq(diplomaSets.state, state))
    .orderBy(asc(diplomaSets.submittedAt), asc(diplomaSets.userId))
    .limit(200);
}
