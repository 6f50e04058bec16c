// Writing and reading the audit log. Services write the entry in the same transaction as the change it records.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from './admin.table.ts';

export interface AuditEntry {
  userId: number;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Records one change; pass the transaction that makes the change so both land or neither does. */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  page: number;
  entity?: string;
  entityId?: string;
  userId?: number;
}

export async function listAudit(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    entries: rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      before: row.before,
      after: row.after,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    page: filter.page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
  };
}
