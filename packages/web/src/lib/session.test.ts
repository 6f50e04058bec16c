// The login state of spec §4 against a fake server: logged in only after login/registration AND the user fetch;
// logout and an expired session end in the guest state with the session's data cleared.

import { beforeEach, describe, expect, it } from 'vitest';
import { sessionUser } from '../test/session-user.ts';
import { type AppStore, createAppStore, EMPTY_CART, EMPTY_CRITICAL, type SessionUser } from './app-state.ts';
import { createHttpClient, createMemoryTokenStore, HttpError } from './http-client.ts';
import {
  endSession,
  expireSession,
  guardTokenLoss,
  hasSessionHint,
  loginUrlFor,
  logOut,
  readSessionStatus,
  restoreSession,
  returnPathAfterLogin,
  safeReturnPath,
  waitForSession,
} from './session.ts';
import { logIn, register, SessionStartError } from './session-start.ts';
import { setWaiting, toggleFavorite, toggleId } from './user-lists.ts';

interface Call {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Answer = { status: number; body?: unknown };
type Route = Answer | ((call: Call) => Answer);

const WIRE_USER: SessionUser = sessionUser({
  favProducts: [1, 2],
  favArticles: [5],
  addresses: [{ id: 1, city: 'Москва', street: 'Тверская', house: '1', flat: '', zip: '', comment: '' }],
  pvz: [{ id: 3, code: 'MSK1', type: 7, name: 'ПВЗ', address: 'Москва' }],
});

const LOGIN_OK: Answer = {
  status: 200,
  body: { status: 'ok', access_token: 'access-1', expires_in: 900, user: WIRE_USER },
};

let routes: Record<string, Route>;
let calls: Call[];

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const headers = new Headers(init?.headers);
  const call: Call = {
    method: init?.method ?? 'GET',
    path: url.pathname,
    authorization: headers.get('authorization'),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  };
  calls.push(call);
  const route = routes[`${call.method} ${call.path}`];
  const answer =
    typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { message: 'Not Found' } });
  const wrap = headers.get('x-suppress-errors') && answer.status === 200;
  const body = wrap ? { ok: true, data: answer.body } : answer.body;
  return Promise.resolve(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function setup(
  options: {
    token?: string | null;
    sessionHint?: boolean;
    user?: SessionUser | null;
    guarded?: boolean;
  } = {},
) {
  let store: AppStore | null = null;
  const memory = createMemoryTokenStore(options.token ?? null);
  const tokenStore = options.guarded ? guardTokenLoss(memory, () => store) : memory;
  const api = createHttpClient({
    baseUrl: 'http://shop.test',
    fetch: fakeFetch,
    tokenStore,
    onSessionExpired: () => {
      if (store) expireSession(store);
    },
  });
  store = createAppStore({
    user: options.user ?? null,
    cart: { ...EMPTY_CART, total: 1200, count: 2 },
    critical: EMPTY_CRITICAL,
    sessionHint: options.sessionHint ?? false,
  });
  return { api, store, tokenStore };
}

beforeEach(() => {
  calls = [];
  routes = {
    'POST /v1/user/login': LOGIN_OK,
    'POST /v1/user': LOGIN_OK,
    'GET /v1/user': (call) =>
      call.authorization === 'Bearer access-1'
        ? { status: 200, body: { message: 'user', user: WIRE_USER } }
        : { status: 401, body: { message: 'Unauthenticated.', error: 'UNAUTHENTICATED' } },
    'POST /v1/user/logout': { status: 200, body: { status: 'ok', message: 'logout' } },
    'GET /v1/cart': { status: 200, body: { cart: { lines: [], total: 0 } } },
  };
});

describe('the start of a session', () => {
  it('is a guest (id 0) without the hint, and neither guest nor user while the hinted session loads', () => {
    const guest = setup().store;
    expect(readSessionStatus(guest.getState())).toBe('guest');
    expect(guest.getState().user).toBeNull();
    const hinted = setup({ sessionHint: true }).store;
    expect(readSessionStatus(hinted.getState())).toBe('pending');
  });

  it('reads the hint from the Cookie header only when the cookie has a value', () => {
    expect(hasSessionHint('a=1; efir_session=1; b=2')).toBe(true);
    expect(hasSessionHint('efir_session=')).toBe(false);
    expect(hasSessionHint('efir_session_other=1')).toBe(false);
    expect(hasSessionHint(undefined)).toBe(false);
  });

  it('restores a stored token into a logged-in user after hydration', async () => {
    const { api, store } = setup({ token: 'access-1', sessionHint: true });
    const waited = waitForSession(store);
    await restoreSession(api, store);
    await waited;
    expect(readSessionStatus(store.getState())).toBe('user');
    expect(store.getState().user?.favArticles).toEqual([5]);
  });

  it('ends the pending state as a guest when there is no token or the user cannot be loaded', async () => {
    const noToken = setup({ sessionHint: true });
    await restoreSession(noToken.api, noToken.store);
    expect(readSessionStatus(noToken.store.getState())).toBe('guest');
    expect(calls).toEqual([]);

    const stale = setup({ token: 'stale', sessionHint: true });
    routes['POST /refresh'] = { status: 401, body: { message: 'Unauthenticated.', error: 'TOKEN_INVALID' } };
    await restoreSession(stale.api, stale.store);
    expect(readSessionStatus(stale.store.getState())).toBe('guest');
  });
});

describe('logIn and register', () => {
  it('logs in only after the user fetch, which carries the new token', async () => {
    const { api, store, tokenStore } = setup();
    const user = await logIn(api, store, {
      email: 'anna@example.ru',
      password: 'секретный-пароль',
      remember: true,
    });
    expect(calls.slice(0, 2).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/user/login',
      'GET /v1/user',
    ]);
    expect(calls[0]?.body).toEqual({
      email: 'anna@example.ru',
      password: 'секретный-пароль',
      remember: true,
    });
    expect(calls[1]?.authorization).toBe('Bearer access-1');
    expect(tokenStore.get()).toBe('access-1');
    expect(user.name).toBe('Анна');
    expect(readSessionStatus(store.getState())).toBe('user');
    expect(store.getState().user?.id).toBe(7);
  });

  it('stays a guest and forgets the token when the user fetch fails after a good login', async () => {
    const { api, store, tokenStore } = setup();
    routes['GET /v1/user'] = { status: 500, body: { message: 'Server Error' } };
    await expect(
      logIn(api, store, { email: 'anna@example.ru', password: 'password1', remember: false }),
    ).rejects.toBeInstanceOf(SessionStartError);
    expect(tokenStore.get()).toBeNull();
    expect(readSessionStatus(store.getState())).toBe('guest');
  });

  it('passes field errors of a refused login on and stays a guest', async () => {
    const { api, store, tokenStore } = setup();
    routes['POST /v1/user/login'] = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { email: ['Неверный e-mail или пароль'] } },
    };
    const failure = await logIn(api, store, { email: 'a@b.ru', password: 'x', remember: false }).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).detail.errors).toEqual({ email: ['Неверный e-mail или пароль'] });
    expect(tokenStore.get()).toBeNull();
    expect(store.getState().user).toBeNull();
    expect(calls.some((call) => call.path === '/v1/user' && call.method === 'GET')).toBe(false);
  });

  it('registers through POST /v1/user and the same user fetch', async () => {
    const { api, store } = setup();
    await register(api, store, {
      name: 'Анна',
      fam: '',
      email: 'anna@example.ru',
      tel: '+79001234567',
      password: 'password12',
      agree: true,
      remember: true,
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/user' });
    expect(readSessionStatus(store.getState())).toBe('user');
  });
});

