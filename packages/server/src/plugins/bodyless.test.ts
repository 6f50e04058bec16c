// Calls without a body (issue 16): POST /v1/cart/{id} adds one item, POST /v1/my-orders/{id} shows the order, and
// every other route whose body is all optional works bodyless; a route that needs fields names them in Russian.
// Bodyless comes in several forms: no Content-Type and no body, JSON with an empty body, the JSON `null`, and an
// empty text/plain body (what fetch sends for `body: ''`). Checked through inject and over a real socket.
import { randomUUID } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from '@efir/domain/http-contract';
import { z } from '@efir/domain/zod-ru';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../features/catalog/catalog.table.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bodylessAwareValidatorCompiler, MISSING_FIELD_MESSAGE } from './bodyless.ts';

type Schema = Parameters<typeof z.safeParse>[0];
interface BodyRoute {
  method: string;
  url: string;
  body: Schema;
  params?: Schema;
}

// Every route with a body schema, as Fastify registers it (an onRoute hook planted at the instance's birth; see
// test/hard/route-capture.ts for why a hook added later would miss most routes).
const bodyRoutes = vi.hoisted(() => [] as BodyRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const factory = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = Object.assign((...args: unknown[]) => {
    const app = factory(...args);
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as { body?: Schema; params?: Schema } | undefined;
      if (!schema?.body) return;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        bodyRoutes.push({
          method: String(method).toUpperCase(),
          url: route.url,
          body: schema.body,
          params: schema.params,
        });
      }
    });
    return app;
  }, factory);
  return { ...original, default: wrapped, fastify: wrapped };
});

/** The ways a client sends no body. `headers` come on top of the agent's own (cookies, CSRF, token). */
const BODYLESS_FORMS: Array<{ name: string; headers: Record<string, string>; payload?: string }> = [
  { name: 'no Content-Type, no body', headers: {} },
  { name: 'application/json, empty body', headers: { 'content-type': 'application/json' }, payload: '' },
  {
    name: 'application/json, the body null',
    headers: { 'content-type': 'application/json' },
    payload: 'null',
  },
  { name: 'text/plain, empty body', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: '' },
];

let shop: TestApp;
let origin: string;
let moderator: TestAgent;
let lavenderId: number;

beforeAll(async () => {
  // The moderator may also use the assistant chat, so that its body validation is reached too.
  shop = await createTestApp({ env: { ...MODERATOR_ENV, CHAT_USER_ID: String(TEST_MODERATOR_ID) } });
  origin = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  moderator = await signInAs(shop.app, shop.database.db, TEST_MODERATOR_ID);
  const [lavender] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.url, '/lavanda-uzkolistnaya-10-ml.html'));
  lavenderId = lavender!.id;
});
afterAll(() => shop.close());

function bodyless(agent: TestAgent, method: string, url: string, form: (typeof BODYLESS_FORMS)[number]) {
  return agent.request({
    method,
    url,
    headers: form.headers,
    ...(form.payload === undefined ? {} : { payload: form.payload }),
  });
}

/** True when the answer is a refused body: the catalogue's 422 (or a 400/415 from parsing). */
function refusedBody(response: LightMyRequestResponse | { statusCode: number; body: string }): boolean {
  if (response.statusCode === 400 || response.statusCode === 415) return true;
  return response.statusCode === 422 && response.body.includes(MESSAGES.invalidData);
}

function cartLine(response: LightMyRequestResponse, productId: number) {
  return (response.json().cart.lines as Array<{ id: number; quantity: number }>).find(
    (line) => line.id === productId,
  );
}

async function placeOrder(agent: TestAgent): Promise<number> {
  expect(
    (await agent.request({ method: 'POST', url: `/v1/cart/${lavenderId}`, payload: { quantity: 1 } }))
      .statusCode,
  ).toBe(200);
  const placed = await agent.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: { name: 'Анна', fam: 'Смирнова', email: 'anna.smirnova@example.ru', tel: '+7 916 111-22-33' },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order.id;
}

