// Every letter and Telegram message the shop sends goes through this outbox: written in the transaction of the
// change that caused it, sent later by the outbox worker (retried with backoff, given up after a limit).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export type OutboxChannel = 'email' | 'telegram';
/** How a sent row left: the mail server, the bot, or only the server's log (no SMTP_URL / bot token). */
export type OutboxDeliveredVia = 'smtp' | 'telegram' | 'log';
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** email: `to` is an address; telegram: `to` is the chat id and `text` the message. */
    channel: text('channel').$type<OutboxChannel>().notNull().default('email'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    /** Extra mail headers (List-Unsubscribe on mailings). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files sent with the letter (a gift certificate's PDF), the content in base64. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row owns it until then; past it (the worker died) another may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when sent (decision 057); null on rows sent before it was kept. */
    deliveredVia: text('delivered_via').$type<OutboxDeliveredVia>(),
    error: text('error'),
  },
  (table) => [index('outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`)],
);
