// CANONICAL_HOST: any other Host is sent to the one host with 301, path and query kept; health checks answer on
// any host; without the setting every host is served as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let open: TestApp;

beforeAll(async () => {
  [shop, open] = await Promise.all([
    createTestApp({ env: { CANONICAL_HOST: 'efir.example' } }),
    createTestApp(),
  ]);
});
afterAll(() => Promise.all([shop.close(), open.close()]));

const get = (app: TestApp, url: string, host: string, method: 'GET' | 'POST' = 'GET') =>
  app.app.inject({ method, url, headers: { host } });

describe('CANONICAL_HOST', () => {
  it.each([
    [
      'www.efir.example',
      '/catalog.html?page=2&utm_source=vk',
      'https://efir.example/catalog.html?page=2&utm_source=vk',
    ],
    ['127.0.0.1:3000', '/', 'https://efir.example/'],
    ['old-efir.example', '/robots.txt', 'https://efir.example/robots.txt'],
    // The clean form in the same hop.
    ['www.efir.example', '/help/', 'https://efir.example/help'],
  ])('sends %s%s to the canonical host', async (host, url, location) => {
    const response = await get(shop, url, host);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('serves the canonical host, in any letter case and on any port', async () => {
    for (const host of ['efir.example', 'EFIR.example', 'efir.example:8080']) {
      const response = await get(shop, '/robots.txt', host);
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('answers health checks on any host, and keeps a POST a POST', async () => {
    expect((await get(shop, '/api/health', '10.0.0.5:3000')).statusCode).toBe(200);
    const post = await get(shop, '/api/v1/route', 'www.efir.example', 'POST');
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('https://efir.example/api/v1/route');
  });

  it('leaves every host alone when not set', async () => {
    expect((await get(open, '/robots.txt', 'www.efir.example')).statusCode).toBe(200);
  });

  it('is a host name, without scheme or path', () => {
    expect(loadConfig({ CANONICAL_HOST: 'Efir.RU' }).CANONICAL_HOST).toBe('efir.ru');
    expect(loadConfig({ CANONICAL_HOST: 'localhost:3000' }).CANONICAL_HOST).toBe('localhost:3000');
    for (const bad of ['https://efir.ru', 'efir.ru/shop', 'efir ru']) {
      expect(() => loadConfig({ CANONICAL_HOST: bad })).toThrow(ConfigError);
    }
  });
});
