// Reads and writes of the assistant's threads and messages.
import type { ChatContentPart } from '@efir/domain/chat-schemas';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMessages, chatThreads } from './chat.table.ts';

export type ChatThreadRow = typeof chatThreads.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export async function findOwnThread(
  db: Database,
  userId: number,
  threadId: number,
): Promise<ChatThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .limit(1);
  return row;
}

export async function findThreadsOfUser(
  db: Database,
  userId: number,
  limit: number,
): Promise<ChatThreadRow[]> {
  return db
    .select()
    .from(chatThreads)
    .where(eq(chatThreads.userId, userId))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(limit);
}

/** The last `limit` messages of a thread, oldest first. */
export async function findRecentMessages(
  db: Database,
  threadId: number,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessages(db: Database, threadId: number): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.id));
}

/** A question and its answer, stored together (a new thread first when there is none), or nothing at all. */
export async function insertExchange(
  db: Database,
  input: {
    userId: number;
    /** null starts a new thread named `name`. */
    threadId: number | null;
    name: string;
    question: ChatContentPart[];
    answer: ChatContentPart[];
  },
): Promise<{ thread: ChatThreadRow; question: ChatMessageRow; answer: ChatMessageRow }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [thread] =
      input.threadId === null
        ? await tx.insert(chatThreads).values({ userId: input.userId, name: input.name }).returning()
        : await tx
            .update(chatThreads)
            .set({ updatedAt: now })
            .where(and(eq(chatThreads.id, input.threadId), eq(chatThreads.userId, input.userId)))
            .returning();
    if (!thread) throw new Error('chat thread vanished while answering');
    const rows = await tx
      .insert(chatMessages)
      .values([
        { threadId: thread.id, userId: input.userId, role: 'user', content: input.question },
        { threadId: thread.id, userId: input.userId, role: 'assistant', content: input.answer },
      ])
      .returning();
    const question = rows.find((row) => row.role === 'user');
    const answer = rows.find((row) => row.role === 'assistant');
    if (!question || !answer) throw new Error('chat messages were not stored');
    return { thread, question, answer };
  });
}
