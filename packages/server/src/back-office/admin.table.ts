// The back office's audit log: every change a moderator makes, with the state before and after.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The moderator who made the change. */
    userId: integer('user_id').notNull(),
    /** What was done, e.g. 'order.status', 'product.update', 'review.publish'. */
    action: text('action').notNull(),
    /** The kind of thing changed ('order', 'product', 'review', …) and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
  ],
);
