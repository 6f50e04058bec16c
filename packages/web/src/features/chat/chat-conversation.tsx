// One thread of the chat panel: its messages (our own pages as links), «Печатает...» while an answer is awaited,
// and the input — Enter sends, Shift+Enter starts a new line.
import { CHAT_TYPING_TEXT } from '@efir/domain/chat-schemas';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from '../../lib/router/link.tsx';
import { CHAT_MESSAGE_MAX, canSend, splitChatLinks } from './chat-format.ts';
import type { ChatLine } from './use-chat.ts';

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

export function ChatConversation({
  lines,
  loading,
  pending,
  draft,
  onDraft,
  onSend,
  onNavigate,
}: {
  lines: ChatLine[];
  /** The thread's messages are being read. */
  loading: boolean;
  /** An answer is awaited. */
  pending: boolean;
  draft: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  onNavigate: () => void;
}) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  // The newest line and the typing notice stay in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new lines and the typing notice are what scroll
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines, pending]);

  useEffect(() => {
    if (!loading) inputRef.current?.focus();
  }, [loading]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSend();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  }

  return (
    <>
      <div className="chat__log" role="log" aria-label="Сообщения" ref={logRef}>
        {loading && <p className="chat__hint">Загружаем сообщения…</p>}
        {!loading && lines.length === 0 && (
          <p className="chat__hint">
            Здравствуйте! Спросите о маслах, рецептах или подборе аромата — подскажу, что есть в каталоге.
          </p>
        )}
        {lines.map((line) => (
          <div
            key={line.key}
            className={`chat__message chat__message--${line.role}${line.local ? ' chat__message--local' : ''}`}
          >
            <span className="visually-hidden">{line.role === 'user' ? 'Вы: ' : 'Консультант: '}</span>
            <ChatText text={line.text} onNavigate={onNavigate} />
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
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
        />
        <button type="submit" className="button chat__send" disabled={!canSend(draft, pending)}>
          Отправить
        </button>
      </form>
    </>
  );
}
