// Pieces every moderation queue shares: the filter kept in the address (?status=…&page=…), the list loaded from
// the back office, the publish / reject buttons with their own waiting and failure states, and a spoken result.
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminLoading, AdminPager } from '../admin-ui.tsx';
import type { Decision, ModerationPage } from './moderation-api.ts';

/** The list's filter and page, read from and written to the address so a reload keeps the place. */
export function useQueueFilter<F extends string>(name: string, values: readonly F[], fallback: F) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const filter = values.includes(raw as F) ? (raw as F) : fallback;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return {
    filter,
    page,
    setFilter: (next: F) => setParams({ [name]: next }),
    setPage: (next: number) => setParams({ [name]: filter, page: String(next) }),
  };
}

/** One page of a queue; `remove` takes a decided item out at once (it no longer matches the filter). */
export function useQueue<T extends { id: number }>(path: string) {
  const list = useAdminData<ModerationPage<T>>(path);
  const remove = (id: number) =>
    list.update((data) => ({
      items: data.items.filter((item) => item.id !== id),
      pagination: { ...data.pagination, total: Math.max(0, data.pagination.total - 1) },
    }));
  return { list, remove };
}

export function FilterTabs<F extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<readonly [F, string]>;
  value: F;
  onChange(next: F): void;
}) {
  return (
    <fieldset className="moderation-filter">
      <legend className="visually-hidden">{label}</legend>
      {options.map(([option, title]) => (
        <button
          key={option}
          type="button"
          className="moderation-filter__option"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {title}
        </button>
      ))}
    </fieldset>
  );
}

/** Loading, failure, the empty state or the items, then the pager. */
export function QueueBody<T>({
  list,
  empty,
  onPage,
  children,
}: {
  list: ReturnType<typeof useAdminData<ModerationPage<T>>>;
  empty: string;
  onPage(page: number): void;
  children(items: T[]): ReactNode;
}) {
  if (list.status === 'loading') return <AdminLoading />;
  if (list.status === 'error') return <AdminFailure error={list.error} retry={list.reload} />;
  const { items, pagination } = list.data;
  if (items.length === 0) return <p className="moderation-empty">{empty}</p>;
  return (
    <>
      <ol className="moderation-list">{children(items)}</ol>
      <AdminPager page={pagination.page} pages={pagination.pages} onPage={onPage} />
    </>
  );
}

/** «Опубликовать» / «Отклонить» for one item; only the decisions that change something are offered. */
export function DecisionButtons({
  current,
  onDecide,
  publishLabel = 'Опубликовать',
}: {
  /** Where the item stands now: the same decision again is not offered. */
  current: 'pending' | 'published' | 'rejected';
  onDecide(decision: Decision): Promise<void>;
  publishLabel?: string;
}) {
  const [busy, setBusy] = useState<Decision | null>(null);
  const [error, setError] = useState<unknown>(null);
  const decide = async (decision: Decision) => {
    setBusy(decision);
    setError(null);
    try {
      await onDecide(decision);
    } catch (failure) {
      setError(failure);
      setBusy(null);
    }
  };
  return (
    <div className="moderation-actions">
      {current !== 'published' ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy !== null}
          aria-busy={busy === 'published' || undefined}
          onClick={() => void decide('published')}
        >
          {busy === 'published' ? 'Публикуем…' : publishLabel}
        </button>
      ) : null}
      {current !== 'rejected' ? (
        <button
          type="button"
          className="button button--small button--ghost moderation-actions__reject"
          disabled={busy !== null}
          aria-busy={busy === 'rejected' || undefined}
          onClick={() => void decide('rejected')}
        >
          {busy === 'rejected' ? 'Отклоняем…' : 'Отклонить'}
        </button>
      ) : null}
      {error ? <AdminFailure error={error} /> : null}
    </div>
  );
}

/** Sends a decision; the caller's `done` runs only after the server has accepted it. */
export function useDecide(kind: 'reviews' | 'comments') {
  const api = useAdminApi();
  return (id: number, status: Decision) => api.put<unknown>(`/${kind}/${id}`, { status });
}

/** A polite live region: what the last decision did, read out by screen readers and shown above the list. */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const region = (
    <p className="moderation-announce" role="status">
      {message}
    </p>
  );
  return { announce: setMessage, region };
}
