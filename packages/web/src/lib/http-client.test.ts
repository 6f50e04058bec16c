// Exercises the HTTP client against a real local node:http server, one case per row of spec §8 plus the §7 rules.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOKEN_EXPIRY_MARGIN_MS } from '@efir/domain/http-contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  createHttpClient,
  createLocalStorageTokenStore,
  createMemoryTokenStore,
  type HttpClientOptions,
  HttpError,
  type Notice,
  pickTimeout,
  readCsrfCookie,
} from './http-client.ts';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as text/plain. */
  text?: string;
  delayMs?: number;
  /** Kill the connection without answering. */
  destroy?: boolean;
  headers?: Record<string, string>;
}

/** `n` is how many times this route has been hit, this request included. */
type Route = Reply | ((req: Recorded, n: number) => Reply);

const routes = new Map<string, Route>();
const requests: Recorded[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: Recorded = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    const key = `${recorded.method} ${recorded.path}`;
    const route = routes.get(key);
    const n = requests.filter((r) => `${r.method} ${r.path}` === key).length;
    // An unscripted call answers an unusual status so the test that made it fails loudly.
    const reply = route === undefined ? { status: 599, json: { message: `unscripted ${key}` } } : route;
    const {
      status = 200,
      json,
      text,
      delayMs,
      destroy,
      headers = {},
    } = typeof reply === 'function' ? reply(recorded, n) : reply;
    if (delayMs) await sleep(delayMs);
    if (destroy) {
      req.socket.destroy();
      return;
    }
    if (text !== undefined) {
      res.writeHead(status, { ...headers, 'content-type': 'text/plain' }).end(text);
    } else if (json !== undefined) {
      res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(json));
    } else {
      res.writeHead(status, headers).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  routes.clear();
  requests.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function on(key: string, route: Route): void {
  routes.set(key, route);
}

function calls(key: string): Recorded[] {
  return requests.filter((r) => `${r.method} ${r.path}` === key);
}

function setup(token: string | null = null, overrides: Partial<HttpClientOptions> = {}) {
  const tokenStore = createMemoryTokenStore(token);
  const notify = vi.fn<(notice: Notice) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const client = createHttpClient({ baseUrl, tokenStore, notify, onSessionExpired, ...overrides });
  return { client, tokenStore, notify, onSessionExpired };
}

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

function makeJwt(secondsLeft: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + secondsLeft;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 7, exp, name: 'Ольга' })}.signature`;
}

/** A protected endpoint that accepts only `Bearer fresh` and otherwise answers the given token error. */
function protectedRoute(code: string): Route {
  return (req) =>
    req.headers.authorization === 'Bearer fresh'
      ? { json: { message: 'ok', user: { id: 7 } } }
      : { status: 401, json: { error: code, message: 'Unauthenticated.' } };
}

describe('headers (spec §7 client settings)', () => {
  it('sends Accept, ar, Bearer, CSRF, extra headers and a JSON body', async () => {
    on('POST /v1/user/login', { json: { status: true } });
    const { client } = setup('tok-1', { getCsrfToken: () => 'csrf-1', headers: { cookie: 'sid=abc' } });

    await expect(
      client.post('/v1/user/login', { body: { email: 'a@b.ru', password: 'x' } }),
    ).resolves.toEqual({
      status: true,
    });

    const [sent] = calls('POST /v1/user/login');
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers.ar).toBe('1');
    expect(sent?.headers.authorization).toBe('Bearer tok-1');
    expect(sent?.headers['x-xsrf-token']).toBe('csrf-1');
    expect(sent?.headers.cookie).toBe('sid=abc');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['x-suppress-errors']).toBeUndefined();
    expect(JSON.parse(sent?.body ?? '')).toEqual({ email: 'a@b.ru', password: 'x' });
  });

  it('sends no Authorization, CSRF or Content-Type header when there is nothing to send', async () => {
    on('GET /api/v1/critical', { json: { catalogs: [] } });
    const { client } = setup(null, { getCsrfToken: () => null });

    await client.get('api/v1/critical');

    const [sent] = calls('GET /api/v1/critical');
    expect(sent?.headers.ar).toBe('1');
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.headers['x-xsrf-token']).toBeUndefined();
    expect(sent?.headers['content-type']).toBeUndefined();
  });
});

describe('token errors (spec §8 row 1)', () => {
  it.each(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'UNAUTHENTICATED'])(
    '%s: refreshes once, stores the new token and retries with it',
    async (code) => {
      on('GET /v1/user', protectedRoute(code));
      on('POST /refresh', { json: { access_token: 'fresh' } });
      const { client, tokenStore, onSessionExpired } = setup('stale');

      await expect(client.get('/v1/user')).resolves.toEqual({ message: 'ok', user: { id: 7 } });

      expect(calls('POST /refresh')).toHaveLength(1);
      expect(calls('GET /v1/user').map((r) => r.headers.authorization)).toEqual([
        'Bearer stale',
        'Bearer fresh',
      ]);
      expect(tokenStore.get()).toBe('fresh');
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['TOKEN_EXPIRED', 1],
    ['TOKEN_INVALID', 0],
    ['UNAUTHENTICATED', 0],
  ])(
    '%s with a refused refresh: clears the token, passes the error on (session-expired calls: %i)',
    async (code, expiredCalls) => {
      on('GET /v1/user', protectedRoute(code));
      on('POST /refresh', { status: 401, json: { error: 'TOKEN_INVALID' } });
      const { client, tokenStore, onSessionExpired, notify } = setup('stale');

      const error = await failureOf(client.get('/v1/user'));

      expect(error.detail).toEqual({ status: 401, error: code, message: 'Unauthenticated.' });
      expect(tokenStore.get()).toBeNull();
      expect(onSessionExpired).toHaveBeenCalledTimes(expiredCalls);
      expect(calls('POST /refresh')).toHaveLength(1);
      expect(calls('GET /v1/user')).toHaveLength(1);
      expect(notify).not.toHaveBeenCalled();
    },
  );

  it('treats a refresh answer without access_token as a failed refresh', async () => {
    on('GET /v1/cart', protectedRoute('TOKEN_EXPIRED'));
    on('POST /refresh', { json: { status: 'ok' } });
    const { client, tokenStore, onSessionExpired } = setup('stale');

    const error = await failureOf(client.get('/v1/cart'));

    expect(error.detail).toMatchObject({ status: 401, error: 'TOKEN_EXPIRED' });
    expect(tokenStore.get()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('treats an unreachable refresh endpoint as a failed refresh', async () => {
    on('GET /v1/cart', protectedRoute('TOKEN_EXPIRED'));
    on('POST /refresh', { destroy: true });
    const { client, tokenStore, onSessionExpired } = setup('stale');

    const error = await failureOf(client.get('/v1/cart'));

    expect(error.detail).toMatchObject({ status: 401, error: 'TOKEN_EXPIRED' });
    expect(tokenStore.get()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('retries only once when the renewed token is rejected too', async () => {
    on('GET /v1/user', { status: 401, json: { error: 'TOKEN_INVALID' } });
    on('POST /refresh', { json: { access_token: 'fresh' } });
    const { client, tokenStore } = setup('stale');

    const error = await failureOf(client.get('/v1/user'));

    expect(error.detail).toMatchObject({ status: 401, error: 'TOKEN_INVALID' });
    expect(calls('POST /refresh')).toHaveLength(1);
    expect(calls('GET /v1/user')).toHaveLength(2);
    expect(tokenStore.get()).toBe('fresh');
  });

  it('does not refresh for a guest (no stored token) answered 401 UNAUTHENTICATED', async () => {
    on('GET /v1/user', { status: 401, json: { error: 'UNAUTHENTICATED', message: 'Unauthenticated.' } });
    on('POST /refresh', { json: { access_token: 'fresh' } });
    const { client, onSessionExpired } = setup(null);

    const error = await failureOf(client.get('/v1/user'));

    expect(error.detail).toEqual({ status: 401, error: 'UNAUTHENTICATED', message: 'Unauthenticated.' });
    expect(calls('POST /refresh')).toHaveLength(0);
    expect(calls('GET /v1/user')).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent expired requests', async () => {
    on('GET /v1/cart', protectedRoute('TOKEN_EXPIRED'));
    on('GET /v1/my-account', protectedRoute('TOKEN_EXPIRED'));
    on('POST /refresh', { json: { access_token: 'fresh' }, delayMs: 50 });
    const { client, tokenStore } = setup('stale');

    const results = await Promise.all([client.get('/v1/cart'), client.get('/v1/my-account')]);

    expect(results).toHaveLength(2);
    expect(calls('POST /refresh')).toHaveLength(1);
    expect(calls('GET /v1/cart').at(-1)?.headers.authorization).toBe('Bearer fresh');
    expect(calls('GET /v1/my-account').at(-1)?.headers.authorization).toBe('Bearer fresh');
    expect(tokenStore.get()).toBe('fresh');
  });

  it('reports one session expiry when concurrent expired requests fail to refresh', async () => {
    on('GET /v1/cart', protectedRoute('TOKEN_EXPIRED'));
    on('GET /v1/my-account', protectedRoute('TOKEN_EXPIRED'));
    on('POST /refresh', { status: 401, json: { error: 'TOKEN_EXPIRED' }, delayMs: 50 });
    const { client, onSessionExpired } = setup('stale');

    const outcomes = await Promise.allSettled([client.get('/v1/cart'), client.get('/v1/my-account')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(calls('POST /refresh')).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('token expiry margin (spec §9: 3 s)', () => {
  it('refreshes a token expiring in 2 s before sending', async () => {
    on('GET /v1/user', protectedRoute('TOKEN_EXPIRED'));
    on('POST /refresh', { json: { access_token: 'fresh' } });
    const { client } = setup(makeJwt(2));

    await client.get('/v1/user');

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /refresh', 'GET /v1/user']);
    expect(calls('GET /v1/user')[0]?.headers.authorization).toBe('Bearer fresh');
  });

  it('sends a token expiring in 60 s as it is', async () => {
    const token = makeJwt(60);
    on('GET /v1/user', { json: { message: 'ok' } });
    on('POST /refresh', { json: { access_token: 'fresh' } });
    const { client } = setup(token);

    await client.get('/v1/user');

    expect(calls('POST /refresh')).toHaveLength(0);
    expect(calls('GET /v1/user')[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('renews a token with less than 3 s left and sends one with exactly 3 s left as it is', async () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(3_000);
    on('GET /v1/user', { json: { message: 'ok' } });
    on('POST /refresh', { json: { access_token: 'fresh' } });
    // Only Date is frozen (the local server still runs on real timers): exp is in whole seconds, so the clock
    // stands 1 ms past a whole second for 2.999 s left, and on the whole second for 3.000 s left.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_800_000_000_001);
      await setup(makeJwt(3)).client.get('/v1/user');
      expect(calls('POST /refresh')).toHaveLength(1);
      expect(calls('GET /v1/user').at(-1)?.headers.authorization).toBe('Bearer fresh');

      vi.setSystemTime(1_800_000_000_000);
      const exactlyThree = makeJwt(3);
      await setup(exactlyThree).client.get('/v1/user');
      expect(calls('POST /refresh')).toHaveLength(1);
      expect(calls('GET /v1/user').at(-1)?.headers.authorization).toBe(`Bearer ${exactlyThree}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops an expiring token it cannot renew, ends the session and sends the call as a guest', async () => {
    on('GET /api/v1/critical', { json: { catalogs: [] } });
    on('POST /refresh', { status: 401, json: { error: 'TOKEN_EXPIRED' } });
    const { client, tokenStore, onSessionExpired } = setup(makeJwt(1));

    await expect(client.get('/api/v1/critical')).resolves.toEqual({ catalogs: [] });

    expect(tokenStore.get()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(calls('GET /api/v1/critical')[0]?.headers.authorization).toBeUndefined();
  });
});

