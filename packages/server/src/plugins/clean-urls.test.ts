// One address per page: the duplicate forms of a page address answer 301 to it, with the query kept, before the
// page is rendered or kept in the guest page cache.
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSourceSsrOptions } from '../test/page-renderer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let port = 0;

beforeAll(async () => {
  shop = await createTestApp({
    env: { PAGE_CACHE_TTL_MS: '60000' },
    deps: { ssr: await createSourceSsrOptions() },
    // Production serves the client build's files (index.html among them) from routes added after buildApp.
    extend: (app) => app.get('/index.html', async () => '<!--app-html-->'),
  });
});
afterAll(() => shop.close());

/** A GET whose request line is sent byte for byte; the status and Location of the answer. */
async function rawGet(target: string): Promise<{ status: number; location: string }> {
  if (port === 0) {
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  }
  const socket = connect(port, '127.0.0.1');
  socket.write(`GET ${target} HTTP/1.1\r\nHost: efir.ru\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  const head = answer.split('\r\n\r\n')[0] ?? '';
  return {
    status: Number(head.split(' ')[1]),
    location: /^location: (.*)$/im.exec(head)?.[1] ?? '',
  };
}

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  shop.app.inject({ method, url, headers: { accept: 'text/html' } });

describe('duplicate page addresses', () => {
  it.each([
    ['/help/', '/help'],
    ['/catalog.html/', '/catalog.html'],
    ['/lavanda-uzkolistnaya-10-ml.html/', '/lavanda-uzkolistnaya-10-ml.html'],
    ['/efirnye-masla/citrusovye/?page=2&sort=1', '/efirnye-masla/citrusovye?page=2&sort=1'],
    ['/help//', '/help'],
    ['//efirnye-masla//citrusovye', '/efirnye-masla/citrusovye'],
    ['//example.com/', '/example.com'],
    ['/index.html', '/'],
    ['/index.html?utm_source=ya', '/?utm_source=ya'],
    ['//', '/'],
    ['/Lavanda-Uzkolistnaya-10-ML.html?from=feed', '/lavanda-uzkolistnaya-10-ml.html?from=feed'],
    ['/CATALOG.HTML/', '/catalog.html'],
    ['/reviews', '/reviews.html'],
    ['/reviews/?page=2', '/reviews.html?page=2'],
  ])('%s answers 301 to %s', async (from, to) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await get(from, method);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(to);
    }
  });

  // A browser reads «\\» as «/» and drops tabs and line breaks: «/\\evil.example» is «//evil.example», another host.
  it.each([
    '/\\evil.example/',
    '/\\evil.example',
    '/\\\\evil.example/',
    '\\\\evil.example/',
    '/\\/evil.example/',
    '/%5Cevil.example/',
    '/%2F%2Fevil.example/',
    '/Evil.Example//',
  ])('%s never redirects to another host (a raw request over a socket)', async (from) => {
    // inject() would parse the address as a URL first (turning «\\» into «/»): the request line goes as typed.
    const { status, location } = await rawGet(from);
    if (status === 301) {
      expect(new URL(location, 'https://efir.ru/').host, location).toBe('efir.ru');
      expect(location.replace(/[\t\n\r]/g, ''), location).toMatch(/^\/(?![/\\])/);
    }
  });

  it('lands on the page itself after one redirect', async () => {
    const first = await get('/Catalog.html/?page=1');
    const target = await get(String(first.headers.location));
    expect(target.statusCode).toBe(200);
    expect(target.body).toContain('<link rel="canonical" href="http://localhost:3000/catalog.html" />');
  });

  it.each([
    '/',
    '/help',
    '/reviews.html',
    '/catalog.html?page=2',
    // Percent-escapes stay as the browser sent them; a saved cart's token and the back office keep their case.
    '/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA',
    '/saved/AbCdEf1234567',
  ])('%s is left as it is', async (url) => {
    const response = await get(url);
    expect(response.statusCode).not.toBe(301);
  });

  it('leaves API calls and files alone', async () => {
    const api = await shop.app.inject({ method: 'GET', url: '/api/health/' });
    expect(api.statusCode).toBe(404);
    const image = await shop.app.inject({ method: 'GET', url: '/images/No-Such.JPG' });
    expect(image.statusCode).toBe(404);
    expect((await get('/robots.txt')).statusCode).toBe(200);
  });

  it('never keeps a duplicate in the guest page cache', async () => {
    await get('/dostavka.html/');
    const page = await get('/dostavka.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-cache']).toBe('miss');
  });
});
