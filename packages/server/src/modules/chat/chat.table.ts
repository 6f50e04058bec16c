// The shop assistant's conversations (spec §3 Chat): threads of one user and their messages.
import type { ChatContentPart } from '@efir/domain/chat-schemas';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const chatThreads = pgTable(
  'chat_threads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The start of the first question. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every new message, so the latest conversations list first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_threads_user_idx').on(table.userId, table.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    /** The thread owner's id, on the assistant's answers too (spec §3 message user_id). */
    userId: integer('user_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** Plain text parts: `[{type: 'text', text}]`. */
    content: jsonb('content').$type<ChatContentPart[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_thread_idx').on(table.threadId, table.id)],
);