describe("419 'CSRF token mismatch.' (spec §8 row 2)", () => {
  it('gets a fresh CSRF cookie with GET /refresh and retries with it', async () => {
    let cookie = 'csrf-old';
    on('PUT /v1/cart/save', (req) =>
      req.headers['x-xsrf-token'] === 'csrf-new'
        ? { json: { status: true, link: '/cart/s/1' } }
        : { status: 419, json: { message: 'CSRF token mismatch.' } },
    );
    on('GET /refresh', () => {
      cookie = 'csrf-new'; // stands in for the browser storing the Set-Cookie
      return { json: { status: 'ok' } };
    });
    const { client } = setup('tok', { getCsrfToken: () => cookie });

    await expect(client.put('/v1/cart/save')).resolves.toEqual({ status: true, link: '/cart/s/1' });

    expect(calls('GET /refresh')).toHaveLength(1);
    expect(calls('PUT /v1/cart/save').map((r) => r.headers['x-xsrf-token'])).toEqual([
      'csrf-old',
      'csrf-new',
    ]);
  });

  it('retries only once and then passes the 419 on', async () => {
    on('PUT /v1/cart/save', { status: 419, json: { message: 'CSRF token mismatch.' } });
    on('GET /refresh', { json: { status: 'ok' } });
    const { client } = setup('tok');

    const error = await failureOf(client.put('/v1/cart/save'));

    expect(error.detail).toEqual({ status: 419, message: 'CSRF token mismatch.' });
    expect(calls('GET /refresh')).toHaveLength(1);
    expect(calls('PUT /v1/cart/save')).toHaveLength(2);
  });

  it('does not refresh for a 419 with another message', async () => {
    on('PUT /v1/cart/save', { status: 419, json: { message: 'Page Expired' } });
    on('GET /refresh', { json: { status: 'ok' } });
    const { client } = setup('tok');

    const error = await failureOf(client.put('/v1/cart/save'));

    expect(error.detail.status).toBe(419);
    expect(calls('GET /refresh')).toHaveLength(0);
  });
});

