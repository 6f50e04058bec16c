// Placeholder: replaced by the full page in this issue.
import { useLoaderData } from 'react-router';
import type { StaticPageData } from '../static-pages/static-page.tsx';

export function AuthorsPage() {
  const { page } = useLoaderData() as StaticPageData;
  return (
    <div className="container page">
      <h1>{page.title}</h1>
    </div>
  );
}
