// Журнал изменений: who changed what and when, in words (decision 057) — the person by name, what happened in
// Russian, and each changed field as «было → стало»; filterable by kind of thing.
import type { AuditAnswer } from '@efir/domain/admin-wire';
import { useState } from 'react';
import { useAdminData } from './admin-api.ts';
import './audit.css';
import { AdminFailure, AdminHeader, AdminLoading, AdminPager, formatAdminDate } from './admin-ui.tsx';

type AuditPage = AuditAnswer;

const ENTITIES = [
  ['', 'Всё'],
  ['order', 'Заказы'],
  ['customer', 'Покупатели'],
  ['product', 'Товары'],
  ['content', 'Контент'],
  ['review', 'Отзывы'],
  ['comment', 'Комментарии'],
  ['question', 'Вопросы'],
  ['promo', 'Промокоды'],
  ['diploma', 'Документы'],
  ['gift_certificate', 'Сертификаты'],
  ['letter', 'Письма'],
] as const;

type Change = AuditAnswer['entries'][number]['changes'][number];

/** One changed field: «Статус: новый → отменён»; a created thing shows only what it holds, a deleted one what it held. */
function ChangeLine({ change }: { change: Change }) {
  return (
    <li>
      <span className="audit-change__field">{change.field}:</span>{' '}
      {change.before !== null && change.after !== null ? (
        <>
          <del className="audit-change__was">{change.before}</del> →{' '}
          <ins className="audit-change__now">{change.after}</ins>
        </>
      ) : change.after !== null ? (
        <ins className="audit-change__now">{change.after}</ins>
      ) : (
        <del className="audit-change__was">{change.before}</del>
      )}
    </li>
  );
}

export function AuditSection() {
  const [page, setPage] = useState(1);
  const [entity, setEntity] = useState('');
  const query = new URLSearchParams({ page: String(page), ...(entity ? { entity } : {}) });
  const audit = useAdminData<AuditPage>(`/audit?${query}`);
  return (
    <section>
      <AdminHeader title="Журнал изменений">
        <label className="admin-inline-field">
          Что менялось
          <select
            value={entity}
            onChange={(event) => {
              setEntity(event.target.value);
              setPage(1);
            }}
          >
            {ENTITIES.map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </select>
        </label>
      </AdminHeader>
      {audit.status === 'loading' ? <AdminLoading /> : null}
      {audit.status === 'error' ? <AdminFailure error={audit.error} retry={audit.reload} /> : null}
      {audit.status === 'ready' ? (
        audit.data.entries.length === 0 ? (
          <p className="admin-muted">Изменений пока нет.</p>
        ) : (
          <>
            <ol className="audit-list">
              {audit.data.entries.map((entry) => (
                <li key={entry.id} className="audit-entry">
                  <p className="audit-entry__head">
                    <strong>{entry.action_name}</strong>: {entry.object_name}
                  </p>
                  <p className="admin-muted">
                    {formatAdminDate(entry.created_at)} · {entry.user_name}
                  </p>
                  {entry.changes.length > 0 ? (
                    <ul className="audit-entry__changes">
                      {entry.changes.map((change) => (
                        <ChangeLine key={change.field} change={change} />
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
            <AdminPager page={audit.data.page} pages={audit.data.pages} onPage={setPage} />
          </>
        )
      ) : null}
    </section>
  );
}
