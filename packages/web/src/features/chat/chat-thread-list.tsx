// The chat panel's list of the shopper's threads, newest first, and the button starting a new one.
import type { ChatThreadSummary } from '@efir/domain/chat-schemas';
import type { ThreadsState } from './use-chat.ts';

export function ChatThreadList({
  threads,
  onNew,
  onOpen,
}: {
  threads: ThreadsState;
  onNew: () => void;
  onOpen: (thread: ChatThreadSummary) => void;
}) {
  return (
    <div className="chat__threads">
      <button type="button" className="button chat__new" onClick={onNew}>
        Новый диалог
      </button>
      {threads.status === 'loading' && <p className="chat__hint">Загружаем диалоги…</p>}
      {threads.status === 'error' && <p className="chat__hint">Не удалось загрузить диалоги.</p>}
      {threads.status === 'ready' && threads.data.length === 0 && (
        <p className="chat__hint">Диалогов пока нет.</p>
      )}
      {threads.status === 'ready' && threads.data.length > 0 && (
        <ul className="chat__thread-list" aria-label="Диалоги">
          {threads.data.map((thread) => (
            <li key={thread.thread_id}>
              <button type="button" className="chat__thread" onClick={() => onOpen(thread)}>
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
  );
}
