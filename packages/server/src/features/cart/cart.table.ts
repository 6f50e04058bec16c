// Carts (a guest's is found by an HttpOnly cookie, a user's by the user id), promo codes, gifts, saved carts.
import { sql } from 'drizzle-orm';
import {
  boolean,
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

export const carts = pgTable(
  'carts',
  {
    /** Random; for a guest it is the secret in the cart cookie. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id'),
    promoCode: text('promo_code'),
    giftId: integer('gift_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lines («id:quantity,…») an abandoned-cart reminder was last sent for: one letter per cart state. */
    remindedState: text('reminded_state'),
  },
  (table) => [uniqueIndex('carts_user_idx').on(table.userId).where(sql`${table.userId} is not null`)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.productId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Condition types of spec §6: add_discount and add_discount_all add to the personal discount; others replace it. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    conditionType: text('condition_type').notNull(),
    percent: integer('percent').notNull(),
    /** Smallest cart total (₽, before discounts) the code works from. */
    minTotal: integer('min_total').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    /** Categories (with their subcategories) the code does not reach, e.g. gift certificates. */
    excludedCategoryIds: integer('excluded_category_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (table) => [
    uniqueIndex('promo_codes_code_idx').on(sql`upper(${table.code})`),
    check('promo_codes_percent_range', sql`${table.percent} between 0 and 100`),
  ],
);

/** A gift unlocked when the cart total reaches the threshold; the chosen one is a 0 ₽ line. */
export const gifts = pgTable('gifts', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull(),
  threshold: integer('threshold').notNull(),
  active: boolean('active').notNull().default(true),
});

export const savedCarts = pgTable(
  'saved_carts',
  {
    id: serial('id').primaryKey(),
    /** Random, the address of the saved-cart page: /saved/<token>. */
    token: text('token').notNull().unique(),
    userId: integer('user_id'),
    lines: jsonb('lines').$type<Array<{ productId: number; quantity: number }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_carts_user_idx').on(table.userId, table.createdAt)],
);
