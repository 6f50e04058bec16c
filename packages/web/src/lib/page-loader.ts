// Fetching page data for a route: 404 leads to /err404, any other failure cancels the navigation (spec §2, §8);
// the calls several features' loaders make (an address's page through /api/v1/route, a static page's text).
import type { StaticPageAnswer } from '@efir/domain/catalog-wire';
import type { RouteResponse } from '@efir/domain/page-wire';
import { NOT_FOUND_URL } from '@efir/domain/routes';
import type { AppContextValue } from './app-context.tsx';
import { HttpError } from './http-client.ts';
import { CancelNavigation, data, redirect } from './router/router.ts';

export const ROUTING_FAILURE_NOTICE = {
  type: 'error',
  title: 'Запрос не выполнен',
  text: 'Ошибка сервера',
} as const;

/** The navigations (their requests, which all loaders of one navigation share) that showed the popup already. */
const noticedNavigations = new WeakSet<Request>();

export async function loadPageData<T>(
  context: AppContextValue,
  request: Request,
  call: () => Promise<T>,
): Promise<T> {
  const currentUrl = context.getCurrentUrl();
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // On the server and on the very first client render there is no page to stay on: render the error.
    const isNavigation = !context.isServer && currentUrl !== null;
    if (error.detail.status === 404) {
      // Back or forward onto a page that is gone: the router puts /err404 in that entry rather than adding one.
      if (isNavigation) throw redirect(NOT_FOUND_URL);
      throw data(null, { status: 404 });
    }
    if (isNavigation) {
      // One popup per failed navigation, however many of its loaders failed; the page on screen stays.
      if (!noticedNavigations.has(request)) {
        noticedNavigations.add(request);
        context.store
          .getState()
          .showNotice(
            error.requestId
              ? { ...ROUTING_FAILURE_NOTICE, requestId: error.requestId }
              : ROUTING_FAILURE_NOTICE,
          );
      }
      throw new CancelNavigation();
    }
    throw data(null, { status: error.detail.status >= 400 ? error.detail.status : 500 });
  }
}

export function readPageNumber(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

export async function fetchRouteData(
  context: AppContextValue,
  request: Request,
  pathname?: string,
): Promise<RouteResponse> {
  const url = new URL(request.url);
  const path = pathname ?? url.pathname;
  // The filter cookies are checked with the catalogue's zod schemas: loaded on demand, outside the entry chunk
  // (a server-rendered page hydrates without running this loader).
  const [{ listKindOfUrl }, { readListPreferencesFromRequest }] = await Promise.all([
    import('./list-preferences.ts'),
    import('./read-list-preferences.ts'),
  ]);
  const preferences = readListPreferencesFromRequest(listKindOfUrl(path), request);
  return context.api.post<RouteResponse>('/api/v1/route', {
    body: { url: path, page: readPageNumber(url), sort: preferences.sort, filter: preferences.filter },
    suppressErrors: true,
  });
}

/**
 * What GET /api/v1/static-page answers (its response schema, domain/catalog-wire.ts): the static and legal pages,
 * and the intros of /akcii and /avtory.
 */
export type StaticPageData = StaticPageAnswer;
