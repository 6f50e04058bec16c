// Abuse limits: counted per window, and shared by every instance when they use one Redis.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('allows the limit, refuses the next, and starts over in a new window', async () => {
    const limiter = createMemoryRateLimiter();
    const results = [];
    for (let attempt = 0; attempt < 4; attempt++) results.push(await limiter.hit('login:a@b.ru', 3, 50));
    expect(results).toEqual([true, true, true, false]);
    expect(await limiter.hit('login:c@d.ru', 3, 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(await limiter.hit('login:a@b.ru', 3, 50)).toBe(true);
    await limiter.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let reachable = false;
let first: Redis;
let second: Redis;

beforeAll(async () => {
  first = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  second = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await first.connect();
    await second.connect();
    reachable = true;
  } catch {
    console.warn(`Redis is not reachable at ${redisUrl}: the shared-limit test is skipped`);
  }
});

afterAll(async () => {
  first?.disconnect();
  second?.disconnect();
});

describe('redis rate limiter', () => {
  it('shares the count between two instances (each with its own connection)', async (context) => {
    if (!reachable) context.skip();
    const key = `test:${Date.now()}:${Math.random()}`;
    const instanceA = createRedisRateLimiter(first);
    const instanceB = createRedisRateLimiter(second);
    const results = [
      await instanceA.hit(key, 4, 10_000),
      await instanceB.hit(key, 4, 10_000),
      await instanceA.hit(key, 4, 10_000),
      await instanceB.hit(key, 4, 10_000),
      await instanceA.hit(key, 4, 10_000),
      await instanceB.hit(key, 4, 10_000),
    ];
    expect(results).toEqual([true, true, true, true, false, false]);
    expect(await first.pttl(`efir:rl:${key}`)).toBeGreaterThan(0);
  });
});
