// /my-courses: the list the school feature fills. Until it grows its own page this shows what GET /v1/my-courses
// answers, or a friendly empty state. (/my-orders and /my-baskets have their own pages.)
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import type { ReactNode } from 'react';
import { Link } from '../../app/router/link.tsx';
import { readItems, useAccountData } from './account-api.ts';
import { AccountHeading, type EmptyIcon, EmptyState, LoadFailed, Loading } from './account-ui.tsx';

interface ListedItem {
  key: string;
  title: string;
  url: string | null;
  date: string | null;
  amount: number | null;
  status: string | null;
}

function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined && record[key] !== null) return record[key];
  return undefined;
}

/** A row of whatever list the server answers: number or name, date, sum and status where present. */
export function describeListedItem(raw: unknown, index: number, noun: string): ListedItem {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const id = pick(record, 'number', 'id');
  const name = pick(record, 'name', 'title');
  const date = pick(record, 'created_at', 'date', 'createdAt');
  const amount = pick(record, 'total', 'sum', 'amount', 'cena');
  const status = pick(record, 'status_name', 'status');
  const url = pick(record, 'url', 'link');
  return {
    key: String(id ?? index),
    title: typeof name === 'string' ? name : `${noun} № ${String(id ?? index + 1)}`,
    url: typeof url === 'string' && url.startsWith('/') ? url : null,
    date: typeof date === 'string' ? date : null,
    amount: typeof amount === 'number' ? amount : null,
    status: typeof status === 'string' ? status : null,
  };
}

function HistoryPage({
  title,
  lead,
  path,
  keys,
  noun,
  empty,
}: {
  title: string;
  lead: string;
  path: string;
  keys: string[];
  noun: string;
  empty: { title: string; text: ReactNode; action: ReactNode; icon: EmptyIcon };
}) {
  const list = useAccountData(path, (raw) => readItems(raw, ...keys));
  return (
    <div className="account-page">
      <AccountHeading title={title} lead={lead} />
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadFailed error={list.error} onRetry={list.reload} />}
      {list.status === 'ready' &&
        (list.data.length > 0 ? (
          <ul className="history-list">
            {list.data.map((raw, index) => {
              const item = describeListedItem(raw, index, noun);
              return (
                <li key={item.key} className="history-item">
                  <p className="history-item__title">
                    {item.url ? <Link to={item.url}>{item.title}</Link> : item.title}
                  </p>
                  <p className="history-item__meta">
                    {item.date && <time dateTime={item.date}>{formatDateLong(item.date)}</time>}
                    {item.status && <span className="history-item__status">{item.status}</span>}
                    {item.amount !== null && <strong>{formatRub(item.amount)}</strong>}
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState title={empty.title} icon={empty.icon} action={empty.action}>
            {empty.text}
          </EmptyState>
        ))}
    </div>
  );
}

export function CoursesPage() {
  return (
    <HistoryPage
      title="Мои курсы"
      lead="Курсы школы ароматерапии, на которые вы записаны."
      path="/v1/my-courses"
      keys={['courses']}
      noun="Курс"
      empty={{
        title: 'Вы пока не записаны на курсы',
        icon: 'cap',
        text: 'В школе ароматерапии — курсы для начинающих и для профессионалов, с дипломом.',
        action: (
          <Link to="/seminar_po_aromatherapy.html" className="button">
            Выбрать курс
          </Link>
        ),
      }}
    />
  );
}
