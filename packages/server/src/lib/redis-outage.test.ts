// Redis is a shared helper, not a hard dependency (issue 37, points 1–2): with it gone, logins and one-click orders
// still answer (the limits fall back to this instance's memory, counted in /metrics), /api/ready keeps the instance
// in the balancer with `redis: "degraded"`, and once Redis is back the limits are shared again by themselves.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts, LAVENDER_URL } from '../test/demo-products.ts';
import { type RedisRelay, redisForTests, startRedisRelay, TEST_REDIS_URL } from '../test/redis.ts';
import { createTestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789';
const redisUp = await redisForTests('the Redis outage test');
const prefix = `efir-outage-${randomUUID().slice(0, 8)}`;
let relay: RedisRelay;
let shop: TestApp;
let direct: Redis;

beforeAll(async () => {
  if (!redisUp) return;
  relay = await startRedisRelay();
  shop = await createTestApp({ env: { REDIS_URL: relay.url, REDIS_PREFIX: prefix, METRICS_TOKEN: TOKEN } });
  direct = new Redis(TEST_REDIS_URL);
});

afterAll(async () => {
  await shop?.close();
  await relay?.close();
  direct?.disconnect();
});

async function fallbacks(): Promise<number> {
  const response = await shop.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = response.body
    .split('\n')
    .find((row) => row.startsWith('efir_redis_fallbacks_total{use="rate_limit"}'));
  return Number(line?.split(' ')[1] ?? 0);
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

describe.skipIf(!redisUp)('Redis stops and comes back', () => {
  it('logins and one-click orders answer; ready stays 200, degraded; the limits go back to Redis', async () => {
    const customer = createTestAgent(shop.app);
    const { email, password } = await customer.register();
    const login = () =>
      createTestAgent(shop.app).request({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email, password },
      });
    const [lavender] = Object.values(await demoProducts(shop.database.db, [LAVENDER_URL]));
    const oneClick = () =>
      createTestAgent(shop.app).request({
        method: 'POST',
        url: '/v1/order/one-click',
        payload: {
          idempotency_key: randomUUID(),
          name: 'Марина',
          tel: '+7 917 555 01 11',
          product_id: lavender!.id,
        },
      });

    expect((await login()).statusCode).toBe(200);
    // The limits live in Redis under the shop's prefix.
    expect((await direct.keys(`${prefix}:rl:*`)).length).toBeGreaterThan(0);
    const before = await fallbacks();

    await relay.cut();
    expect((await login()).statusCode).toBe(200);
    const order = await oneClick();
    expect(order.statusCode, order.body).toBe(200);
    expect(await fallbacks()).toBeGreaterThan(before);
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'degraded' });

    await relay.restore();
    await until(
      async () => (await shop.app.inject({ method: 'GET', url: '/api/ready' })).json().redis === 'ok',
      'Redis ok again',
    );
    await direct.del(...(await direct.keys(`${prefix}:rl:*`)));
    const afterOutage = await fallbacks();
    expect((await login()).statusCode).toBe(200);
    // Counted in Redis again, not in memory.
    expect((await direct.keys(`${prefix}:rl:*`)).length).toBeGreaterThan(0);
    expect(await fallbacks()).toBe(afterOutage);
  });
});
