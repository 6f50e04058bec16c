// Журнал изменений: who changed what and when, with the state before and after, filterable by kind of thing.
import type { AuditAnswer } from '@efir/domain/admin-wire';
import { useState } from 'react';
import { useAdminData } from './admin-api.ts';
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
] as const;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="admin-muted">—</span>;
  return <pre className="admin-json">{JSON.stringify(value, null, 2)}</pre>;
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
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>Когда</th>
                    <th>Кто</th>
                    <th>Действие</th>
                    <th>Объект</th>
                    <th>Было</th>
                    <th>Стало</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatAdminDate(entry.created_at)}</td>
                      <td>№ {entry.user_id}</td>
                      <td>{entry.action}</td>
                      <td>
                        {entry.entity} № {entry.entity_id}
                      </td>
                      <td>
                        <Json value={entry.before} />
                      </td>
                      <td>
                        <Json value={entry.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager page={audit.data.page} pages={audit.data.pages} onPage={setPage} />
          </>
        )
      ) : null}
    </section>
  );
}
