// Customers (spec §3 User) and what belongs to them: addresses, pickup points, favourites, waitlist, questions.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    fam: text('fam').notNull().default(''),
    email: text('email').notNull(),
    tel: text('tel').notNull().default(''),
    passwordHash: text('password_hash'),
    avatarType: text('avatar_type', { enum: ['photo', 'other'] })
      .notNull()
      .default('other'),
    avatarPhoto: text('avatar_photo'),
    /** Personal discount in effect, percent: `skidkaManual` when a moderator set one, else the tier earned. */
    skidka: integer('skidka').notNull().default(0),
    /** A moderator's percent for this customer (regulars, partners); null: the tiers decide. */
    skidkaManual: integer('skidka_manual'),
    /** ₽ of completed orders the discount was last worked out from (written with skidka by recalculateDiscount). */
    completedOrdersTotal: integer('completed_orders_total').notNull().default(0),
    birthday: date('birthday'),
    mailings: boolean('mailings').notNull().default(true),
    telegramChatId: text('telegram_chat_id'),
    /** Bumped by logout and password change: access tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the link of a letter to `email` was opened (decision 040): guest orders with it joined the account. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    house: text('house').notNull(),
    flat: text('flat').notNull().default(''),
    zip: text('zip').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('addresses_user_idx').on(table.userId)],
);

/** Saved pickup points (CDEK, Boxberry, 5Post…): the carrier's code and the delivery kind (spec §3 type). */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    type: integer('type').notNull(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pickup_points_user_code_idx').on(table.userId, table.type, table.code)],
);

/** Favourites of spec §4: products, recipes and articles («menu» on the wire). */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id').notNull(),
    type: text('type', { enum: ['product', 'recept', 'article'] }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type, table.itemId] })],
);

export const waitlist = pgTable(
  'waitlist',
  {
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the back-in-stock letter went out; a new wait starts with null again. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('waitlist_product_idx').on(table.productId),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id'),
    text: text('text').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('questions_user_idx').on(table.userId, table.createdAt)],
);

/** One-time codes that link a Telegram chat to an account via the bot's /start; only their hashes are kept. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('telegram_link_codes_user_idx').on(table.userId)],
);
