// Writing and reading the audit log. Services write the entry in the same transaction as the change it records.
// Read back, each entry says in Russian what happened, to what, who did it by name and which fields changed
// («было → стало», decision 057).
import { auditActionName, auditChanges, auditObjectName } from '@efir/domain/audit-words';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
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

/** The shop itself (1C, carrier tracking) acts as user 0. */
const SHOP_ITSELF = 'Магазин (автоматически)';

/**
 * Names of the people behind entries. The users' table belongs to a feature above this floor, so it is read by name
 * in SQL rather than through its module.
 */
async function whoIs(db: Database, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>([[0, SHOP_ITSELF]]);
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  if (wanted.length === 0) return names;
  const result = await db.execute(
    sql`SELECT id, trim(name || ' ' || fam) AS name, email FROM users WHERE id IN (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const row of (result as unknown as { rows: Array<{ id: number; name: string; email: string }> }).rows)
    names.set(Number(row.id), row.name || row.email);
  return names;
}

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
  const names = await whoIs(
    db,
    rows.map((row) => row.userId),
  );
  return {
    entries: rows.map((row) => ({
      id: row.id,
      user_id: row.userId,
      user_name: names.get(row.userId) ?? 'Удалённый пользователь',
      action_name: auditActionName(row.action, row.entity),
      object_name: auditObjectName(row.entity, row.entityId, row.before, row.after),
      changes: auditChanges(row.before, row.after),
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
