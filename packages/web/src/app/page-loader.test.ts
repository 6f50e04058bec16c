// Routing failures (spec §2, §8): 404 → /err404 on navigation, HTTP 404 on the first render; anything else
// cancels the navigation with the «Запрос не выполнен» popup.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-client.ts';
import type { AppContextValue } from './app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL } from './app-state.ts';
import { loadPageData, PageDataCache } from './page-loader.ts';
import { type DataWithStatus, Redirect } from './router/router.ts';

function createContext(currentUrl: string | null, isServer = false): AppContextValue {
  return {
    api: {} as AppContextValue['api'],
    store: createAppStore({ user: null, cart: EMPTY_CART, critical: EMPTY_CRITICAL }),
    origin: 'http://localhost:3000',
    isServer,
    getCurrentUrl: () => currentUrl,
    pageCache: new PageDataCache(),
  };
}

const request = (path: string) => new Request(`http://localhost:3000${path}`);
const fail = (status: number) => () => Promise.reject(new HttpError({ status }, `HTTP ${status}`));

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

describe('loadPageData', () => {
  it('returns the data and remembers it for the current page', async () => {
    const context = createContext('/');
    expect(
      await loadPageData(context, request('/kontakt.html'), 'static', async () => ({ page: 1 })),
    ).toEqual({ page: 1 });
    expect(context.pageCache.recall('static /kontakt.html')).toEqual({ value: { page: 1 } });
  });

  it('sends a client-side navigation that meets 404 to /err404', async () => {
    const error = (await thrownBy(
      loadPageData(createContext('/'), request('/nope'), 'route', fail(404)),
    )) as Redirect;
    expect(error).toBeInstanceOf(Redirect);
    expect(error.status).toBe(302);
    expect(error.location).toBe('/err404');
  });

  it('renders the not-found page with status 404 on the server', async () => {
    const error = (await thrownBy(
      loadPageData(createContext(null, true), request('/nope'), 'route', fail(404)),
    )) as DataWithStatus;
    expect(error.status).toBe(404);
  });

  it.each([500, 503, 0, 403])(
    'cancels a navigation that fails with %i and shows the popup',
    async (status) => {
      const context = createContext('/kontakt.html');
      const error = (await thrownBy(
        loadPageData(context, request('/dostavka.html'), 'static', fail(status)),
      )) as Redirect;
      expect(error.location).toBe('/kontakt.html');
      expect(error.replace).toBe(true);
      expect(context.store.getState().notices).toEqual([
        { id: expect.any(Number), type: 'error', title: 'Запрос не выполнен', text: 'Ошибка сервера' },
      ]);
    },
  );

  it('puts the current page back from the cache, without calling the server again', async () => {
    const context = createContext('/kontakt.html');
    context.pageCache.remember('static /kontakt.html', { page: 'contacts' });
    await thrownBy(loadPageData(context, request('/dostavka.html'), 'static', fail(500)));
    let called = false;
    const restored = await loadPageData(context, request('/kontakt.html'), 'static', async () => {
      called = true;
      return { page: 'fresh' };
    });
    expect(restored).toEqual({ page: 'contacts' });
    expect(called).toBe(false);
  });

  it('renders an error page on the server for a failure other than 404', async () => {
    const error = (await thrownBy(
      loadPageData(createContext(null, true), request('/x'), 'route', fail(500)),
    )) as DataWithStatus;
    expect(error.status).toBe(500);
  });
});
