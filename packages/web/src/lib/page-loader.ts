// Fetching page data for a route: 404 leads to /err404, any other failure cancels the navigation (spec §2, §8).
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
