// Money the shop receives itself (decision 056): a bank transfer by invoice, cash at pickup, cash on delivery passed
// on by the carrier. The moderator marks it with its date and amount; several rows make a partial payment whole.
// Card payments live in `payments` (provider objects); these have no provider to ask.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const receivedPayments = pgTable(
  'received_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** The order's sposob_oplat when the money came (1 cash, 3 transfer, 4 cash on delivery). */
    sposobOplat: integer('sposob_oplat').notNull(),
    /** Whole roubles. */
    amount: integer('amount').notNull(),
    /** The day the money came (the bank statement's date), as the moderator entered it. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    comment: text('comment'),
    moderatorId: integer('moderator_id').notNull(),
    /** The form's key: a double click or a repeated request records the money once. */
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('received_payments_order_idx').on(table.orderId),
    check('received_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);
