// The shop assistant widget (spec §3–§5 Chat): a floating button opening a panel with the thread list, a thread's
// messages and the input; «Печатает...» while waiting, a local «Ошибка связи с сервером.» line on failure.
import {
  CHAT_FAILURE_TEXT,
  CHAT_TYPING_TEXT,
  type ChatMessageWire,
  type ChatThreadSummary,
  readChatText,
} from '@efir/domain/chat-schemas';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppContext } from '../../app/app-context.tsx';
import { Link } from '../../app/router/link.tsx';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { fetchChatThread, fetchChatThreads, sendChatMessage } from './chat-api.ts';
import { CHAT_MESSAGE_MAX, canSend, splitChatLinks } from './chat-format.ts';
import './chat.css';

export interface ChatLine {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  /** A line made here, not by the server (the failure notice). */
  local?: boolean;
}

type ThreadsState =
  | { status: 'loading' }
  | { status: 'ready'; threads: ChatThreadSummary[] }
  | { status: 'failed' };

type View = { kind: 'threads' } | { kind: 'thread'; threadId: number | null; name: string };

let localKeys = 0;
const nextLocalKey = (prefix: string) => `${prefix}-${++localKeys}`;

function toLine(message: ChatMessageWire): ChatLine {
  return { key: `m-${message.id}`, role: message.role, text: readChatText(message.content) };
}

function ChatBubbleIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z" />
      <path d="M8.5 8.5h7M8.5 11.5h4.5" />
    </svg>
  );
}

/** An answer's text with our own pages as links; following one closes the panel so the page shows. */
function ChatText({ text, onNavigate }: { text: string; onNavigate: () => void }) {
  return (
    <>
      {splitChatLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Link key={index} to={part.path} onClick={onNavigate}>
            {part.title}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function ChatWidget() {
  const { api } = useAppContext();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>({ kind: 'threads' });
  const [threads, setThreads] = useState<ThreadsState>({ status: 'loading' });
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [loadingThread, setLoadingThread] = useState(false);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const panelId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  // Answers that arrive after the shopper moved to another thread must not land in it.
  const conversation = useRef(0);

  async function loadThreads(): Promise<ChatThreadSummary[]> {
    setThreads({ status: 'loading' });
    try {
      const answer = await fetchChatThreads(api);
      const list = Array.isArray(answer?.threads) ? answer.threads : [];
      setThreads({ status: 'ready', threads: list });
      return list;
    } catch {
      setThreads({ status: 'failed' });
      return [];
    }
  }

  function startNewThread() {
    conversation.current += 1;
    setView({ kind: 'thread', threadId: null, name: 'Новый диалог' });
    setLines([]);
    setPending(false);
    setLoadingThread(false);
  }

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
      setLines([{ key: nextLocalKey('error'), role: 'assistant', text: CHAT_FAILURE_TEXT, local: true }]);
    } finally {
      if (conversation.current === current) setLoadingThread(false);
    }
  }

  async function openPanel() {
    setOpen(true);
    if (view.kind === 'thread') return;
    const list = await loadThreads();
    // A first conversation needs no list to choose from.
    if (list.length === 0) startNewThread();
  }

  function closePanel() {
    setOpen(false);
    launcherRef.current?.focus();
  }

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
      setLines((previous) => [
        ...previous,
        { key: nextLocalKey('error'), role: 'assistant', text: CHAT_FAILURE_TEXT, local: true },
      ]);
    } finally {
      if (conversation.current === current) setPending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') closePanel();
  }

  // The newest line and the typing notice stay in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new lines and the typing notice are what scroll
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines, pending]);

  useEffect(() => {
    if (open && view.kind === 'thread' && !loadingThread) inputRef.current?.focus();
  }, [open, view.kind, loadingThread]);

  const sendable = canSend(draft, pending);

  return (
    <div className="chat">
      {open && (
        <div
          className="chat__panel"
          id={panelId}
          role="dialog"
          aria-label="Консультант «Эфира»"
          onKeyDown={onPanelKeyDown}
        >
          <div className="chat__header">
            {view.kind === 'thread' ? (
              <button
                type="button"
                className="chat__header-button"
                onClick={() => {
                  conversation.current += 1;
                  setView({ kind: 'threads' });
                  setPending(false);
                  void loadThreads();
                }}
              >
                ← Диалоги
              </button>
            ) : (
              <span className="chat__title">Консультант</span>
            )}
            <span className="chat__name" title={view.kind === 'thread' ? view.name : undefined}>
              {view.kind === 'thread' ? view.name : ''}
            </span>
            <button type="button" className="chat__close" aria-label="Закрыть чат" onClick={closePanel}>
              <CloseIcon width={18} height={18} />
            </button>
          </div>

          {view.kind === 'threads' ? (
            <div className="chat__threads">
              <button type="button" className="button chat__new" onClick={startNewThread}>
                Новый диалог
              </button>
              {threads.status === 'loading' && <p className="chat__hint">Загружаем диалоги…</p>}
              {threads.status === 'failed' && <p className="chat__hint">Не удалось загрузить диалоги.</p>}
              {threads.status === 'ready' && threads.threads.length === 0 && (
                <p className="chat__hint">Диалогов пока нет.</p>
              )}
              {threads.status === 'ready' && threads.threads.length > 0 && (
                <ul className="chat__thread-list" aria-label="Диалоги">
                  {threads.threads.map((thread) => (
                    <li key={thread.thread_id}>
                      <button type="button" className="chat__thread" onClick={() => void openThread(thread)}>
                        <span className="chat__thread-name">{thread.name}</span>
                        <time className="chat__thread-date" dateTime={thread.updated_at}>
                          {new Date(thread.updated_at).toLocaleDateString('ru-RU', {
                            day: 'numeric',
                            month: 'short',
                          })}
                        </time>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <>
              <div className="chat__log" role="log" aria-label="Сообщения" ref={logRef}>
                {loadingThread && <p className="chat__hint">Загружаем сообщения…</p>}
                {!loadingThread && lines.length === 0 && (
                  <p className="chat__hint">
                    Здравствуйте! Спросите о маслах, рецептах или подборе аромата — подскажу, что есть в
                    каталоге.
                  </p>
                )}
                {lines.map((line) => (
                  <div
                    key={line.key}
                    className={`chat__message chat__message--${line.role}${line.local ? ' chat__message--local' : ''}`}
                  >
                    <span className="visually-hidden">{line.role === 'user' ? 'Вы: ' : 'Консультант: '}</span>
                    <ChatText text={line.text} onNavigate={() => setOpen(false)} />
                  </div>
                ))}
                {pending && (
                  <p className="chat__typing" role="status">
                    {CHAT_TYPING_TEXT}
                  </p>
                )}
              </div>
              <form className="chat__form" onSubmit={onSubmit} aria-label="Новое сообщение">
                <textarea
                  ref={inputRef}
                  className="chat__input"
                  aria-label="Сообщение"
                  placeholder="Напишите вопрос…"
                  rows={2}
                  maxLength={CHAT_MESSAGE_MAX}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={onInputKeyDown}
                />
                <button type="submit" className="button chat__send" disabled={!sendable}>
                  Отправить
                </button>
              </form>
            </>
          )}
        </div>
      )}
      <button
        ref={launcherRef}
        type="button"
        className="chat__launcher"
        aria-label={open ? 'Закрыть чат с консультантом' : 'Чат с консультантом'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? closePanel() : void openPanel())}
      >
        {open ? <CloseIcon width={22} height={22} /> : <ChatBubbleIcon />}
      </button>
    </div>
  );
}
