// The OpenAPI document and the wire: every API route is in it, and answers recorded from real calls (catalogue,
// cart, session, orders) validate against the response schemas it publishes.
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listRoutes } from '../test/hard/route-capture.ts';
import { createTestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

vi.mock('fastify', async (importOriginal) => {
  const { wrapFastify } = await import('../test/hard/route-capture.ts');
  return wrapFastify(await importOriginal());
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

let testApp: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(() => testApp.close());

/** /v1/cart/:id → /v1/cart/{id}, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const isApi = (url: string) => /^\/(api|v1)\/|^\/refresh$|^\/registration$/.test(url);
const isDocs = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

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

  /** The answer validates against the document's schema of its route and status (not the zod one: the wire). */
  function expectAnswerMatches(method: string, path: string, status: number, body: unknown) {
    const schema =
      document.paths[path]?.[method]?.responses?.[String(status)]?.content?.['application/json']?.schema;
    expect(schema, `${method.toUpperCase()} ${path} ${status} has a schema`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }

  it('catalogue: a product page and a category listing', async () => {
    for (const url of ['/lavanda-uzkolistnaya-10-ml.html', '/catalog.html']) {
      const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/route', payload: { url } });
      expect(response.statusCode, response.body).toBe(200);
      expectAnswerMatches('post', '/api/v1/route', 200, response.json());
    }
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
});
