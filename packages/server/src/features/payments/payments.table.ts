// Card payments of orders (YooKassa or the built-in test gateway), the notifications already applied, and the
// test gateway's own payment objects.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payment-status.ts';

/** One row per payment object created at the provider; an order may have several attempts. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Text, so the orders feature may use any id type. */
    orderId: text('order_id').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** Whole roubles, as everywhere in the shop. */
    amount: integer('amount').notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    confirmationUrl: text('confirmation_url'),
    /** Where the buyer returns after paying; a pending payment is reused only while the shop still returns there. */
    returnUrl: text('return_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payments_provider_payment_idx').on(table.providerPaymentId),
    uniqueIndex('payments_idempotence_key_idx').on(table.idempotenceKey),
    index('payments_order_idx').on(table.orderId, table.createdAt),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Notifications already applied: YooKassa repeats them until it gets a 200, and anyone can post a copy. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    providerPaymentId: text('provider_payment_id').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_payment_event_idx').on(table.providerPaymentId, table.event)],
);

/** The offline test gateway's side: what YooKassa would keep about a payment. */
export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    id: text('id').primaryKey(),
    idempotenceKey: text('idempotence_key').notNull(),
    /** Hash of the create request: the same key with another body is refused, as YooKassa does. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    returnUrl: text('return_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    receipt: jsonb('receipt').$type<unknown>(),
    /** Random secret of the confirmation form, which cannot use the shop's CSRF cookie. */
    formToken: text('form_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('test_gateway_payments_idempotence_key_idx').on(table.idempotenceKey)],
);
