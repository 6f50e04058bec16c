// Every letter the shop sends; without SMTP this outbox is where they can be read.
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
