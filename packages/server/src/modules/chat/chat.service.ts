// The shop assistant (spec §3 Chat, §7 POST /api/v1/ai): who may use it, asking the AI endpoint (or the offline
// assistant) with our catalogue in the prompt, and storing each question with its answer.
import {
  CHAT_FAILURE_TEXT,
  CHAT_THREAD_NAME_MAX,
  type ChatFailure,
  type ChatMessageWire,
  type ChatReply,
  type ChatThreadList,
  type ChatThreadView,
  readChatText,
} from '@efir/domain/chat-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { AiProviderError, type ChatProvider, createOpenAiCompatibleProvider } from './ai-provider.ts';
import { EMPTY_KNOWLEDGE, findKnowledge, type Knowledge, type SearchScored } from './assistant-knowledge.ts';
import { buildSystemPrompt } from './assistant-prompt.ts';
import {
  type ChatMessageRow,
  type ChatThreadRow,
  findMessages,
  findOwnThread,
  findRecentMessages,
  findThreadsOfUser,
  insertExchange,
} from './chat.repo.ts';
import { composeOfflineAnswer } from './offline-assistant.ts';

/** Spec: answers per user per hour. */
export const CHAT_RATE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };
/** How much of the conversation the AI sees besides the new question. */
const HISTORY_MESSAGES = 10;
const THREAD_LIST_LIMIT = 50;

/** Spec §6: the chat is for one user id (CHAT_USER_ID); without it, for nobody. */
export function canUseChat(config: Pick<Config, 'CHAT_USER_ID'>, userId: number): boolean {
  return config.CHAT_USER_ID !== undefined && userId === config.CHAT_USER_ID;
}

/** A thread's name: the start of its first question, cut at a word. */
export function nameThread(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text.length <= CHAT_THREAD_NAME_MAX) return text;
  const cut = text.slice(0, CHAT_THREAD_NAME_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > CHAT_THREAD_NAME_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}

function toMessageWire(row: ChatMessageRow): ChatMessageWire {
  return {
    id: row.id,
    thread_id: row.threadId,
    content: row.content,
    role: row.role,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

function toThreadSummary(row: ChatThreadRow) {
  return { thread_id: row.id, name: row.name, updated_at: row.updatedAt.toISOString() };
}

export type AskResult =
  | { ok: true; reply: ChatReply }
  | { ok: false; status: 502 | 504; failure: ChatFailure };

export interface ChatService {
  /** Whether answers come from an AI endpoint (false: the offline assistant). */
  readonly online: boolean;
  ask(userId: number, input: { message: string; threadId: number | null }): Promise<AskResult>;
  listThreads(userId: number): Promise<ChatThreadList>;
  getThread(userId: number, threadId: number): Promise<ChatThreadView>;
}

export interface ChatServiceDeps {
  db: Database;
  config: Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** What the assistant knows comes from the site search (the search module, handed in by app-features.ts). */
  search: SearchScored;
  /** Replaces the provider chosen by configuration (tests); null forces the offline assistant. */
  provider?: ChatProvider | null;
}

export function createChatService(deps: ChatServiceDeps): ChatService {
  const { db, config, limiter, log } = deps;
  const provider: ChatProvider | null =
    deps.provider !== undefined
      ? deps.provider
      : config.AI_BASE_URL
        ? createOpenAiCompatibleProvider({
            baseUrl: config.AI_BASE_URL,
            apiKey: config.AI_API_KEY,
            model: config.AI_MODEL,
            timeoutMs: config.AI_TIMEOUT_MS,
          })
        : null;

  /** The question's own search, or, for a follow-up that names nothing («а сколько стоит?»), the previous one's. */
  async function gatherKnowledge(message: string, history: ChatMessageRow[]): Promise<Knowledge> {
    const own = await findKnowledge(deps.search, message);
    if (own.offers.length + own.articles.length + own.recipes.length > 0) return own;
    const previous = history.filter((row) => row.role === 'user').at(-1);
    return previous ? findKnowledge(deps.search, readChatText(previous.content)) : EMPTY_KNOWLEDGE;
  }

  async function answer(message: string, history: ChatMessageRow[]): Promise<string> {
    const knowledge = await gatherKnowledge(message, history);
    if (!provider) return composeOfflineAnswer(message, knowledge);
    return provider.complete([
      { role: 'system', content: buildSystemPrompt(knowledge) },
      ...history.map((row) => ({ role: row.role, content: readChatText(row.content) })),
      { role: 'user', content: message },
    ]);
  }

  return {
    online: provider !== null,

    async ask(userId, { message, threadId }) {
      const thread = threadId === null ? null : await findOwnThread(db, userId, threadId);
      if (threadId !== null && !thread) throw notFound('Диалог не найден');
      if (!(await limiter.hit(`ai:user:${userId}`, CHAT_RATE_LIMIT.max, CHAT_RATE_LIMIT.windowMs))) {
        throw new AppError(429, 'Too Many Attempts.');
      }
      const history = thread ? await findRecentMessages(db, thread.id, HISTORY_MESSAGES) : [];

      let text: string;
      try {
        text = await answer(message, history);
      } catch (error) {
        if (!(error instanceof AiProviderError)) throw error;
        // The question is not kept either: a retry must not leave it twice in the thread.
        log.warn({ kind: error.kind, status: error.status }, 'chat: the AI endpoint failed');
        return {
          ok: false,
          status: error.kind === 'timeout' ? 504 : 502,
          failure: { status: 'error', message: CHAT_FAILURE_TEXT, thread_id: thread?.id ?? null },
        };
      }

      const stored = await insertExchange(db, {
        userId,
        threadId: thread?.id ?? null,
        name: nameThread(message),
        question: [{ type: 'text', text: message }],
        answer: [{ type: 'text', text }],
      });
      return {
        ok: true,
        reply: {
          status: 'ok',
          ai: toMessageWire(stored.answer),
          user_message: toMessageWire(stored.question),
          name: stored.thread.name,
          thread_id: stored.thread.id,
        },
      };
    },

    async listThreads(userId) {
      const rows = await findThreadsOfUser(db, userId, THREAD_LIST_LIMIT);
      return { status: 'ok', threads: rows.map(toThreadSummary) };
    },

    async getThread(userId, threadId) {
      const thread = await findOwnThread(db, userId, threadId);
      if (!thread) throw notFound('Диалог не найден');
      const messages = await findMessages(db, thread.id);
      return { status: 'ok', thread_id: thread.id, name: thread.name, messages: messages.map(toMessageWire) };
    },
  };
}
