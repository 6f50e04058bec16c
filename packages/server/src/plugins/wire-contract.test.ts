// The OpenAPI document and the wire: every API route is in it with the schemas of its answer and of its errors, and
// answers recorded from real calls (catalogue, cart, session, orders, account, delivery, school, search, back
// office, and errors from 400 to 429) validate against the response schemas it publishes.
import { randomUUID } from 'node:crypto';
import { PAGE_TYPES } from '@efir/domain/catalog-constants';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedPickupPoints } from '../seed/seed-delivery.ts';
import { listRoutes } from '../test/hard/route-capture.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

vi.mock('fastify', async (importOriginal) => {
  const { wrapFastify } = await import('../test/hard/route-capture.ts');
  return wrapFastify(await importOriginal());
});

interface OpenApiDocument {
  openapi: string;
  components: { schemas: Record<string, object> };
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

let testApp: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  testApp = await createTestApp({ env: MODERATOR_ENV });
  await seedPickupPoints(testApp.database.db);
  const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(() => testApp.close());

/** /v1/cart/:id → /v1/cart/{id}, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const isApi = (url: string) => /^\/(api|v1)\/|^\/refresh$|^\/registration$/.test(url);
const isDocs = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

/**
 * API routes that answer without a JSON schema of their answer, each with the reason. Anything else must declare
 * its success answer (200, or 201/202, or an empty 204): a route without one fails the test below.
 */
const WITHOUT_ANSWER_SCHEMA: Array<{ route: RegExp; reason: string; absentHere?: string }> = [
  { route: /^GET \/v1\/user\/diplom\/contract$/, reason: 'a PDF' },
  { route: /^POST \/v1\/user\/diplom\/document_tmp$/, reason: 'a PDF' },
  { route: /^GET \/v1\/user\/diplom\/annex\/:id$/, reason: 'a PDF' },
  { route: /^GET \/v1\/user\/diplom\/document\/:id$/, reason: 'the uploaded scan itself (PDF, JPEG or PNG)' },
  { route: /^GET \/api\/v1\/admin\/diploma\/documents\/:id$/, reason: 'the uploaded scan itself' },
  { route: /^GET \/api\/v1\/admin\/orders\/papers$/, reason: 'a PDF of the chosen paper for the orders' },
  { route: /^GET \/api\/v1\/admin\/orders\/export$/, reason: 'a CSV or XLSX file of the orders' },
  { route: /^GET \/api\/v1\/admin\/catalog\/export$/, reason: 'a CSV or XLSX file of the catalogue' },
  {
    route: /^POST \/api\/internal\/backup$/,
    reason: 'a gzip archive for the backup job',
    absentHere: 'registered only with a backup source (main.ts)',
  },
];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every API route of the app', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = listRoutes().filter((route) => isApi(route.url) && !isDocs(route.url));
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('declares the answer of every API route, but for the listed exceptions', () => {
    const routes = listRoutes().filter(
      (route) =>
        isApi(route.url) && !isDocs(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    const undeclared = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !WITHOUT_ANSWER_SCHEMA.some((exception) => exception.route.test(name)))
      .filter((name) => {
        const [method, url] = name.split(' ') as [string, string];
        const responses = document.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {};
        // A 204 is declared by its status alone: it has no body.
        return (
          responses['204'] === undefined &&
          !['200', '201', '202'].some((status) => responses[status]?.content?.['application/json']?.schema)
        );
      });
    expect(undeclared).toEqual([]);
    // Each exception still matches a route: a stale one would hide a route that lost its reason.
    for (const exception of WITHOUT_ANSWER_SCHEMA.filter((entry) => !entry.absentHere)) {
      expect(
        routes.some((route) => exception.route.test(`${route.method} ${route.url}`)),
        String(exception.route),
      ).toBe(true);
    }
  });

  it('declares the error answers of every API route: 422 with field errors, any other 4XX and 5XX', () => {
    const routes = listRoutes().filter(
      (route) =>
        isApi(route.url) && !isDocs(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    const withoutErrors = routes.filter((route) => {
      const responses = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.responses ?? {};
      return ['422', '4XX', '5XX'].some(
        (status) => !responses[status]?.content?.['application/json']?.schema,
      );
    });
    expect(withoutErrors.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const validation = document.paths['/v1/user/login']?.post?.responses?.['422']?.content?.[
      'application/json'
    ]?.schema as { $ref?: string };
    expect(validation.$ref).toBe('#/components/schemas/ValidationErrorAnswer');
    const component = document.components.schemas.ValidationErrorAnswer as { required?: string[] };
    expect(component.required).toEqual(['message', 'errors']);
  });

  it('leaves out pages, images and its own reference page', () => {
    expect(Object.keys(document.paths).filter((path) => !isApi(path) || isDocs(path))).toEqual([]);
  });
});

describe('the reference page', () => {
  it('is an HTML page that loads swagger-ui from this server, with scripts only from here', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    for (const src of [...scripts, '/api/docs/swagger-ui.css']) {
      const asset = await testApp.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(0);
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
  });
});

describe('recorded answers', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });

  /**
   * The answer validates against the document's schema of its route and status (not the zod one: the wire); an
   * error status not declared by itself falls under its range (4XX, 5XX), as OpenAPI reads a document.
   */
  function expectAnswerMatches(method: string, path: string, status: number, body: unknown) {
    const responses = document.paths[path]?.[method]?.responses ?? {};
    const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    const schema = response?.content?.['application/json']?.schema;
    expect(schema, `${method.toUpperCase()} ${path} ${status} has a schema`).toBeDefined();
    // The error answers refer to the document's components (#/components/schemas/…): they travel along.
    const validate = ajv.compile({ ...schema, components: document.components });
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }

  it('pages: one of every page type, each with its com_data', async () => {
    const page = async (url: string) => {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const body = response.json();
      expectAnswerMatches('post', '/api/v1/route', 200, body);
      return body;
    };
    const seen = new Set<string>();
    const article = (await page('/articles-new.html')).articles[0].url;
    const recipe = (await page('/recept.html')).recepts[0].url;
    const razdel = (await page(article)).page.com_data.razdel.url;
    for (const url of [
      '/',
      '/catalog.html',
      '/akcii',
      '/efirnye-masla',
      '/lavanda-uzkolistnaya-10-ml.html',
    ]) {
      seen.add((await page(url)).page.type);
    }
    for (const url of [article, recipe, razdel]) seen.add((await page(url)).page.type);

    const agent = createTestAgent(testApp.app);
    const product = (await page('/lavanda-uzkolistnaya-10-ml.html')).page.com_data.id as number;
    await agent.request({ method: 'POST', url: `/v1/cart/${product}`, payload: { quantity: 1 } });
    const saved = await agent.request({ method: 'PUT', url: '/v1/cart/save' });
    expect(saved.statusCode, saved.body).toBe(200);
    const shared = await page(new URL(saved.json().link, 'http://localhost').pathname);
    expect(shared.page.com_data.lines).toHaveLength(1);
    seen.add(shared.page.type);
    expect([...seen].sort()).toEqual([...PAGE_TYPES].sort());
  });

  it('session, cart and an order of a signed-in customer', async () => {
    const agent = createTestAgent(testApp.app);
    await agent.register();
    const me = await agent.request({ method: 'GET', url: '/v1/user' });
    expect(me.statusCode, me.body).toBe(200);
    expectAnswerMatches('get', '/v1/user', 200, me.json());

    const page = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: '/lavanda-uzkolistnaya-10-ml.html' },
    });
    const productId = page.json().page.com_data.id as number;
    const added = await agent.request({
      method: 'POST',
      url: `/v1/cart/${productId}`,
      payload: { quantity: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expectAnswerMatches('post', '/v1/cart/{id}', 200, added.json());
    const cart = await agent.request({ method: 'GET', url: '/v1/cart' });
    expect(cart.json().cart.lines).toHaveLength(1);
    expectAnswerMatches('get', '/v1/cart', 200, cart.json());
    const promo = await agent.request({
      method: 'PUT',
      url: '/v1/cart/promo/code',
      payload: { code: 'НЕТТАКОГО' },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    expectAnswerMatches('put', '/v1/cart/promo/code', 200, promo.json());

    const placed = await agent.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: {
          name: 'Анна',
          fam: 'Смирнова',
          email: 'anna.smirnova@example.ru',
          tel: '+7 916 111-22-33',
        },
        delivery: {
          type: 2,
          sposob_dost: 1,
          sposob_oplat: 3,
          addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
        },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id as number;
    const order = await agent.request({ method: 'POST', url: `/v1/my-orders/${orderId}`, payload: {} });
    expect(order.statusCode, order.body).toBe(200);
    // A bank transfer: the invoice's requisites are part of the answer, and of the schema.
    expect(order.json().order.invoice.recipient.inn).toMatch(/^\d{10}$/);
    expectAnswerMatches('post', '/v1/my-orders/{id}', 200, order.json());
  });
  /** The call's answer, which must be a 200 and match the document's schema of its route. */
  async function record(agent: TestAgent, method: string, url: string, path: string, payload?: object) {
    const response = await agent.request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    const body = response.json();
    expectAnswerMatches(method.toLowerCase(), path, 200, body);
    return body;
  }

  it('the account: its pages, address book, favourites, questions, orders and saved carts', async () => {
    const agent = createTestAgent(testApp.app);
    const { id } = await agent.register({ fam: 'Смирнова', tel: '+7 916 111-22-33' });
    const summary = await record(agent, 'GET', '/v1/my-account', '/v1/my-account');
    expect(summary.user.id).toBe(id);
    await record(agent, 'GET', '/v1/my-personal', '/v1/my-personal');
    const settings = await record(agent, 'GET', '/v1/my-settings', '/v1/my-settings');
    expect(settings.settings.telegram).toHaveProperty('bot');

    const added = await record(agent, 'POST', `/v1/user/${id}/address`, '/v1/user/{id}/address', {
      city: 'Москва',
      street: 'ул. Дубининская',
      house: '57',
    });
    expect(added.addresses).toHaveLength(1);
    await record(agent, 'GET', `/v1/user/${id}/address`, '/v1/user/{id}/address');
    const renamed = await record(agent, 'PUT', `/v1/user/${id}`, '/v1/user/{id}', {
      name: 'Анна',
      fam: 'Иванова',
    });
    expect(renamed.user.fam).toBe('Иванова');

    const page = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/route',
      payload: { url: '/lavanda-uzkolistnaya-10-ml.html' },
    });
    const productId = page.json().page.com_data.id as number;
    const favourite = await record(agent, 'PUT', '/v1/user/favorite/product', '/v1/user/favorite/{type}', {
      id: productId,
    });
    expect(favourite.list).toEqual([productId]);
    const favourites = await record(agent, 'GET', '/v1/my-fav-prod', '/v1/my-fav-prod');
    expect(favourites.items.map((item: { id: number }) => item.id)).toEqual([productId]);
    await record(agent, 'GET', '/v1/my-bookmarks', '/v1/my-bookmarks');
    await record(agent, 'GET', '/v1/my-waitlist', '/v1/my-waitlist');
    await record(agent, 'POST', '/v1/user/question', '/v1/user/question', {
      text: 'Можно ли лаванду детям?',
      product_id: productId,
    });
    const questions = await record(agent, 'GET', '/v1/my-question', '/v1/my-question');
    expect(questions.items[0].product.id).toBe(productId);

    await agent.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity: 1 } });
    const gifts = await record(agent, 'GET', '/v1/cart/gifts', '/v1/cart/gifts');
    expect(gifts.message).toBe('cart/gifts');
    await record(agent, 'PUT', '/v1/cart/save', '/v1/cart/save');
    const baskets = await record(agent, 'GET', '/v1/my-baskets', '/v1/my-baskets');
    expect(baskets.items[0].lines).toHaveLength(1);
    await agent.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity: 1 } });
    const placed = await agent.request({
      method: 'POST',
      url: '/v1/order',
      payload: {
        idempotency_key: randomUUID(),
        contact: { name: 'Анна', fam: 'Иванова', email: 'anna.ivanova@example.ru', tel: '+7 916 111-22-33' },
        delivery: { type: 1, sposob_dost: 3, sposob_oplat: 1 },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orders = await record(agent, 'GET', '/v1/my-orders', '/v1/my-orders');
    expect(orders.items[0].id).toBe(placed.json().order.id);
  });

  it('delivery: the calculator, pickup points and address suggestions', async () => {
    const agent = createTestAgent(testApp.app);
    const courier = await record(
      agent,
      'POST',
      '/api/v1/calculator/courier-cost',
      '/api/v1/calculator/courier-cost',
      {
        zip: '125009',
      },
    );
    expect(courier.options.length).toBeGreaterThan(0);
    const list = await record(agent, 'GET', '/api/v1/calculator/list', '/api/v1/calculator/list');
    expect(list.methods.length).toBeGreaterThan(0);
    const points = await record(agent, 'POST', '/api/v1/calculator/pvz', '/api/v1/calculator/pvz', {
      type: 7,
    });
    expect(points.points.length).toBeGreaterThan(0);
    const point = points.points[0] as { code: string; type: number };
    await record(agent, 'POST', '/api/v1/calculator/pvz-cost', '/api/v1/calculator/pvz-cost', {
      code: point.code,
      type: point.type,
    });
    await record(agent, 'POST', '/api/v1/calculator/pvz-search', '/api/v1/calculator/pvz-search', {
      qs: 'Москва',
    });
    const suggestions = await record(
      agent,
      'GET',
      `/api/v1/address?q=${encodeURIComponent('Тверская')}`,
      '/api/v1/address',
    );
    expect(suggestions.suggestions.length).toBeGreaterThan(0);
  });

  it('content, search, reviews and the school', async () => {
    const agent = createTestAgent(testApp.app);
    const critical = await record(agent, 'GET', '/api/v1/critical', '/api/v1/critical');
    expect(critical.categories.length).toBeGreaterThan(0);
    await record(agent, 'GET', '/api/v1/filter/articles', '/api/v1/filter/articles');
    await record(agent, 'POST', '/api/v1/filter/products', '/api/v1/filter/products', { id: 0 });
    const found = await record(agent, 'POST', '/api/v1/search', '/api/v1/search', { q: 'лаванда' });
    expect(found.results.products.length).toBeGreaterThan(0);
    await record(agent, 'POST', '/api/v1/hint', '/api/v1/hint', { q: 'лав' });
    await record(agent, 'POST', '/api/v1/reviews', '/api/v1/reviews', { page: 1 });
    const courses = await record(agent, 'GET', '/api/v1/courses', '/api/v1/courses');
    expect(courses.items.length).toBeGreaterThan(0);
    await agent.register();
    await record(agent, 'GET', '/v1/my-courses', '/v1/my-courses');
  });

  it('the back office: its lists and an order page', async () => {
    const moderator = await signInAs(testApp.app, testApp.database.db, TEST_MODERATOR_ID);
    const admin = (path: string) =>
      record(moderator, 'GET', `/api/v1/admin${path}`, `/api/v1/admin${path.split('?')[0]}`);
    expect((await admin('/me')).moderator).toBe(true);
    const orders = await admin('/orders');
    expect(orders.orders.length).toBeGreaterThan(0);
    const order = await record(
      moderator,
      'GET',
      `/api/v1/admin/orders/${orders.orders[0].id}`,
      '/api/v1/admin/orders/{id}',
    );
    expect(order.order.history.length).toBeGreaterThan(0);
    const customers = await admin('/customers');
    await record(
      moderator,
      'GET',
      `/api/v1/admin/customers/${customers.customers[0].id}`,
      '/api/v1/admin/customers/{id}',
    );
    for (const path of [
      '/promo',
      '/outbox',
      '/audit',
      '/dashboard',
      '/moderation/summary',
      '/reviews',
      '/comments',
      '/questions',
      '/diploma/sets',
      '/exchange',
    ]) {
      await admin(path);
    }
  });

  it('errors: 400, 401, 403, 404, 409, 419, 422 and 429 answers, each in the catalogue shape the document declares', async () => {
    const guest = createTestAgent(testApp.app);
    const expectError = async (
      agent: TestAgent,
      call: { method: string; url: string; payload?: object | string; headers?: Record<string, string> },
      path: string,
      status: number,
    ) => {
      const response = call.headers
        ? await testApp.app.inject(call)
        : await agent.request({
            method: call.method,
            url: call.url,
            ...(call.payload ? { payload: call.payload } : {}),
          });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(status);
      const body = response.json();
      expectAnswerMatches(call.method.toLowerCase(), path, status, body);
      return body;
    };

    const broken = await expectError(
      guest,
      {
        method: 'POST',
        url: '/api/v1/route',
        payload: '{"url":',
        headers: { 'content-type': 'application/json' },
      },
      '/api/v1/route',
      400,
    );
    expect(broken.title).toMatch(/[а-яё]/i);
    const guestAccount = await expectError(
      guest,
      { method: 'GET', url: '/v1/my-account' },
      '/v1/my-account',
      401,
    );
    expect(guestAccount.error).toBe('UNAUTHENTICATED');
    const missing = await expectError(
      guest,
      { method: 'POST', url: '/api/v1/route', payload: { url: '/takoy-stranicy-net.html' } },
      '/api/v1/route',
      404,
    );
    expect(missing).toEqual({ message: 'Not Found' });
    const forged = await expectError(
      guest,
      { method: 'PUT', url: '/v1/cart/save', headers: { cookie: 'XSRF-TOKEN=one' } },
      '/v1/cart/save',
      419,
    );
    expect(forged.message).toBe('CSRF token mismatch.');
    const invalid = await expectError(
      guest,
      { method: 'POST', url: '/v1/user/login', payload: { email: 'не почта', password: '' } },
      '/v1/user/login',
      422,
    );
    expect(Object.keys(invalid.errors)).toContain('email');

    const customer = createTestAgent(testApp.app);
    await customer.register();
    await expectError(customer, { method: 'GET', url: '/api/v1/admin/orders' }, '/api/v1/admin/orders', 403);
    const empty = await expectError(customer, { method: 'PUT', url: '/v1/cart/save' }, '/v1/cart/save', 409);
    expect(empty.errors.cart[0]).toMatch(/пуста/);
    // Ten requests for a new password an hour from one address, then 429.
    const email = `forgot.${randomUUID()}@example.ru`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await record(guest, 'PUT', '/v1/user/forgot-password', '/v1/user/forgot-password', { email });
    }
    const tooMany = await expectError(
      guest,
      { method: 'PUT', url: '/v1/user/forgot-password', payload: { email } },
      '/v1/user/forgot-password',
      429,
    );
    expect(tooMany).toEqual({ message: 'Too Many Attempts.' });
  });
});
