// Static and legal pages of spec §2: text kept in the database, rendered through the sanitiser.
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { AppContextValue } from '../../app/app-context.tsx';
import { loadPageData } from '../../app/page-loader.ts';
import type { PageMeta } from '../../app/page-meta.ts';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';

export interface StaticPageData {
  page: {
    url: string;
    kind: 'static' | 'legal';
    title: string;
    description: string;
    html: string;
    updated_at: string;
  };
}

export function createStaticPageLoader(context: AppContextValue, url: string) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, 'static', () =>
      context.api.get<StaticPageData>(`/api/v1/static-page?url=${encodeURIComponent(url)}`, {
        suppressErrors: true,
      }),
    );
}

export function getStaticPageMeta(data: unknown): PageMeta {
  const page = (data as StaticPageData | undefined)?.page;
  return { title: page?.title ?? 'Страница', description: page?.description };
}

export function StaticPage() {
  const { page } = useLoaderData() as StaticPageData;
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: page.title }]} />
      <article className={page.kind === 'legal' ? 'static-page static-page--legal' : 'static-page'}>
        <h1>{page.title}</h1>
        <RichText html={page.html} />
      </article>
    </div>
  );
}
