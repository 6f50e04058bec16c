// A guest's page render reads its data through the routes' own code, not through simulated HTTP requests; calls
// that depend on the visitor (a cart cookie, a token) still go through the routes, and the page is the same.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSourceSsrOptions } from '../test/page-renderer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ deps: { ssr: await createSourceSsrOptions() } });
});
afterAll(() => shop.close());

const product = '/lavanda-uzkolistnaya-10-ml.html';

async function renderWithCalls(url: string, cookie?: string) {
  const inject = vi.spyOn(shop.app, 'inject');
  try {
    const response = await shop.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
    });
    const calls = (inject.mock.calls as unknown as [{ method?: string; url?: string }][])
      .slice(1)
      .map(([{ method = 'GET', url: path = '' }]) => `${method} ${path.split('?')[0]}`);
    return { response, html: brotliDecompressSync(response.rawPayload).toString('utf8'), calls };
  } finally {
    inject.mockRestore();
  }
}

describe('the data of a guest page render', () => {
  it('is read without a simulated request: no cart to ask for, menus and page data from the routes’ code', async () => {
    const guest = await renderWithCalls(product);
    expect(guest.response.statusCode).toBe(200);
    expect(guest.calls).toEqual([]);
    expect(guest.html).toContain('Лаванда узколистная');
    // The same data the routes send: the embedded start-up data holds the critical data and an empty cart.
    const critical = (await shop.app.inject({ method: 'GET', url: '/api/v1/critical' })).json();
    const embedded = /<script type="application\/json" id="efir-bootstrap">(.*?)<\/script>/s.exec(
      guest.html,
    )?.[1];
    const bootstrap = JSON.parse(embedded ?? 'null');
    expect(bootstrap.critical).toEqual(critical);
    expect(bootstrap.cart).toMatchObject({ lines: [], count: 0, total: 0 });
  });

  it('asks the cart route for a visitor who has a cart cookie', async () => {
    const visitor = await renderWithCalls(product, 'efir_cart=00000000-0000-0000-0000-000000000000');
    expect(visitor.response.statusCode).toBe(200);
    expect(visitor.calls).toEqual(['GET /v1/cart']);
  });

  it('answers an address that is no page through the route: a 404 page, as before', async () => {
    const missing = await renderWithCalls('/net-takogo-masla.html');
    expect(missing.response.statusCode).toBe(404);
    expect(missing.calls).toEqual(['POST /api/v1/route']);
  });
});
