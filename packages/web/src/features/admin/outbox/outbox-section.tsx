// «Письма»: the outbox — letters and Telegram messages waiting, sent (or only written to the log, when there is no
// mail server: decision 057) and failed, with the last error — «Открыть» to read one, and «Повторить» for one that
// failed or waits for its next attempt.
import type { OutboxAnswer } from '@efir/domain/admin-office-wire';
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import {
  AdminChip,
  AdminFailure,
  AdminHeader,
  AdminLoading,
  AdminPager,
  formatAdminDate,
} from '../admin-ui.tsx';
import { LOGGED_EMAIL, letterState } from './letter-state.ts';
import { LetterView } from './letter-view.tsx';
import './outbox.css';

type OutboxPage = OutboxAnswer;
type Status = OutboxPage['letters'][number]['status'];

const ATTEMPT_FORMS: PluralForms = ['попытка', 'попытки', 'попыток'];

export function OutboxSection() {
  const api = useAdminApi();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | ''>('');
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  const outbox = useAdminData<OutboxPage>(`/outbox?${query}`);

  const retry = async (id: number) => {
    setBusy(id);
    setNotice(null);
    try {
      const answer = await api.post<{ message: string }>(`/outbox/${id}/retry`);
      setNotice(answer.message);
      outbox.reload();
    } catch (error) {
      setNotice(describeFailure(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section>
      <AdminHeader title="Письма">
        <label className="admin-inline-field">
          Показать
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status | '');
              setPage(1);
            }}
          >
            <option value="">Все</option>
            <option value="pending">В очереди</option>
            <option value="failed">Не отправлено</option>
            <option value="sent">Отправлено</option>
          </select>
        </label>
      </AdminHeader>
      <p className="admin-muted" role="status">
        {notice}
      </p>
      {outbox.status === 'loading' ? <AdminLoading /> : null}
      {outbox.status === 'error' ? <AdminFailure error={outbox.error} retry={outbox.reload} /> : null}
      {outbox.status === 'ready' ? (
        <>
          <p>
            В очереди: {outbox.data.counts.pending} · не отправлено: {outbox.data.counts.failed} · отправлено:{' '}
            {outbox.data.counts.sent}
            {outbox.data.counts.logged > 0 ? ` · записано в журнал: ${outbox.data.counts.logged}` : ''}
          </p>
          {outbox.data.smtp ? null : (
            <p className="admin-muted">
              SMTP не настроен (SMTP_URL): письма не уходят из магазина, они записываются в журнал сервера и
              остаются здесь — такие письма помечены «{LOGGED_EMAIL}».
            </p>
          )}
          {open !== null ? (
            <LetterView id={open} smtp={outbox.data.smtp} onClose={() => setOpen(null)} />
          ) : null}
          {outbox.data.letters.length === 0 ? (
            <p className="admin-muted">Писем нет.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>Создано</th>
                    <th>Кому</th>
                    <th>Тема</th>
                    <th>Состояние</th>
                    <th>
                      <span className="visually-hidden">Действия</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {outbox.data.letters.map((letter) => (
                    <tr key={letter.id}>
                      <td>{formatAdminDate(letter.created_at)}</td>
                      <td>{letter.to}</td>
                      <td>{letter.subject}</td>
                      <td>
                        <AdminChip tone={letterState(letter, outbox.data.smtp).tone}>
                          {letterState(letter, outbox.data.smtp).title}
                        </AdminChip>
                        {letter.attempts > 0 && letter.status !== 'sent' ? (
                          <div className="admin-muted">
                            {formatCount(letter.attempts, ATTEMPT_FORMS)}
                            {letter.next_attempt_at
                              ? `, следующая ${formatAdminDate(letter.next_attempt_at)}`
                              : ''}
                          </div>
                        ) : null}
                        {letter.sent_at ? (
                          <div className="admin-muted">{formatAdminDate(letter.sent_at)}</div>
                        ) : null}
                        {letter.error && letter.status !== 'sent' ? (
                          <div className="admin-muted">{letter.error}</div>
                        ) : null}
                      </td>
                      <td className="outbox-actions">
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          aria-label={`Открыть письмо «${letter.subject}»`}
                          onClick={() => setOpen(letter.id)}
                        >
                          Открыть
                        </button>
                        {letter.status === 'sent' ? null : (
                          <button
                            type="button"
                            className="button button--small button--ghost"
                            disabled={busy === letter.id}
                            onClick={() => void retry(letter.id)}
                          >
                            Повторить
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AdminPager page={outbox.data.page} pages={outbox.data.pages} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
