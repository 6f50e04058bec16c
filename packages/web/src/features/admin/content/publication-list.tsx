// The table of articles or recipes: search by title or address (kept in the page address, so the way back from an
// edit finds the same list), newest first, with published/hidden state.
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminLoading, AdminPager } from '../admin-ui.tsx';
import {
  CONTENT_BASE,
  formatDay,
  KIND_TITLES,
  type PublicationKind,
  type PublicationPage,
} from './content-api.ts';

const FORMS: Record<PublicationKind, PluralForms> = {
  articles: ['статья', 'статьи', 'статей'],
  recipes: ['рецепт', 'рецепта', 'рецептов'],
};

export function PublicationList({ kind }: { kind: PublicationKind }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [typed, setTyped] = useState(q);

  // The search follows typing after a short pause.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const list = useAdminData<PublicationPage>(`/content/${kind}${query.size > 0 ? `?${query}` : ''}`);
  const titles = KIND_TITLES[kind];

  return (
    <>
      <div className="admin-toolbar">
        <label className="admin-inline-field content-admin__search">
          Поиск
          <input
            type="search"
            value={typed}
            placeholder="Заголовок или адрес"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <Link className="button button--small" to={`${CONTENT_BASE}/${kind}/new`}>
          {kind === 'articles' ? 'Добавить статью' : 'Добавить рецепт'}
        </Link>
      </div>
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        list.data.items.length === 0 ? (
          <p className="admin-muted">{q ? 'Ничего не нашлось.' : `${titles.list}: пока пусто.`}</p>
        ) : (
          <>
            <p className="admin-muted content-admin__count">
              {q ? 'Нашлось' : 'Всего'}: {formatCount(list.data.total, FORMS[kind])}
            </p>
            <div className="admin-table-wrap">
              <table className="admin-table content-table">
                <thead>
                  <tr>
                    <th>Заголовок</th>
                    <th>Раздел</th>
                    <th>Автор</th>
                    <th>Дата</th>
                    <th>На сайте</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((item) => (
                    <tr key={item.id} className={item.visible ? undefined : 'content-table__hidden'}>
                      <td>
                        <Link className="content-table__title" to={`${CONTENT_BASE}/${kind}/${item.id}`}>
                          {item.title}
                        </Link>
                        <div className="content-table__url">{item.url}</div>
                      </td>
                      <td>{item.razdel ?? '—'}</td>
                      <td>{item.author ?? '—'}</td>
                      <td className="num">{formatDay(item.published_at)}</td>
                      <td>
                        {item.visible ? (
                          <AdminChip tone="good">Опубликовано</AdminChip>
                        ) : (
                          <AdminChip>Скрыто</AdminChip>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <AdminPager
              page={list.data.page}
              pages={list.data.pages}
              onPage={(next) => {
                const merged = new URLSearchParams(params);
                merged.set('page', String(next));
                setParams(merged);
              }}
            />
          </>
        )
      ) : null}
    </>
  );
}
