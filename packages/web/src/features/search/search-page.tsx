// Placeholder: replaced by the full page in this issue.
import type { LoaderFunctionArgs } from 'react-router';
import type { AppContextValue } from '../../app/app-context.tsx';
import type { PageMeta } from '../../app/page-meta.ts';

export function createSearchLoader(_context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) => ({ q: new URL(request.url).searchParams.get('q') ?? '' });
}

export function getSearchMeta(): PageMeta {
  return { title: 'Поиск по магазину', noindex: true };
}

export function SearchPage() {
  return (
    <div className="container page">
      <h1>Поиск</h1>
    </div>
  );
}