describe('POST /v1/cart/{id} without a body adds one item', () => {
  it.each(BODYLESS_FORMS)('$name: 200 and one unit in the cart', async (form) => {
    const guest = createTestAgent(shop.app);
    const response = await bodyless(guest, 'POST', `/v1/cart/${lavenderId}`, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(cartLine(response, lavenderId)?.quantity).toBe(1);
    // And once more: the same cart, two units.
    const again = await bodyless(guest, 'POST', `/v1/cart/${lavenderId}`, form);
    expect(cartLine(again, lavenderId)?.quantity).toBe(2);
  });

  it('still refuses a bad quantity and an unknown field in a body that is there', async () => {
    const guest = createTestAgent(shop.app);
    const zero = await guest.request({
      method: 'POST',
      url: `/v1/cart/${lavenderId}`,
      payload: { quantity: 0 },
    });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['quantity']);
    const unknown = await guest.request({
      method: 'POST',
      url: `/v1/cart/${lavenderId}`,
      payload: { skidka: 90 },
    });
    expect(unknown.json().errors).toEqual({ skidka: ['Неизвестное поле'] });
    const broken = await guest.request({
      method: 'POST',
      url: `/v1/cart/${lavenderId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('POST /v1/my-orders/{id} without a body shows the order to its owner', () => {
  let owner: TestAgent;
  let orderId: number;
  beforeAll(async () => {
    owner = createTestAgent(shop.app);
    await owner.register();
    orderId = await placeOrder(owner);
  });

  it.each(BODYLESS_FORMS)('$name: 200 with the order', async (form) => {
    const response = await bodyless(owner, 'POST', `/v1/my-orders/${orderId}`, form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'order', order: { id: orderId } });
  });

  it('is still 404 for someone else, bodyless as with a body', async () => {
    const stranger = createTestAgent(shop.app);
    await stranger.register();
    const response = await bodyless(stranger, 'POST', `/v1/my-orders/${orderId}`, BODYLESS_FORMS[0]!);
    expect(response.statusCode).toBe(404);
  });
});

describe('over a real socket (inject may treat an empty body differently)', () => {
  async function browserSession() {
    const refresh = await fetch(`${origin}/refresh`);
    const cookie = refresh.headers.getSetCookie().find((line) => line.startsWith(`${CSRF_COOKIE}=`));
    const token = cookie?.split(';')[0]?.slice(CSRF_COOKIE.length + 1) ?? '';
    expect(token).not.toBe('');
    return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token };
  }

  it.each<{ name: string; headers: Record<string, string>; body?: string }>([
    { name: 'no Content-Type, no body', headers: {}, body: undefined },
    { name: 'application/json, Content-Length 0', headers: { 'content-type': 'application/json' }, body: '' },
    { name: 'application/json, null', headers: { 'content-type': 'application/json' }, body: 'null' },
    { name: "fetch's body '' (text/plain)", headers: {}, body: '' },
  ])('POST /v1/cart/{id}, $name: 200 and one unit', async ({ headers, body }) => {
    const session = await browserSession();
    const response = await fetch(`${origin}/v1/cart/${lavenderId}`, {
      method: 'POST',
      headers: { ...session, ...headers },
      body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const lines = JSON.parse(text).cart.lines as Array<{ id: number; quantity: number }>;
    expect(lines.find((line) => line.id === lavenderId)?.quantity).toBe(1);
  });

  it('POST /v1/my-orders/{id} with no body: the order for its owner', async () => {
    const owner = createTestAgent(shop.app);
    await owner.register();
    const orderId = await placeOrder(owner);
    const forms: Array<Record<string, string>> = [{}, { 'content-type': 'application/json' }];
    for (const headers of forms) {
      const response = await fetch(`${origin}/v1/my-orders/${orderId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, ...headers },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { order: { id: number } }).order.id).toBe(orderId);
    }
  });

  it('a route that needs fields names them in Russian: PUT /v1/cart/promo/code', async () => {
    const session = await browserSession();
    const response = await fetch(`${origin}/v1/cart/promo/code`, {
      method: 'PUT',
      headers: { ...session, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: MESSAGES.invalidData,
      errors: { code: [MISSING_FIELD_MESSAGE] },
    });
  });
});

