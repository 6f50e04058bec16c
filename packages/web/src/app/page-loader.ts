// Fetching page data for a route: 404 leads to /err404, any other failure cancels the navigation (spec §2, §8).
import { NOT_FOUND_URL } from '@efir/domain/routes';
import { HttpError } from '../lib/http-client.ts';
import type { AppContextValue } from './app-context.tsx';
import { data, redirect, replace } from './router/router.ts';

export const ROUTING_FAILURE_NOTICE = {
  type: 'error',
  title: 'Запрос не выполнен',
  text: 'Ошибка сервера',
} as const;

const CACHE_LIMIT = 20;

/** Page data already shown, so that a cancelled navigation can put the current page back without a refetch. */
export class PageDataCache {
  private readonly entries = new Map<string, unknown>();
  /** The URL being restored after a cancelled navigation; its loaders answer from the cache. */
  restoring: string | null = null;

  remember(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
  }

  recall(key: string): { value: unknown } | undefined {
    return this.entries.has(key) ? { value: this.entries.get(key) } : undefined;
  }
}

function keyOf(request: Request, scope: string): string {
  const url = new URL(request.url);
  return `${scope} ${url.pathname}${url.search}`;
}

export async function loadPageData<T>(
  context: AppContextValue,
  request: Request,
  scope: string,
  call: () => Promise<T>,
): Promise<T> {
  const key = keyOf(request, scope);
  const currentUrl = context.getCurrentUrl();
  const cached = context.pageCache.recall(key);
  if (cached && context.pageCache.restoring !== null && key.endsWith(` ${context.pageCache.restoring}`)) {
    return cached.value as T;
  }
  try {
    const value = await call();
    if (!context.isServer) context.pageCache.remember(key, value);
    return value;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // On the server and on the very first client render there is no page to stay on: render the error.
    const isNavigation = !context.isServer && currentUrl !== null;
    if (error.detail.status === 404) {
      if (isNavigation) throw redirect(NOT_FOUND_URL);
      throw data(null, { status: 404 });
    }
    if (isNavigation) {
      context.store.getState().showNotice(ROUTING_FAILURE_NOTICE);
      context.pageCache.restoring = currentUrl;
      throw replace(currentUrl);
    }
    throw data(null, { status: error.detail.status >= 400 ? error.detail.status : 500 });
  }
}
