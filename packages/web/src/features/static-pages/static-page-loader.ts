// The data and head tags of a static or legal page: apart from the page component, so the route table (in the
// browser's entry chunk) does not pull the page's code in.

import type { AppContextValue } from '../../lib/app-context.tsx';
import { loadPageData, type StaticPageData } from '../../lib/page-loader.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../../lib/router/router.ts';

export function createStaticPageLoader(context: AppContextValue, url: string) {
  return ({ request }: LoaderFunctionArgs) =>
    loadPageData(context, request, () =>
      context.api.get<StaticPageData>(`/api/v1/static-page?url=${encodeURIComponent(url)}`, {
        suppressErrors: true,
      }),
    );
}

export function getStaticPageMeta(data: unknown): PageMeta {
  const page = (data as StaticPageData | undefined)?.page;
  return { title: page?.title ?? 'Страница', description: page?.description };
}
