// One letter as the shop wrote it: the subject, to whom, its state, the plain text and the HTML. The HTML is shown in
// a sandboxed frame (no scripts, no forms, no same origin): a letter can never act inside the back office.
import type { OutboxLetter } from '@efir/domain/admin-office-wire';
import { useState } from 'react';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { letterState } from './letter-state.ts';

export function LetterView({ id, smtp, onClose }: { id: number; smtp: boolean; onClose(): void }) {
  const letter = useAdminData<OutboxLetter>(`/outbox/${id}`);
  const [tab, setTab] = useState<'text' | 'html'>('text');
  return (
    <section className="outbox-letter" aria-label="Письмо">
      <div className="outbox-letter__head">
        <h2>Письмо</h2>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          Закрыть
        </button>
      </div>
      {letter.status === 'loading' ? <AdminLoading /> : null}
      {letter.status === 'error' ? <AdminFailure error={letter.error} retry={letter.reload} /> : null}
      {letter.status === 'ready' ? (
        <>
          <dl className="outbox-letter__facts">
            <dt>Тема</dt>
            <dd>{letter.data.subject}</dd>
            <dt>Кому</dt>
            <dd>{letter.data.to}</dd>
            <dt>Создано</dt>
            <dd>{formatAdminDate(letter.data.created_at)}</dd>
            <dt>Состояние</dt>
            <dd>
              <AdminChip tone={letterState(letter.data, smtp).tone}>
                {letterState(letter.data, smtp).title}
              </AdminChip>
            </dd>
            {letter.data.attachments.length > 0 ? (
              <>
                <dt>Вложения</dt>
                <dd>{letter.data.attachments.map((file) => file.filename).join(', ')}</dd>
              </>
            ) : null}
          </dl>
          {letter.data.html ? (
            <div className="outbox-letter__tabs" role="tablist">
              <button type="button" role="tab" aria-selected={tab === 'text'} onClick={() => setTab('text')}>
                Текст
              </button>
              <button type="button" role="tab" aria-selected={tab === 'html'} onClick={() => setTab('html')}>
                HTML
              </button>
            </div>
          ) : null}
          {tab === 'html' && letter.data.html ? (
            <iframe
              className="outbox-letter__html"
              title={`HTML письма «${letter.data.subject}»`}
              sandbox=""
              srcDoc={letter.data.html}
            />
          ) : (
            <pre className="outbox-letter__text">{letter.data.text}</pre>
          )}
        </>
      ) : null}
    </section>
  );
}
