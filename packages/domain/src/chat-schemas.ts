// The shop assistant's wire (spec §3 Chat, §7 POST /api/v1/ai) and its one input rule (spec §5), shared by the
// server route and the chat widget.
import { z } from './zod-ru.ts';

export const CHAT_MESSAGE_MAX = 2000;

/** Thread names are the start of the first question, cut at a word. */
export const CHAT_THREAD_NAME_MAX = 60;

/** The widget shows this as the assistant's line when a send fails (spec §8 «Chat failure»). */
export const CHAT_FAILURE_TEXT = 'Ошибка связи с сервером.';

/** Shown while the answer is on its way (spec §4). */
export const CHAT_TYPING_TEXT = 'Печатает...';

/** Spec §5: an empty or whitespace-only message is not sent; past the cap it is refused too. */
export function canSendChatMessage(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= CHAT_MESSAGE_MAX;
}

export const chatMessageField = z
  .string({ error: 'Введите сообщение' })
  .trim()
  .min(1, 'Введите сообщение')
  .max(CHAT_MESSAGE_MAX, `Сообщение — не длиннее ${CHAT_MESSAGE_MAX} символов`);

/**
 * A thread to continue, or none for a new one. Clients send «no thread» in several ways (absent, null, 0, ''),
 * and ids as numbers or numeric strings.
 */
export const chatThreadIdField = z
  .union([z.number(), z.string(), z.null()], { error: 'Неверный номер диалога' })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
    const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
      context.addIssue({ code: 'custom', message: 'Неверный номер диалога' });
      return z.NEVER;
    }
    return id;
  });

/** POST /api/v1/ai body: `{q: {message, thread_id}}`. */
export const chatRequestSchema = z.strictObject({
  q: z.strictObject(
    {
      message: chatMessageField,
      thread_id: chatThreadIdField,
    },
    { error: 'Введите сообщение' },
  ),
});

// Answers (docs/decisions/031): the server's `response` schemas, the widget's types.

export const chatContentPartSchema = z.object({ type: z.literal('text'), text: z.string() });
export type ChatContentPart = z.infer<typeof chatContentPartSchema>;

/** Spec §3 Chat message. */
export const chatMessageWireSchema = z.object({
  id: z.int(),
  thread_id: z.int(),
  content: z.array(chatContentPartSchema),
  role: z.enum(['user', 'assistant']),
  user_id: z.int(),
  created_at: z.string(),
});
export type ChatMessageWire = z.infer<typeof chatMessageWireSchema>;

export const chatThreadSummarySchema = z.object({
  thread_id: z.int(),
  name: z.string(),
  updated_at: z.string(),
});
export type ChatThreadSummary = z.infer<typeof chatThreadSummarySchema>;

/** POST /api/v1/ai answer (spec §7): the assistant's message, the stored question, the thread's name and id. */
export const chatReplySchema = z.object({
  status: z.literal('ok'),
  ai: chatMessageWireSchema,
  user_message: chatMessageWireSchema,
  name: z.string(),
  thread_id: z.int(),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** A failed answer (502 provider failure, 504 provider timeout); nothing is stored. */
export const chatFailureSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  thread_id: z.int().nullable(),
});
export type ChatFailure = z.infer<typeof chatFailureSchema>;

/** GET /api/v1/ai/threads. */
export const chatThreadListSchema = z.object({
  status: z.literal('ok'),
  threads: z.array(chatThreadSummarySchema),
});
export type ChatThreadList = z.infer<typeof chatThreadListSchema>;

/** GET /api/v1/ai/threads/{id}. */
export const chatThreadViewSchema = z.object({
  status: z.literal('ok'),
  thread_id: z.int(),
  name: z.string(),
  messages: z.array(chatMessageWireSchema),
});
export type ChatThreadView = z.infer<typeof chatThreadViewSchema>;

/** The text of a message's content parts, joined. */
export function readChatText(content: readonly ChatContentPart[]): string {
  return content
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}
