// The shop's settings the owner edits in the back office (decision 060): one row, the whole document as JSON, so a
// new setting needs no migration — what is missing reads as its default.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (table) => [check('shop_settings_one_row', sql`${table.id} = 1`)],
);
