// Sessions and one-time links: only hashes of the secrets are stored.
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Refresh tokens rotate on every use; all tokens descended from one login share a family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was exchanged for a new one; using it again after the grace period revokes the family. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** Digest of the client (address and browser) that rotated it: only that client may reuse it in the grace. */
    rotatedBy: text('rotated_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/** Password-reset and e-mail-change links. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: ['password_reset', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The new address, for an e-mail change. */
    payload: text('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId, table.purpose)],
);
