// Small shared pieces of the back office pages: page header, loading and failure lines, a status chip, paging.
import type { ReactNode } from 'react';
import { describeFailure } from '../../lib/failure-message.ts';

export function AdminHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-header">
      <h1 className="admin-title">{title}</h1>
      {children ? <div className="admin-header__actions">{children}</div> : null}
    </header>
  );
}

export function AdminLoading({ text = 'Загрузка…' }: { text?: string }) {
  return (
    <p className="admin-loading" role="status">
      {text}
    </p>
  );
}

/** A failed call, said in words, with a retry when there is one. */
export function AdminFailure({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="admin-failure" role="alert">
      <p>{describeFailure(error)}</p>
      {retry ? (
        <button type="button" className="button button--small button--ghost" onClick={retry}>
          Повторить
        </button>
      ) : null}
    </div>
  );
}

export function AdminChip({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'warn' | 'bad';
  children: ReactNode;
}) {
  return <span className={`admin-chip admin-chip--${tone}`}>{children}</span>;
}

export function AdminPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Страницы">
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ← Назад
      </button>
      <span>
        Страница {page} из {pages}
      </span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Вперёд →
      </button>
    </nav>
  );
}

/** Date and time the Russian way, in Moscow time: «21.11.2026, 14:05». */
export function formatAdminDate(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
