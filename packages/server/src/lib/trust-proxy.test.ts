// TRUST_PROXY counts hops (issue 37, point 9): with one trusted proxy the client's address is the one that proxy
// saw and appended, not whatever the client wrote at the left of X-Forwarded-For — rotating that gets past nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestConfig } from '../config.ts';
import { createTestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => shop.close());

describe('TRUST_PROXY', () => {
  it('1 trusts one proxy: a forged address at the left of X-Forwarded-For does not get past the per-address limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await createTestAgent(shop.app).request({
        method: 'POST',
        url: '/v1/user/login',
        // The client forges a new address each time; the proxy appends the one it saw, always the same.
        headers: { 'x-forwarded-for': `10.${attempt}.0.1, 203.0.113.7` },
        payload: { email: `nobody.${randomUUID()}@example.ru`, password: 'не тот пароль' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses[20]).toBe(429);
  });

  it('reads hops, addresses and the yes/no words', () => {
    const read = (value: string) => createTestConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(read('0')).toBe(false);
    expect(read('no')).toBe(false);
    expect(read('1')).toBe(1);
    expect(read('yes')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 10.0.0.0/8,::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => read('everyone')).toThrow(/TRUST_PROXY/);
  });
});
