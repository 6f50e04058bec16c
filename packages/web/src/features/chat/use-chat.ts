// The chat's state: which view is open (the thread list or one thread), the threads, the lines of the open thread,
// the draft and whether an answer is awaited. Answers that arrive after the shopper moved to another thread are dropped.
import {
  CHAT_FAILURE_TEXT,
  type ChatMessageWire,
  type ChatThreadSummary,
  readChatText,
} from '@efir/domain/chat-schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';
import { type RemoteData, useRemoteData } from '../../lib/remote-data.ts';
import { fetchChatThread, fetchChatThreads, sendChatMessage } from './chat-api.ts';
import { canSend } from './chat-format.ts';

export interface ChatLine {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  /** A line made here, not by the server (the failure notice). */
  local?: boolean;
}

export type ThreadsState = RemoteData<ChatThreadSummary[]>;

type View = { kind: 'threads' } | { kind: 'thread'; threadId: number | null; name: string };

let localKeys = 0;
const nextLocalKey = (prefix: string) => `${prefix}-${++localKeys}`;
const failureLine = (): ChatLine => ({
  key: nextLocalKey('error'),
  role: 'assistant',
  text: CHAT_FAILURE_TEXT,
  local: true,
});

function toLine(message: ChatMessageWire): ChatLine {
  return { key: `m-${message.id}`, role: message.role, text: readChatText(message.content) };
}

export function useChat() {
  const { api } = useAppContext();
  const [view, setView] = useState<View>({ kind: 'threads' });
  // The list is read while it is shown: from the panel's first opening, each time the view comes back to it.
  const [panelOpened, setPanelOpened] = useState(false);
  const threads = useRemoteData(panelOpened && view.kind === 'threads' ? 'chat-threads' : null, async () => {
    const answer = await fetchChatThreads(api);
    return Array.isArray(answer?.threads) ? answer.threads : [];
  });
  // Set by opening the panel: once the list is read, an empty (or unreadable) one opens a new thread instead.
  const newThreadIfNone = useRef(false);
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [loadingThread, setLoadingThread] = useState(false);
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState('');
  // Answers that arrive after the shopper moved to another thread must not land in it.
  const conversation = useRef(0);

  const startNewThread = useCallback(() => {
    conversation.current += 1;
    setView({ kind: 'thread', threadId: null, name: 'Новый диалог' });
    setLines([]);
    setPending(false);
    setLoadingThread(false);
  }, []);

  useEffect(() => {
    if (!newThreadIfNone.current || threads.status === 'loading') return;
    newThreadIfNone.current = false;
    // A first conversation needs no list to choose from.
    if (threads.data === null || threads.data.length === 0) startNewThread();
  }, [threads.status, threads.data, startNewThread]);

  async function openThread(thread: ChatThreadSummary) {
    conversation.current += 1;
    const current = conversation.current;
    setView({ kind: 'thread', threadId: thread.thread_id, name: thread.name });
    setLines([]);
    setPending(false);
    setLoadingThread(true);
    try {
      const answer = await fetchChatThread(api, thread.thread_id);
      if (conversation.current !== current) return;
      setLines((answer?.messages ?? []).map(toLine));
    } catch {
      if (conversation.current !== current) return;
      setLines([failureLine()]);
    } finally {
      if (conversation.current === current) setLoadingThread(false);
    }
  }

  /** Back to the list of threads, which is read again as it comes back on screen. */
  function showThreads() {
    conversation.current += 1;
    setView({ kind: 'threads' });
    setPending(false);
  }

  /** The panel opens on the open thread, else on the list (read again) — or on a new thread when there is none. */
  function openPanel() {
    if (view.kind === 'thread') return;
    newThreadIfNone.current = true;
    if (panelOpened) threads.reload();
    else setPanelOpened(true);
  }

  /** Sends the draft in the open thread; a failed answer is a local line in the conversation. */
  async function send() {
    if (view.kind !== 'thread' || !canSend(draft, pending)) return;
    const message = draft.trim();
    const current = conversation.current;
    setDraft('');
    setPending(true);
    setLines((previous) => [...previous, { key: nextLocalKey('question'), role: 'user', text: message }]);
    try {
      const reply = await sendChatMessage(api, { message, threadId: view.threadId });
      if (conversation.current !== current) return;
      if (reply?.status !== 'ok' || !reply.ai) throw new Error('the assistant answered without a message');
      setView({ kind: 'thread', threadId: reply.thread_id, name: reply.name });
      setLines((previous) => [...previous, toLine(reply.ai)]);
    } catch {
      if (conversation.current !== current) return;
      setLines((previous) => [...previous, failureLine()]);
    } finally {
      if (conversation.current === current) setPending(false);
    }
  }

  return {
    view,
    threads,
    lines,
    loadingThread,
    pending,
    draft,
    setDraft,
    startNewThread,
    openThread,
    showThreads,
    openPanel,
    send,
  };
}
