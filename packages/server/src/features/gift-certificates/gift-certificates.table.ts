// Gift certificates (decision 045): the certificate with its balance, the ledger of every movement of it, the codes a
// cart holds until checkout, and the recipients a buyer named for the certificates of an order.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const CERTIFICATE_STATES = ['active', 'blocked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const CERTIFICATE_MOVEMENTS = [
  'issued',
  'sent',
  'reserved',
  'spent',
  'returned',
  'blocked',
  'unblocked',
  'extended',
] as const;
export type CertificateMovementKind = (typeof CERTIFICATE_MOVEMENTS)[number];

export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: serial('id').primaryKey(),
    /** Formatted («XXXX-XXXX-XXXX-XXXX-XXXX»), 95 random bits and a check character. Kept to resend the letter. */
    code: text('code').notNull().unique(),
    /** The face value, ₽. */
    value: integer('value').notNull(),
    /** What can still be spent, ₽: the value less what orders reserved or spent, plus what they gave back. */
    balance: integer('balance').notNull(),
    state: text('state', { enum: CERTIFICATE_STATES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order that bought it (null: issued by hand in the back office) and the buying line's product. */
    orderId: integer('order_id'),
    productId: integer('product_id'),
    /** Which certificate unit of its order it is (0, 1, …): a repeated payment notification issues nothing twice. */
    orderUnit: integer('order_unit'),
    buyerUserId: integer('buyer_user_id'),
    buyerName: text('buyer_name').notNull().default(''),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** When the letter is to leave (null: at once). */
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** When the letter was queued for the last time. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_certificates_order_unit_idx').on(table.orderId, table.orderUnit),
    index('gift_certificates_buyer_idx').on(table.buyerUserId),
    index('gift_certificates_recipient_idx').on(sql`lower(${table.recipientEmail})`),
    check(
      'gift_certificates_balance_range',
      sql`${table.balance} >= 0 and ${table.balance} <= ${table.value} and ${table.value} > 0`,
    ),
  ],
);

/**
 * Every movement of a certificate, in order: the balance is the issued value plus the movements' `amount` (reserved
 * is negative, returned positive; spent only turns a reservation into a spending and moves nothing).
 */
export const giftCertificateMovements = pgTable(
  'gift_certificate_movements',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id').notNull(),
    kind: text('kind', { enum: CERTIFICATE_MOVEMENTS }).notNull(),
    /** The change of the balance, ₽ (0 for sent, spent, blocked…). */
    amount: integer('amount').notNull().default(0),
    orderId: integer('order_id'),
    /** The moderator for back-office actions; null for the shop's own. */
    moderatorId: integer('moderator_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_certificate_movements_certificate_idx').on(table.certificateId, table.id),
    index('gift_certificate_movements_order_idx').on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);

/** The certificates entered in a cart's field, until the checkout takes them (or the buyer removes one). */
export const cartCertificates = pgTable(
  'cart_certificates',
  {
    cartId: uuid('cart_id').notNull(),
    certificateId: integer('certificate_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.certificateId] })],
);

export interface CertificateRecipient {
  name?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
  /** ISO date-time. */
  send_at?: string | undefined;
}

/** Who the certificates of an order are for, as the buyer gave it at checkout: one entry per certificate unit. */
export const giftCertificateRecipients = pgTable('gift_certificate_recipients', {
  orderId: integer('order_id').primaryKey(),
  recipients: jsonb('recipients').$type<CertificateRecipient[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CERTIFICATE_RECEIPT_STATES = ['pending', 'sent', 'failed', 'withdrawn'] as const;
export type CertificateReceiptState = (typeof CERTIFICATE_RECEIPT_STATES)[number];

/**
 * The 54-FZ receipts of the parts of orders certificates paid (decision 045): `payment` offsets the advance when the
 * order's certificates are spent (one per order), `refund` returns what of that part went back to the certificates.
 * Sent to the payment provider (POST /v3/receipts) by a retrying job: `pending` until the provider took it
 * (`sent`, with its id) or refused it for good (`failed`); `withdrawn` is an offset never sent because the whole
 * part went back first.
 */
export const giftCertificateReceipts = pgTable(
  'gift_certificate_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    type: text('type', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    /** ₽ the receipt settles (the certificates' part, or the part returned). */
    amount: integer('amount').notNull().default(0),
    receipt: jsonb('receipt').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: CERTIFICATE_RECEIPT_STATES }).notNull().default('pending'),
    providerReceiptId: text('provider_receipt_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gift_certificate_receipts_offset_idx')
      .on(table.orderId)
      .where(sql`${table.type} = 'payment'`),
    index('gift_certificate_receipts_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
  ],
);
