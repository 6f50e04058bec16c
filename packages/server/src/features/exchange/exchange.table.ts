// The 1C exchange (issue 22): each protocol session 1C opens with checkauth, which is also the exchange log the
// back office shows (what came, what changed, what went wrong).
import type { ExchangeFileResult } from '@efir/domain/admin-wire';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type { ExchangeFileResult };

export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the cookie value 1C carries on every call of the session. */
    tokenHash: text('token_hash').notNull().unique(),
    /** catalog or sale, as checkauth was called. */
    type: text('type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bytes received so far (every chunk of every file). */
    bytes: integer('bytes').notNull().default(0),
    files: jsonb('files').$type<ExchangeFileResult[]>().notNull().default(sql`'[]'::jsonb`),
    /** Orders sent to 1C by type=sale query (marked exported at success). */
    sentOrderIds: integer('sent_order_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [index('exchange_sessions_started_idx').on(table.startedAt)],
);
