// Every answer carries its request's id (X-Request-Id); an id sent by the client is taken only behind a trusted proxy.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let shop: TestApp | undefined;

/** Over a real port: the shop tells network requests from its own in-process calls. */
async function idOfAnswer(headers: Record<string, string> = {}): Promise<string | null> {
  const address = shop!.app.server.listening
    ? `http://127.0.0.1:${(shop!.app.server.address() as AddressInfo).port}`
    : await shop!.app.listen({ host: '127.0.0.1', port: 0 });
  const response = await fetch(`${address}/api/health`, { headers });
  return response.headers.get('x-request-id');
}

afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe('request id', () => {
  it('gives every request an id of its own and returns it', async () => {
    shop = await createTestApp();
    const first = await shop.app.inject({ method: 'GET', url: '/api/health' });
    const second = await shop.app.inject({ method: 'GET', url: '/api/v1/no-such-call' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('ignores a client’s X-Request-Id unless the shop stands behind a trusted proxy', async () => {
    shop = await createTestApp();
    expect(await idOfAnswer({ 'x-request-id': 'chosen-by-client' })).toMatch(UUID);
  });

  it('keeps the proxy’s X-Request-Id with TRUST_PROXY, unless it could mislead in the log', async () => {
    shop = await createTestApp({ env: { TRUST_PROXY: '1' } });
    expect(await idOfAnswer({ 'x-request-id': 'lb-7f3a.1' })).toBe('lb-7f3a.1');
    expect(await idOfAnswer({ 'x-request-id': 'fake line "level":60' })).toMatch(UUID);
  });
});
