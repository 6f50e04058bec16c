// Placeholder: replaced by the full page in this issue.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import type { AppContextValue } from '../../app/app-context.tsx';
import { fetchRouteData } from '../../app/dynamic-page.tsx';
import { loadPageData } from '../../app/page-loader.ts';
import type { PageMeta } from '../../app/page-meta.ts';
import type { StaticPageData } from '../static-pages/static-page.tsx';

export interface AkciiPageData {
  intro: StaticPageData['page'];
  listing: RouteResponse;
}

export function createAkciiLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, 'akcii', async () => {
      const [intro, listing] = await Promise.all([
        context.api.get<StaticPageData>('/api/v1/static-page?url=%2Fakcii', { suppressErrors: true }),
        fetchRouteData(context, request, '/akcii'),
      ]);
      return { intro: intro.page, listing } satisfies AkciiPageData;
    });
}

export function getAkciiMeta(data: unknown): PageMeta {
  const intro = (data as AkciiPageData | undefined)?.intro;
  return { title: intro?.title ?? 'Акции', description: intro?.description };
}

export function AkciiPage() {
  const { intro } = useLoaderData() as AkciiPageData;
  return (
    <div className="container page">
      <h1>{intro.title}</h1>
    </div>
  );
}
