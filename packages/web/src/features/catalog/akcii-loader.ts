// The data and head tags of /akcii, apart from the page component (kept out of the browser's entry chunk).
import type { RouteResponse } from '@efir/domain/page-wire';
import type { AppContextValue } from '../../lib/app-context.tsx';
import { fetchRouteData, loadPageData, type StaticPageData } from '../../lib/page-loader.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../../lib/router/router.ts';

export interface AkciiPageData {
  intro: StaticPageData['page'];
  listing: RouteResponse;
}

export function createAkciiLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, async () => {
      const [intro, listing] = await Promise.all([
        context.api.get<StaticPageData>('/api/v1/static-page?url=%2Fakcii', { suppressErrors: true }),
        fetchRouteData(context, request, '/akcii'),
      ]);
      return { intro: intro.page, listing } satisfies AkciiPageData;
    });
}

export function getAkciiMeta(data: unknown): PageMeta {
  const page = data as AkciiPageData | undefined;
  return {
    title: page?.intro?.title ?? 'Акции',
    description: page?.intro?.description,
    page: page?.listing.pagination?.page,
  };
}
