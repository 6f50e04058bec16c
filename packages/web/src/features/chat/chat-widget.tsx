// The shop assistant widget (spec §3–§5 Chat): a floating button opening a panel with the thread list
// (chat-thread-list.tsx), a thread's messages and the input (chat-conversation.tsx); the state is useChat's.
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { ChatConversation } from './chat-conversation.tsx';
import { ChatThreadList } from './chat-thread-list.tsx';
import { useChat } from './use-chat.ts';
import './chat.css';

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

export function ChatWidget() {
  const chat = useChat();
  const { view } = chat;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);

  function openPanel() {
    setOpen(true);
    chat.openPanel();
  }

  function closePanel() {
    setOpen(false);
    launcherRef.current?.focus();
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') closePanel();
  }

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
              <button type="button" className="chat__header-button" onClick={chat.showThreads}>
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
            <ChatThreadList
              threads={chat.threads}
              onNew={chat.startNewThread}
              onOpen={(thread) => void chat.openThread(thread)}
            />
          ) : (
            <ChatConversation
              lines={chat.lines}
              loading={chat.loadingThread}
              pending={chat.pending}
              draft={chat.draft}
              onDraft={chat.setDraft}
              onSend={() => void chat.send()}
              onNavigate={() => setOpen(false)}
            />
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
        onClick={() => (open ? closePanel() : openPanel())}
      >
        {open ? <CloseIcon width={22} height={22} /> : <ChatBubbleIcon />}
      </button>
    </div>
  );
}