describe('logOut and an expired session', () => {
  it('asks the server with the token, then drops the token and clears the session data', async () => {
    const { api, store, tokenStore } = setup({ token: 'access-1', user: WIRE_USER });
    store.getState().setCheckout({
      form: { name: 'Анна', fam: '', email: '', tel: '' },
      delivery: { type: 4, sposob_dost: 2 },
      addressInput: { city: '', street: '', house: '', flat: '', zip: '', comment: '' },
      quote: null,
      passed: ['delivery'],
      key: null,
    });
    await logOut(api, store);
    const logout = calls.find((call) => call.path === '/v1/user/logout');
    expect(logout?.authorization).toBe('Bearer access-1');
    expect(tokenStore.get()).toBeNull();
    const state = store.getState();
    expect(readSessionStatus(state)).toBe('guest');
    expect(state.user).toBeNull();
    expect(state.checkout).toBeNull();
    expect(state.cart).toEqual(EMPTY_CART);
  });

  it('still ends the session when the logout call fails', async () => {
    const { api, store, tokenStore } = setup({ token: 'access-1', user: WIRE_USER });
    routes['POST /v1/user/logout'] = { status: 500, body: { message: 'Server Error' } };
    await logOut(api, store);
    expect(tokenStore.get()).toBeNull();
    expect(readSessionStatus(store.getState())).toBe('guest');
  });

  it('turns a token-expired call whose refresh fails into the guest state with a notice', async () => {
    const { api, store, tokenStore } = setup({ token: 'old', user: WIRE_USER });
    routes['GET /v1/my-account'] = {
      status: 401,
      body: { message: 'Unauthenticated.', error: 'TOKEN_EXPIRED' },
    };
    routes['POST /refresh'] = { status: 401, body: { message: 'Unauthenticated.', error: 'TOKEN_INVALID' } };
    await expect(api.get('/v1/my-account')).rejects.toBeInstanceOf(HttpError);
    expect(tokenStore.get()).toBeNull();
    expect(readSessionStatus(store.getState())).toBe('guest');
    expect(store.getState().notices.map((notice) => notice.title)).toEqual(['Сеанс завершён']);
  });
});

