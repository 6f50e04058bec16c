// GET /api/ready: a balancer sends traffic only to an instance whose database (and Redis) answer and that is not
// shutting down; /api/health stays 200 for as long as the process lives.
import { afterEach, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../test/redis.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp | undefined;
const redisUp = await redisForTests('the readiness check of Redis');

afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe('GET /api/ready', () => {
  it('is ready when the database answers', async () => {
    shop = await createTestApp();
    const response = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
  });

  it('answers 503 from SIGTERM on, while /api/health still answers 200', async () => {
    shop = await createTestApp();
    shop.app.requestTracker.startDraining();
    const ready = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'stopping' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    shop = await createTestApp();
    const { database } = shop;
    await database.close();
    // destroy() would close it again.
    shop = { ...shop, close: () => shop!.app.close() } as TestApp;
    const response = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      redis: 'not configured',
    });
  });

  it.runIf(redisUp)('checks Redis when it is configured', async () => {
    shop = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
    const response = await shop.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });
});
