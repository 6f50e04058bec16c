// Pieces every account page uses: the page heading, a card section, loading / failure / empty states.
import type { PluralForms } from '@efir/domain/plural';
import type { ReactNode } from 'react';
import { describeFailure } from '../../lib/failure-message.ts';
import { HttpError } from '../../lib/http-client.ts';

export const BOOKMARK_FORMS: PluralForms = ['закладка', 'закладки', 'закладок'];
export const ADDRESS_FORMS: PluralForms = ['адрес', 'адреса', 'адресов'];
export const PICKUP_FORMS: PluralForms = ['пункт выдачи', 'пункта выдачи', 'пунктов выдачи'];
export const QUESTION_FORMS: PluralForms = ['вопрос', 'вопроса', 'вопросов'];
export const RECIPE_FORMS: PluralForms = ['рецепт', 'рецепта', 'рецептов'];
export const ARTICLE_FORMS: PluralForms = ['статья', 'статьи', 'статей'];

/** «5 %» with a non-breaking space, the Russian way. */
export function formatPercent(percent: number): string {
  return `${percent}\u00a0%`;
}

export function AccountHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="account-page__head">
      <h1>{title}</h1>
      {lead && <p className="account-page__lead">{lead}</p>}
    </header>
  );
}

export function AccountSection({
  title,
  id,
  children,
  aside,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <section className={['account-card', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <div className="account-card__head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function Loading({ text = 'Загружаем…' }: { text?: string }) {
  return (
    <p className="account-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="account-failed" role="alert">
      <p>
        {error instanceof HttpError && error.detail.status === 0
          ? describeFailure(error)
          : 'Не удалось загрузить данные. Попробуйте ещё раз.'}
      </p>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        Повторить
      </button>
    </div>
  );
}

/** Line drawings for the empty states (no emoji: not every system has a font for them). */
const EMPTY_ICONS = {
  leaf: <path d="M5 19c0-8 5-14 14-14 0 9-6 14-14 14zm0 0 8-8" />,
  home: <path d="M4 11 12 4l8 7v9h-5v-6H9v6H4z" />,
  box: <path d="M4 8l8-4 8 4v8l-8 4-8-4zm0 0 8 4 8-4m-8 4v8" />,
  heart: (
    <path d="M12 20s-7.5-4.6-9.2-9.3C1.6 7.4 3.7 4 7.1 4c2 0 3.4 1.1 4.9 3 1.5-1.9 2.9-3 4.9-3 3.4 0 5.5 3.4 4.3 6.7C19.5 15.4 12 20 12 20z" />
  ),
  bookmark: <path d="M7 4h10v16l-5-4-5 4z" />,
  clock: <path d="M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />,
  chat: <path d="M5 5h14v10H9l-4 4z" />,
  bag: <path d="M6 8h12l-1 12H7zm3 0a3 3 0 0 1 6 0" />,
  basket: <path d="M3 10h18l-2 9H5zm4 0 3-6m7 6-3-6" />,
  cap: <path d="M2 9l10-5 10 5-10 5zm4 2v5c3 2 9 2 12 0v-5" />,
  gift: (
    <path d="M4 11h16v9H4zm-1-4h18v4H3zm9 0v13m0-13c-1.5-3.5-6-4-6-1.5S12 7 12 7zm0 0c1.5-3.5 6-4 6-1.5S12 7 12 7z" />
  ),
} as const;

export type EmptyIcon = keyof typeof EMPTY_ICONS;

export function EmptyState({
  title,
  children,
  action,
  icon = 'leaf',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: EmptyIcon;
}) {
  return (
    <div className="empty-state">
      <svg
        className="empty-state__icon"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {EMPTY_ICONS[icon]}
      </svg>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__text">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
