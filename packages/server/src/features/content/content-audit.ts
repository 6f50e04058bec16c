// How a back-office save of content is recorded: the write, the audit row and the dropped caches, in that order.

import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import type { ContentService } from './content.service.ts';

/** What the audit log needs of a kind of content: the prefix of its entries («slide:12») and how to read a row. */
export interface AuditedKind<Row extends Record<string, unknown>> {
  entity: string;
  read: (db: Database, rowId: number) => Promise<Row | null>;
}

type ContentAction = 'content.create' | 'content.update' | 'content.delete';

/** Fields whose value differs, with their values before and after (for the audit log). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

function withoutId(fields: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = fields;
  return rest;
}

/**
 * One save in its own transaction: write, read the row back, log it (for an edit only the changed fields, and
 * nothing when nothing changed), then drop the cached answers. Gives the row as read after the write.
 */
export async function auditedChange<Row extends Record<string, unknown>>(
  deps: { db: Database; content: Pick<ContentService, 'invalidate'> },
  kind: AuditedKind<Row>,
  options: {
    userId: number;
    action: ContentAction;
    before: Row | null;
    write: (tx: Database) => Promise<number>;
  },
): Promise<Row | null> {
  const { userId, action, before } = options;
  const result = await deps.db.transaction(async (tx) => {
    const rowId = await options.write(tx);
    const after = action === 'content.delete' ? null : await kind.read(tx, rowId);
    const beforeFields = withoutId(before ?? {});
    const afterFields = withoutId(after ?? {});
    const logged =
      action === 'content.update'
        ? changedFields(beforeFields, afterFields)
        : { before: before ? beforeFields : null, after: after ? afterFields : null, changed: true };
    if (logged.changed) {
      await writeAudit(tx, {
        userId,
        action,
        entity: 'content',
        entityId: `${kind.entity}:${rowId}`,
        before: logged.before,
        after: logged.after,
      });
    }
    return after;
  });
  deps.content.invalidate();
  return result;
}

/** A new order of a list the moderator arranged, logged with the order before it. */
export async function auditedReorder(
  deps: { db: Database; content: Pick<ContentService, 'invalidate'> },
  options: { userId: number; entityId: string; before: number[]; after: number[] },
  write: (tx: Database) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await write(tx);
    await writeAudit(tx, {
      userId: options.userId,
      action: 'content.update',
      entity: 'content',
      entityId: options.entityId,
      before: { order: options.before },
      after: { order: options.after },
    });
  });
  deps.content.invalidate();
}
