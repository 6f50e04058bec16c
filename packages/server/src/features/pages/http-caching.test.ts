// Answers that are the same for every visitor carry validators, and a client holding the current copy gets 304:
// the sitemap's files (per encoding) and the critical data; robots.txt and the feeds are covered elsewhere.
import { SUPPRESS_ERRORS_HEADER } from '@efir/domain/http-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ env: { PAGE_CACHE_TTL_MS: '60000' } });
});
afterAll(() => shop.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

describe('conditional requests', () => {
  it('answers 304 for a current sitemap file, each encoding with its own tag', async () => {
    for (const url of ['/sitemap.xml', '/sitemap-pages-1.xml', '/sitemap-products-1.xml']) {
      const tags = new Set<string>();
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await get(url, { 'accept-encoding': encoding });
        expect(first.statusCode).toBe(200);
        // Public and shared by caches: no visitor's cookie in it.
        expect(first.headers['set-cookie']).toBeUndefined();
        const etag = String(first.headers.etag);
        tags.add(etag);
        const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': `W/${etag}, "other"` });
        expect(again.statusCode, `${url} ${encoding}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers['content-encoding']).toBeUndefined();
        const since = await get(url, {
          'accept-encoding': encoding,
          'if-modified-since': String(first.headers['last-modified']),
        });
        expect(since.statusCode).toBe(304);
        const earlier = new Date(Date.parse(String(first.headers['last-modified'])) - 1000).toUTCString();
        expect(
          (await get(url, { 'accept-encoding': encoding, 'if-modified-since': earlier })).statusCode,
        ).toBe(200);
      }
      expect(tags.size).toBe(3);
    }
  });

  it('answers 304 for the current critical data, and tells the wrapped form apart', async () => {
    const first = await get('/api/v1/critical');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get('/api/v1/critical', { 'if-none-match': etag })).statusCode).toBe(304);
    const wrapped = await get('/api/v1/critical', { 'if-none-match': etag, [SUPPRESS_ERRORS_HEADER]: '1' });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json()).toMatchObject({ ok: true });
    expect(wrapped.headers.etag).not.toBe(etag);
  });

  it('never sends a validator with a personal answer', async () => {
    const cart = await shop.app.inject({ method: 'GET', url: '/v1/cart', headers: { 'if-none-match': '*' } });
    expect(cart.statusCode).not.toBe(304);
    expect(cart.headers.etag).toBeUndefined();
  });
});