// ── every route whose body may be left out ───────────────────────────────────────────────────────────────────

/** A route whose body schema takes nothing at all: absent (`.default()`, `.nullish()`) or {} (all optional). */
function bodyIsOptional(route: BodyRoute): boolean {
  return z.safeParse(route.body, undefined).success || z.safeParse(route.body, {}).success;
}

interface OptionalBodyCase {
  /** The pattern as registered. */
  route: string;
  /** The address called, ids filled in. */
  url: () => Promise<string>;
  who: 'guest' | 'user' | 'moderator';
  status: number;
}

async function firstAdminId(list: string, query = ''): Promise<number> {
  const response = await moderator.request({ method: 'GET', url: `/api/v1/admin/${list}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().items?.[0]?.id;
  expect(id, `${list} has an item`).toBeTypeOf('number');
  return id;
}

let ownOrder: { agent: TestAgent; id: number } | null = null;
async function ownedOrder() {
  if (!ownOrder) {
    const agent = createTestAgent(shop.app);
    await agent.register();
    ownOrder = { agent, id: await placeOrder(agent) };
  }
  return ownOrder;
}

const OPTIONAL_BODY_ROUTES: OptionalBodyCase[] = [
  { route: 'POST /v1/cart/:id', url: async () => `/v1/cart/${lavenderId}`, who: 'guest', status: 200 },
  {
    route: 'POST /v1/my-orders/:id',
    url: async () => `/v1/my-orders/${(await ownedOrder()).id}`,
    who: 'user',
    status: 200,
  },
  { route: 'POST /api/v1/reviews', url: async () => '/api/v1/reviews', who: 'guest', status: 200 },
  // Resending a certificate's letter: an unknown certificate gets the service's own 404, not a body error.
  {
    route: 'POST /api/v1/admin/gift-certificates/:id/resend',
    url: async () => '/api/v1/admin/gift-certificates/999999/resend',
    who: 'moderator',
    status: 404,
  },
  {
    route: 'POST /api/v1/calculator/pvz',
    url: async () => '/api/v1/calculator/pvz',
    who: 'guest',
    status: 200,
  },
  // Submitting the diploma documents: a user who has none gets the service's own refusal, not a body error.
  {
    route: 'PUT /v1/user/diplom/document',
    url: async () => '/v1/user/diplom/document',
    who: 'user',
    status: 409,
  },
  {
    route: 'POST /api/v1/admin/orders/:id/payment/refresh',
    url: async () => `/api/v1/admin/orders/${(await ownedOrder()).id}/payment/refresh`,
    who: 'moderator',
    // The order is paid in cash: the service's own refusal, not a body error.
    status: 409,
  },
  {
    route: 'PUT /api/v1/admin/products/:id',
    url: async () => `/api/v1/admin/products/${lavenderId}`,
    who: 'moderator',
    status: 200,
  },
  {
    route: 'PUT /api/v1/admin/content/articles/:id',
    url: async () => `/api/v1/admin/content/articles/${await firstAdminId('content/articles')}`,
    who: 'moderator',
    status: 200,
  },
  {
    route: 'PUT /api/v1/admin/content/recipes/:id',
    url: async () => `/api/v1/admin/content/recipes/${await firstAdminId('content/recipes')}`,
    who: 'moderator',
    status: 200,
  },
  {
    route: 'PUT /api/v1/admin/content/pages/:id',
    url: async () => `/api/v1/admin/content/pages/${await firstAdminId('content/pages')}`,
    who: 'moderator',
    status: 200,
  },
  {
    route: 'PUT /api/v1/admin/content/slides/:id',
    url: async () => `/api/v1/admin/content/slides/${await firstAdminId('content/slides')}`,
    who: 'moderator',
    status: 200,
  },
  {
    route: 'PUT /api/v1/admin/content/menu/:id',
    url: async () => `/api/v1/admin/content/menu/${await firstAdminId('content/menu', '?menu=articles')}`,
    who: 'moderator',
    status: 200,
  },
];

describe('every route whose body is optional accepts a missing body', () => {
  it('the table below lists exactly the routes whose body schema takes nothing', () => {
    const optional = bodyRoutes.filter(bodyIsOptional).map((route) => `${route.method} ${route.url}`);
    expect(bodyRoutes.length).toBeGreaterThan(40);
    expect(new Set(optional)).toEqual(new Set(OPTIONAL_BODY_ROUTES.map((entry) => entry.route)));
  });

  describe.each(OPTIONAL_BODY_ROUTES)('$route', (entry) => {
    it.each(BODYLESS_FORMS)('$name', async (form) => {
      const agent =
        entry.who === 'moderator'
          ? moderator
          : entry.who === 'user'
            ? entry.route === 'POST /v1/my-orders/:id'
              ? (await ownedOrder()).agent
              : await (async () => {
                  const user = createTestAgent(shop.app);
                  await user.register();
                  return user;
                })()
            : createTestAgent(shop.app);
      const [method] = entry.route.split(' ');
      const response = await bodyless(agent, method!, await entry.url(), form);
      expect(refusedBody(response), response.body).toBe(false);
      expect(response.statusCode, response.body).toBe(entry.status);
    });
  });
});

// ── routes whose body is required ────────────────────────────────────────────────────────────────────────────

/** Fills each `:name` of a pattern with a value the route's params schema takes (ids, types of favourites…). */
function fillParams(route: BodyRoute): string {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const candidates = ['1', 'product', 'prod', 'recept', 'article', 'rec'];
  const chosen: Record<string, string> = {};
  for (const name of names) {
    chosen[name] =
      candidates.find((value) => {
        if (!route.params) return true;
        const result = z.safeParse(route.params, { ...chosen, [name]: value });
        return result.success || !result.error.issues.some((issue) => issue.path[0] === name);
      }) ?? '1';
  }
  return route.url.replace(/:(\w+)/g, (_match, name: string) => chosen[name]!);
}

describe('a route that needs a body, called without one', () => {
  it('answers with the missing fields by name in Russian, never «получено null»', () => {
    const required = bodyRoutes.filter((route) => !bodyIsOptional(route));
    expect(required.length).toBeGreaterThan(30);
    for (const route of required) {
      const validate = bodylessAwareValidatorCompiler({
        schema: route.body,
        method: route.method,
        url: route.url,
        httpPart: 'body',
      }) as (data: unknown) => { error?: Array<{ instancePath: string; message: string }> };
      const { error } = validate(null);
      const where = `${route.method} ${route.url}`;
      expect(error, where).toBeDefined();
      for (const issue of error ?? []) {
        expect(issue.instancePath, where).not.toBe('/');
        expect(issue.message, where).toMatch(/[а-яё]/i);
        expect(issue.message, where).not.toMatch(/получено|undefined|null/);
      }
    }
  });

  it('over HTTP, in every bodyless form: 422 in the catalogue shape with field errors', async () => {
    const required = bodyRoutes.filter((route) => !bodyIsOptional(route));
    for (const route of required) {
      const url = fillParams(route);
      for (const form of BODYLESS_FORMS) {
        const response = await bodyless(moderator, route.method, url, form);
        const where = `${route.method} ${url} (${form.name}): ${response.body}`;
        expect(response.statusCode, where).toBe(422);
        const body = response.json();
        expect(body.message, where).toBe(MESSAGES.invalidData);
        expect(Object.keys(body.errors).length, where).toBeGreaterThan(0);
        expect(body.errors.body, where).toBeUndefined();
        expect(response.body, where).not.toMatch(/получено/);
      }
    }
  });

  it('names the fields of the first form of a body with several: PUT /v1/user/forgot-password', async () => {
    const response = await bodyless(
      createTestAgent(shop.app),
      'PUT',
      '/v1/user/forgot-password',
      BODYLESS_FORMS[0]!,
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['email']);
  });

  it('keeps a schema’s own message for a missing field: POST /v1/user/login', async () => {
    const response = await bodyless(createTestAgent(shop.app), 'POST', '/v1/user/login', BODYLESS_FORMS[1]!);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['Введите e-mail'], password: ['Введите пароль'] });
  });
});
