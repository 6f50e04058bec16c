// Customers and moderators (spec §3 User); authentication columns come with the accounts feature.
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    skidka: integer('skidka').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);
