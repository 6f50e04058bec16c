// Shop reviews (/reviews), rating votes and comments on products, recipes and articles (spec §1, §4).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The pages that take votes and comments; the names are the spec's path types. */
export const RATED_ITEM_TYPES = ['product', 'recept', 'article'] as const;

export const shopReviews = pgTable(
  'shop_reviews',
  {
    id: serial('id').primaryKey(),
    /** The author when they were logged in; guests may write too. */
    userId: integer('user_id'),
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    /** Rich text, sanitised before it is stored. */
    html: text('html').notNull(),
    /** New reviews wait for a moderator unless REVIEWS_AUTOPUBLISH is on. */
    status: text('status', { enum: ['pending', 'published', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The shop's answer (issue 39 point 9), sanitised like all rich text; shown under it with the shop's name. */
    replyHtml: text('reply_html'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by'),
  },
  (table) => [
    check('shop_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('shop_reviews_status_idx').on(table.status, table.createdAt),
    index('shop_reviews_user_idx').on(table.userId),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: serial('id').primaryKey(),
    itemType: text('item_type', { enum: RATED_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('votes_rating_range', sql`${table.rating} between 1 and 5`),
    // One vote per user per page; voting again replaces it.
    uniqueIndex('votes_item_user_idx').on(table.itemType, table.itemId, table.userId),
    index('votes_user_idx').on(table.userId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    itemType: text('item_type', { enum: RATED_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    /** Always a top-level comment: replies are one level deep. */
    parentId: integer('parent_id'),
    userId: integer('user_id').notNull(),
    /** Rich text, sanitised before it is stored. */
    html: text('html').notNull(),
    /** Comments of logged-in users show at once; a moderator may reject one later. */
    status: text('status', { enum: ['published', 'rejected'] })
      .notNull()
      .default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The shop's answer (issue 39 point 9), sanitised like all rich text; shown under it with the shop's name. */
    replyHtml: text('reply_html'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by'),
  },
  (table) => [
    index('comments_item_idx').on(table.itemType, table.itemId, table.createdAt),
    index('comments_parent_idx').on(table.parentId),
    index('comments_user_idx').on(table.userId),
  ],
);
