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
import {
  CONFIRMATION_TYPES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from './payment-status.ts';
import type { Receipt } from './yookassa.client.ts';

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
    /** For `qr`, the address the QR code holds (YooKassa's `confirmation_data`). */
    confirmationUrl: text('confirmation_url'),
    /** Null: the buyer chooses on YooKassa's page (the card form). */
    method: text('method', { enum: PAYMENT_METHODS }),
    confirmationType: text('confirmation_type', { enum: CONFIRMATION_TYPES }).notNull().default('redirect'),
    /** The 54-FZ receipt sent with the payment: a refund's receipt of return is cut from it. */
    receipt: jsonb('receipt').$type<Receipt>(),
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
    method: text('method', { enum: PAYMENT_METHODS }),
    confirmationType: text('confirmation_type', { enum: CONFIRMATION_TYPES }).notNull().default('redirect'),
    /** Random secret of the confirmation form, which cannot use the shop's CSRF cookie. */
    formToken: text('form_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('test_gateway_payments_idempotence_key_idx').on(table.idempotenceKey)],
);

/**
 * Refunds asked for from the back office. A row is written (status `creating`, which reserves the amount) before
 * the provider is called, so two moderators cannot refund the same money twice and a call that got no answer is
 * repeated with the same idempotence key.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** Whole roubles. */
    amount: integer('amount').notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    comment: text('comment'),
    moderatorId: integer('moderator_id').notNull(),
    receipt: jsonb('receipt').$type<Receipt>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_refunds_idempotence_key_idx').on(table.idempotenceKey),
    uniqueIndex('payment_refunds_provider_refund_idx').on(table.providerRefundId),
    index('payment_refunds_order_idx').on(table.orderId),
    check('payment_refunds_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** The test gateway's refund objects, as YooKassa keeps them. */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    receipt: jsonb('receipt').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('test_gateway_refunds_idempotence_key_idx').on(table.idempotenceKey)],
);
