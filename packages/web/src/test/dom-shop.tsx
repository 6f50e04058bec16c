// DOM-level tests of pages (happy-dom + Testing Library): a page rendered in the app's context against a fake shop
// server that answers with the spec's catalogue bodies and can hold an answer back, so a test sees the page while a
// request is still on its way.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { AppProvider } from '../lib/app-context.tsx';
import {
  type AppStore,
  type Bootstrap,
  createAppStore,
  EMPTY_CART,
  EMPTY_CRITICAL,
  type SessionUser,
} from '../lib/app-state.ts';
import { createHttpClient, createMemoryTokenStore } from '../lib/http-client.ts';
import { createRouter } from '../lib/router/router.ts';
import { RouterView } from '../lib/router/router-view.tsx';
import { sessionUser } from './session-user.ts';

export interface Call {
  method: string;
  path: string;
  /** The query string («?days=7»), when there is one. */
  search?: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

/** A route's answer now, or a promise the test resolves later (the request stays in flight until then). */
export type Route = Answer | Promise<Answer> | ((call: Call) => Answer | Promise<Answer>);

/** The catalogue's 422 body (Laravel's): `{message, errors: {field: [..]}}`. */
export function invalid(errors: Record<string, string[]>): Answer {
  return { status: 422, body: { message: 'The given data was invalid.', errors } };
}

/** A promise with its resolve function, for answers the test releases. */
export function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** A multipart body as {field: value}, a file by its name; undefined for any other body. */
function formFields(body: unknown): Record<string, string> | undefined {
  if (!(body instanceof FormData)) return undefined;
  return Object.fromEntries(
    [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
  );
}

/** A signed-in customer (Анна Смирнова), for pages that need one. */
export const SIGNED_IN: SessionUser = sessionUser();

/** The page the router shows (one test renders one page at a time). */
let pageOfTest: ReactNode = null;
function PageOfTest() {
  return pageOfTest;
}

export function renderPage(
  page: ReactNode,
  options: { url?: string; routes?: Record<string, Route>; bootstrap?: Partial<Bootstrap> } = {},
) {
  const routes = options.routes ?? {};
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      ...(url.search ? { search: url.search } : {}),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : formFields(init?.body),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = (await (typeof route === 'function' ? route(call) : route)) ?? {
      status: 404,
      body: { message: 'Not Found' },
    };
    const wrap = new Headers(init?.headers).get('x-suppress-errors') && answer.status === 200;
    const body = wrap ? { ok: true, data: answer.body } : answer.body;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const store: AppStore = createAppStore({
    user: null,
    cart: EMPTY_CART,
    critical: EMPTY_CRITICAL,
    sessionHint: false,
    ...options.bootstrap,
  });
  const api = createHttpClient({
    baseUrl: 'http://shop.test',
    fetch,
    tokenStore: createMemoryTokenStore(null),
  });
  // The app's own router (its hooks: useLoaderData, useNavigate), with the page as its one route.
  pageOfTest = page;
  const router = createRouter(
    [{ id: 'page', path: '*', Component: PageOfTest }],
    createMemoryHistory({ initialEntries: [options.url ?? '/'] }),
    { loaderData: {}, errors: null },
  );
  const view = render(
    <AppProvider
      value={{ api, store, origin: 'http://shop.test', isServer: false, getCurrentUrl: () => null }}
    >
      <RouterView router={router} />
    </AppProvider>,
  );
  return { ...view, calls, store };
}

/** The message shown under a field (its aria-describedby), '' when there is none. */
export function fieldError(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains('field__error'))
    .map((element) => element?.textContent ?? '')
    .join(' ');
}
