// The shop assistant's calls: POST /api/v1/ai (spec §7) and the widget's thread list and thread.
import type { ChatReply, ChatThreadList, ChatThreadView } from '@efir/domain/chat-schemas';
import type { HttpClient } from '../../lib/http-client.ts';

/** The server gives the AI 30 s; the call waits a little longer so the server's own answer (504) arrives. */
export const CHAT_TIMEOUT_MS = 35_000;

/** Failures are shown in the conversation (spec §8 «Chat failure»), never as a popup. */
export function sendChatMessage(
  api: HttpClient,
  input: { message: string; threadId: number | null },
): Promise<ChatReply> {
  return api.post<ChatReply>('/api/v1/ai', {
    body: { q: { message: input.message, thread_id: input.threadId } },
    suppressErrors: true,
    timeoutMs: CHAT_TIMEOUT_MS,
  });
}

export function fetchChatThreads(api: HttpClient): Promise<ChatThreadList> {
  return api.get<ChatThreadList>('/api/v1/ai/threads', { suppressErrors: true });
}

export function fetchChatThread(api: HttpClient, threadId: number): Promise<ChatThreadView> {
  return api.get<ChatThreadView>(`/api/v1/ai/threads/${threadId}`, { suppressErrors: true });
}