describe('the watched token store of the browser', () => {
  it('ends the session when a refused refresh drops the token of a logged-in user (TOKEN_INVALID too)', async () => {
    const { api, store, tokenStore } = setup({
      token: 'revoked',
      user: WIRE_USER,
      guarded: true,
    });
    routes['GET /v1/my-account'] = {
      status: 401,
      body: { message: 'Unauthenticated.', error: 'TOKEN_INVALID' },
    };
    routes['POST /refresh'] = { status: 401, body: { message: 'Unauthenticated.', error: 'TOKEN_INVALID' } };
    await expect(api.get('/v1/my-account')).rejects.toBeInstanceOf(HttpError);
    expect(tokenStore.get()).toBeNull();
    expect(readSessionStatus(store.getState())).toBe('guest');
    expect(store.getState().notices.map((notice) => notice.title)).toEqual(['Сеанс завершён']);
  });

  it('says nothing when the session is ended on purpose', async () => {
    const { api, store } = setup({ token: 'access-1', user: WIRE_USER, guarded: true });
    endSession(api, store);
    await logOut(api, store);
    expect(readSessionStatus(store.getState())).toBe('guest');
    expect(store.getState().notices).toEqual([]);
  });
});

describe('where a visitor goes around login', () => {
  it('returns only to paths of this site, never to the auth pages or another host', () => {
    expect(safeReturnPath('/my-orders')).toBe('/my-orders');
    expect(safeReturnPath('/my-settings?email_token=abc')).toBe('/my-settings?email_token=abc');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    // A browser drops the tab and goes to //evil.example (issue 37, point 4).
    expect(returnPathAfterLogin('?from=%2F%09%2Fevil.example')).toBe('/my-account');
    expect(safeReturnPath('/\n/evil.example')).toBeNull();
    expect(safeReturnPath('/login?from=/x')).toBeNull();
    expect(returnPathAfterLogin('?from=%2Fmy-fav-prod')).toBe('/my-fav-prod');
    expect(returnPathAfterLogin('')).toBe('/my-account');
    expect(loginUrlFor('/my-settings?email_token=abc')).toBe(
      '/login?from=%2Fmy-settings%3Femail_token%3Dabc',
    );
  });
});

describe('favourites and the waitlist', () => {
  it('toggles an id the spec §4 way', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 3)).toEqual([1, 3]);
  });

  it('changes the list at once and settles on the list the server answers', async () => {
    const { api, store } = setup({ token: 'access-1', user: WIRE_USER });
    let seenDuringCall: number[] | undefined;
    routes['PUT /v1/user/favorite/product'] = (call) => {
      seenDuringCall = store.getState().user?.favProducts;
      expect(call.body).toEqual({ id: 9 });
      return { status: 200, body: { message: 'fav/prod', list: [2, 9], added: true } };
    };
    expect(await toggleFavorite(api, store, 'product', 9)).toBe(true);
    expect(seenDuringCall).toEqual([1, 2, 9]);
    expect(store.getState().user?.favProducts).toEqual([2, 9]);
  });

  it('puts the list back when the toggle fails', async () => {
    const { api, store } = setup({ token: 'access-1', user: WIRE_USER });
    routes['PUT /v1/user/favorite/menu'] = { status: 404 };
    await expect(toggleFavorite(api, store, 'menu', 5)).rejects.toBeInstanceOf(HttpError);
    expect(store.getState().user?.favArticles).toEqual([5]);
  });

  it('adds to and removes from the waitlist with PUT and DELETE', async () => {
    const { api, store } = setup({ token: 'access-1', user: WIRE_USER });
    routes['PUT /v1/user/waitlist/4'] = { status: 200, body: { message: 'waitlist/add', waitlist: [4] } };
    routes['DELETE /v1/user/waitlist/4'] = {
      status: 200,
      body: { message: 'waitlist/remove', waitlist: [] },
    };
    await setWaiting(api, store, 4, true);
    expect(store.getState().user?.waitlist).toEqual([4]);
    await setWaiting(api, store, 4, false);
    expect(store.getState().user?.waitlist).toEqual([]);
  });
});
