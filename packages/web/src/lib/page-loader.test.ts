// Routing failures (spec §2, §8): 404 → /err404 on navigation, HTTP 404 on the first render; anything else
// cancels the navigation with the «Запрос не выполнен» popup.
import { describe, expect, it } from 'vitest';
import type { AppContextValue } from './app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL } from './app-state.ts';
import { HttpError } from './http-client.ts';
import { loadPageData } from './page-loader.ts';
import { CancelNavigation, type DataWithStatus, Redirect } from './router/router.ts';

function createContext(currentUrl: string | null, isServer = false): AppContextValue {
  return {
    api: {} as AppContextValue['api'],
    store: createAppStore({ user: null, cart: EMPTY_CART, critical: EMPTY_CRITICAL }),
    origin: 'http://localhost:3000',
    isServer,
    getCurrentUrl: () => currentUrl,
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
  it('returns the data', async () => {
    const context = createContext('/');
    expect(await loadPageData(context, request('/kontakt.html'), async () => ({ page: 1 }))).toEqual({
      page: 1,
    });
  });

  it('sends a client-side navigation that meets 404 to /err404', async () => {
    const error = (await thrownBy(loadPageData(createContext('/'), request('/nope'), fail(404)))) as Redirect;
    expect(error).toBeInstanceOf(Redirect);
    expect(error.status).toBe(302);
    expect(error.location).toBe('/err404');
  });

  it('renders the not-found page with status 404 on the server', async () => {
    const error = (await thrownBy(
      loadPageData(createContext(null, true), request('/nope'), fail(404)),
    )) as DataWithStatus;
    expect(error.status).toBe(404);
  });

  it.each([500, 503, 0, 403])(
    'cancels a navigation that fails with %i and shows the popup',
    async (status) => {
      const context = createContext('/kontakt.html');
      const error = await thrownBy(loadPageData(context, request('/dostavka.html'), fail(status)));
      expect(error).toBeInstanceOf(CancelNavigation);
      expect(context.store.getState().notices).toEqual([
        { id: expect.any(Number), type: 'error', title: 'Запрос не выполнен', text: 'Ошибка сервера' },
      ]);
    },
  );

  it('puts the failed request id in the popup, for the customer to quote to support', async () => {
    const context = createContext('/kontakt.html');
    const failed = () => Promise.reject(new HttpError({ status: 500 }, 'HTTP 500', 'req-42'));
    await thrownBy(loadPageData(context, request('/dostavka.html'), failed));
    expect(context.store.getState().notices).toEqual([
      {
        id: expect.any(Number),
        type: 'error',
        title: 'Запрос не выполнен',
        text: 'Ошибка сервера',
        requestId: 'req-42',
      },
    ]);
  });

  it('shows one popup for a navigation whose loaders all failed', async () => {
    const context = createContext('/kontakt.html');
    const navigation = request('/dostavka.html');
    await thrownBy(loadPageData(context, navigation, fail(500)));
    await thrownBy(loadPageData(context, navigation, fail(502)));
    expect(context.store.getState().notices).toHaveLength(1);
    await thrownBy(loadPageData(context, request('/dostavka.html'), fail(500)));
    expect(context.store.getState().notices).toHaveLength(2);
  });

  it('renders an error page on the server for a failure other than 404', async () => {
    const error = (await thrownBy(
      loadPageData(createContext(null, true), request('/x'), fail(500)),
    )) as DataWithStatus;
    expect(error.status).toBe(500);
  });
});