describe('network failures (spec §8 row 3) and timeouts (spec §7, §9)', () => {
  it('reports a connection dropped without a response as status 0', async () => {
    on('GET /v1/cart', { destroy: true });
    const { client, notify } = setup();

    const error = await failureOf(client.get('/v1/cart'));

    expect(error.detail).toEqual({ status: 0, error: 'Network Error' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports a closed port as status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = setup(null, { baseUrl: `http://127.0.0.1:${port}` });

    const error = await failureOf(client.get('/v1/cart'));

    expect(error.detail).toEqual({ status: 0, error: 'Network Error' });
  });

  it('reports a timeout as status 0', async () => {
    on('GET /v1/cart', { json: { cart: [] }, delayMs: 500 });
    const { client } = setup();

    const started = Date.now();
    const error = await failureOf(client.get('/v1/cart', { timeoutMs: 50 }));

    expect(error.detail).toEqual({ status: 0, error: 'Network Error' });
    expect(error.message).toContain('timeout');
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('applies the delivery timeout to delivery paths and the default one elsewhere', async () => {
    on('POST /api/v1/calculator/courier-cost', { json: { cost: 350 }, delayMs: 150 });
    on('GET /v1/cart', { json: { cart: [] }, delayMs: 150 });
    const { client } = setup(null, { timeouts: { default: 50, delivery: 2_000 } });

    await expect(
      client.post('/api/v1/calculator/courier-cost', { body: { zip: '101000' } }),
    ).resolves.toEqual({
      cost: 350,
    });
    expect((await failureOf(client.get('/v1/cart'))).detail.status).toBe(0);
  });

  it('rejects with the abort reason, not an HttpError, when the caller cancels', async () => {
    on('GET /v1/cart', { json: { cart: [] }, delayMs: 300 });
    const { client } = setup();
    const controller = new AbortController();

    const pending = client.get('/v1/cart', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);

    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('pickTimeout', () => {
  it('uses 15 s by default', () => {
    expect(pickTimeout('/v1/cart')).toBe(15_000);
    expect(pickTimeout('api/v1/route')).toBe(15_000);
  });

  it('uses 30 s for delivery and pickup-point calls, with or without a leading slash', () => {
    expect(pickTimeout('/api/v1/calculator/pvz-search')).toBe(30_000);
    expect(pickTimeout('api/v1/calculator/list')).toBe(30_000);
    expect(pickTimeout('/api/v1/address')).toBe(30_000);
  });

  it('uses none for uploads and for an explicit null', () => {
    expect(pickTimeout('/v1/user/diplom/document', { formData: new FormData() })).toBeNull();
    expect(pickTimeout('/v1/cart', { timeoutMs: null })).toBeNull();
  });

  it('lets an explicit timeout and custom defaults win', () => {
    expect(pickTimeout('/api/v1/address', { timeoutMs: 100 })).toBe(100);
    expect(pickTimeout('/v1/cart', {}, { default: 5, delivery: 9 })).toBe(5);
    expect(pickTimeout('/api/v1/address', {}, { default: 5, delivery: 9 })).toBe(9);
  });
});

describe('error catalogue (spec §8)', () => {
  const serverError: Notice = { type: 'error', title: 'Запрос не выполнен', text: 'Ошибка сервера' };
  const tooMany: Notice = { type: 'error', title: 'Запрос не выполнен', text: 'Слишком много запросов' };
  const rows: Array<[string, Reply, ApiError, Notice | null]> = [
    [
      '400 → Bad request with errors, message, title',
      { status: 400, json: { message: 'Bad Request', title: 'Ошибка', errors: { zip: ['bad'] }, hydr: 1 } },
      {
        status: 400,
        error: 'Bad request',
        errors: { zip: ['bad'] },
        message: 'Bad Request',
        title: 'Ошибка',
      },
      null,
    ],
    [
      '404 → only the status',
      { status: 404, json: { message: 'Not Found', errors: { a: ['b'] } } },
      { status: 404 },
      null,
    ],
    [
      '422 with the invalid-data message → bad/data',
      { status: 422, json: { message: 'The given data was invalid.' } },
      { status: 422, error: 'bad/data', message: 'The given data was invalid.' },
      null,
    ],
    [
      '422 with message and errors → bad/data',
      { status: 422, json: { message: 'Неверный email', errors: { email: ['Неверный email'] } } },
      { status: 422, error: 'bad/data', errors: { email: ['Неверный email'] }, message: 'Неверный email' },
      null,
    ],
    [
      '422 with only another message → any other status',
      { status: 422, json: { message: 'Нет', hydr: true } },
      { status: 422, message: 'Нет', hydr: true },
      null,
    ],
    [
      '429 Too Many Attempts. → notice',
      { status: 429, json: { message: 'Too Many Attempts.' } },
      { status: 429, error: 'Too Many Attempts.', message: 'Too Many Attempts.' },
      tooMany,
    ],
    [
      '429 with another message → any other status, no notice',
      { status: 429, json: { message: 'Slow down' } },
      { status: 429, message: 'Slow down' },
      null,
    ],
    [
      '500 → error 500 with the server errors and a notice',
      { status: 500, json: { message: 'Server Error', errors: { db: ['down'] } } },
      { status: 500, error: '500', errors: { server: ['Server Error 500'] } },
      serverError,
    ],
    [
      '500 blacklisted token → auth/error/login and a notice',
      { status: 500, json: { error: 'The token has been blacklisted' } },
      { status: 500, error: 'auth/error/login' },
      serverError,
    ],
    [
      '500 with an HTML/text body does not crash',
      { status: 500, text: '<h1>Internal Server Error</h1>' },
      { status: 500, error: '500', errors: { server: ['Server Error 500'] } },
      serverError,
    ],
    [
      '403 → status, errors, message, hydr',
      {
        status: 403,
        json: { message: 'This action is unauthorized.', errors: { a: ['b'] }, hydr: false },
      },
      { status: 403, errors: { a: ['b'] }, message: 'This action is unauthorized.', hydr: false },
      null,
    ],
    [
      '409 → status, errors, message, hydr (a field not of its ErrorAnswer type is left out)',
      { status: 409, json: { message: 'Conflict', hydr: [1, 2], title: 'ignored' } },
      { status: 409, message: 'Conflict' },
      null,
    ],
    ['503 with an empty body → only the status', { status: 503 }, { status: 503 }, null],
  ];

  it.each(rows)('%s', async (_name, reply, detail, notice) => {
    on('POST /v1/order', reply);
    const { client, notify } = setup('tok');

    const error = await failureOf(client.post('/v1/order', { body: { id: 1 } }));

    // toEqual ignores keys set to undefined, so a row fails only on a wrong or an extra defined field.
    expect(error.detail).toEqual(detail);
    if (notice) expect(notify.mock.calls).toEqual([[notice]]);
    else expect(notify).not.toHaveBeenCalled();
    expect(calls('POST /v1/order')).toHaveLength(1);
  });
});

describe('request id', () => {
  it('shows the failed request id in the popup and keeps it on the error, for support', async () => {
    on('POST /v1/order', {
      status: 500,
      json: { message: 'Server Error' },
      headers: { 'x-request-id': '3f2c9a1e-5b7d-4c2a-9e8f-0a1b2c3d4e5f' },
    });
    const { client, notify } = setup('tok');

    const error = await failureOf(client.post('/v1/order', { body: { id: 1 } }));

    expect(error.requestId).toBe('3f2c9a1e-5b7d-4c2a-9e8f-0a1b2c3d4e5f');
    expect(notify.mock.calls).toEqual([
      [
        {
          type: 'error',
          title: 'Запрос не выполнен',
          text: 'Ошибка сервера',
          requestId: '3f2c9a1e-5b7d-4c2a-9e8f-0a1b2c3d4e5f',
        },
      ],
    ]);
  });
});

describe('response rule (spec §7) and bodies', () => {
  it('marks a suppressed call and unwraps its {ok: true, data} answer', async () => {
    on('GET /v1/cart', (req) =>
      req.headers['x-suppress-errors'] === '1'
        ? { json: { ok: true, data: { cart: [1] } } }
        : { json: { cart: [1] } },
    );
    const { client } = setup();

    await expect(client.get('/v1/cart', { suppressErrors: true })).resolves.toEqual({ cart: [1] });
    expect(calls('GET /v1/cart')[0]?.headers['x-suppress-errors']).toBe('1');
  });

  it('leaves an {ok, data} body alone on an unsuppressed call', async () => {
    on('GET /v1/cart', { json: { ok: true, data: 5 } });
    const { client } = setup();

    await expect(client.get('/v1/cart')).resolves.toEqual({ ok: true, data: 5 });
  });

  it.each([
    ['500', { status: 500, json: { message: 'Server Error' } }],
    ['429', { status: 429, json: { message: 'Too Many Attempts.' } }],
  ])('shows no popup for a suppressed %s but still fails', async (status, reply) => {
    on('GET /v1/cart', reply);
    const { client, notify } = setup();

    const error = await failureOf(client.get('/v1/cart', { suppressErrors: true }));

    expect(error.detail.status).toBe(Number(status));
    expect(notify).not.toHaveBeenCalled();
  });

  it('resolves 204 and non-JSON success bodies to undefined', async () => {
    on('DELETE /v1/cart/3', { status: 204 });
    on('GET /v1/ping', { text: 'pong' });
    const { client } = setup();

    await expect(client.delete('/v1/cart/3')).resolves.toBeUndefined();
    await expect(client.get('/v1/ping')).resolves.toBeUndefined();
  });
});

describe('document upload', () => {
  it('sends FormData as multipart with no timeout', async () => {
    on('POST /v1/user/diplom/document', { json: { status: true }, delayMs: 200 });
    const { client } = setup('tok', { timeouts: { default: 50, delivery: 50 } });
    const form = new FormData();
    form.append('type', 'passport');
    form.append('file', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), 'diploma.pdf');

    await expect(client.post('/v1/user/diplom/document', { formData: form })).resolves.toEqual({
      status: true,
    });

    const [sent] = calls('POST /v1/user/diplom/document');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.headers.authorization).toBe('Bearer tok');
    expect(sent?.body).toContain('filename="diploma.pdf"');
    expect(sent?.body).toContain('%PDF-1.4 test');
    expect(sent?.body).toContain('passport');
  });
});

/**
 * XMLHttpRequest for Node, just enough for `upload`: a real request to the local server, the body written in four
 * parts with an upload progress event after each.
 */
class NodeXhr {
  static readonly instances: NodeXhr[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private request: ReturnType<typeof httpRequest> | null = null;
  private responseHeaders: IncomingHttpHeaders = {};

  constructor() {
    NodeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const value = this.responseHeaders[name.toLowerCase()];
    return typeof value === 'string' ? value : null;
  }

  abort() {
    this.request?.destroy();
    this.onabort?.();
  }

  async send(body: FormData) {
    const encoded = new Response(body);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const request = httpRequest(
      this.url,
      {
        method: this.method,
        headers: {
          ...this.headers,
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(bytes.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          this.status = response.statusCode ?? 0;
          this.responseHeaders = response.headers;
          this.responseText = Buffer.concat(chunks).toString('utf8');
          this.onload?.();
        });
      },
    );
    this.request = request;
    request.on('error', () => this.onerror?.());
    const part = Math.ceil(bytes.length / 4);
    for (let offset = 0; offset < bytes.length; offset += part) {
      const chunk = bytes.subarray(offset, offset + part);
      await new Promise<void>((resolve) => request.write(chunk, () => resolve()));
      const loaded = Math.min(offset + part, bytes.length);
      this.upload.onprogress?.({ lengthComputable: true, loaded, total: bytes.length } as ProgressEvent);
    }
    request.end();
  }
}

describe('upload with progress (XMLHttpRequest)', () => {
  beforeEach(() => {
    NodeXhr.instances.length = 0;
    vi.stubGlobal('XMLHttpRequest', NodeXhr);
  });

  function documentForm(size = 40_000) {
    const form = new FormData();
    form.append('type', 'passport');
    form.append('file', new Blob([`%PDF-1.4 ${'x'.repeat(size)}`], { type: 'application/pdf' }), 'скан.pdf');
    return form;
  }

  it('sends the form with the auth, CSRF and app headers, reports progress to 100 % and waits with no timeout', async () => {
    on('POST /v1/user/diplom/document', {
      json: { status: 'ok', message: 'Документ загружен' },
      delayMs: 150,
    });
    const { client } = setup('tok', {
      timeouts: { default: 50, delivery: 50 },
      getCsrfToken: () => 'csrf-1',
    });
    const progress: Array<{ loaded: number; total: number }> = [];

    const answer = await client.upload('/v1/user/diplom/document', documentForm(), {
      onProgress: (step) => progress.push(step),
    });

    expect(answer).toEqual({ status: 'ok', message: 'Документ загружен' });
    const [sent] = calls('POST /v1/user/diplom/document');
    expect(sent?.headers.authorization).toBe('Bearer tok');
    expect(sent?.headers['x-xsrf-token']).toBe('csrf-1');
    expect(sent?.headers.ar).toBe('1');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('passport');
    expect(NodeXhr.instances[0]?.withCredentials).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const last = progress.at(-1)!;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(40_000);
    expect(progress.map((step) => step.loaded)).toEqual(
      [...progress.map((step) => step.loaded)].sort((a, b) => a - b),
    );
  });

  it('normalises a refused file as a spec §8 422 with the field errors', async () => {
    on('POST /v1/user/diplom/document', {
      status: 422,
      json: { message: 'The given data was invalid.', errors: { file: ['Файл больше 10 МБ'] } },
    });
    const { client } = setup('tok');
    const error = await failureOf(client.upload('/v1/user/diplom/document', documentForm(10)));
    expect(error.detail).toEqual({
      status: 422,
      error: 'bad/data',
      errors: { file: ['Файл больше 10 МБ'] },
      message: 'The given data was invalid.',
    });
  });

  it('renews an expired token and sends the upload again', async () => {
    on('POST /v1/user/diplom/document', (req) =>
      req.headers.authorization === 'Bearer fresh'
        ? { json: { status: 'ok' } }
        : { status: 401, json: { error: 'TOKEN_EXPIRED', message: 'Unauthenticated.' } },
    );
    on('POST /refresh', { json: { access_token: 'fresh' } });
    const { client, tokenStore } = setup('stale');
    await expect(client.upload('/v1/user/diplom/document', documentForm(10))).resolves.toEqual({
      status: 'ok',
    });
    expect(tokenStore.get()).toBe('fresh');
    expect(calls('POST /v1/user/diplom/document')).toHaveLength(2);
  });

  it('reports a dropped connection as status 0', async () => {
    on('POST /v1/user/diplom/document', { destroy: true });
    const { client } = setup('tok');
    const error = await failureOf(client.upload('/v1/user/diplom/document', documentForm(10)));
    expect(error.detail).toEqual({ status: 0, error: 'Network Error' });
  });
});

describe('browser helpers', () => {
  it('read nothing and do not throw outside the browser', () => {
    const store = createLocalStorageTokenStore();
    expect(readCsrfCookie()).toBeNull();
    expect(store.get()).toBeNull();
    expect(() => store.set('x')).not.toThrow();
  });

  it('readCsrfCookie decodes the XSRF-TOKEN cookie', () => {
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=ab%3Dcd%3D; b=2' });
    expect(readCsrfCookie()).toBe('ab=cd=');
  });

  it("createLocalStorageTokenStore keeps the token under 'token'", () => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    });
    const store = createLocalStorageTokenStore();

    store.set('jwt');
    expect(data.get('token')).toBe('jwt');
    expect(store.get()).toBe('jwt');
    store.set(null);
    expect(data.has('token')).toBe(false);
  });
});
