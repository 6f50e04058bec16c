// Abuse limits: counted per window, and shared by every instance when they use one Redis.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '../test/redis.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('forgives an attempt that proved right, and nothing past an empty window', async () => {
    const limiter = createMemoryRateLimiter();
    expect(await limiter.hit('k', 2, 10_000)).toBe(true);
    expect(await limiter.hit('k', 2, 10_000)).toBe(true);
    await limiter.forgive('k');
    expect(await limiter.hit('k', 2, 10_000)).toBe(true);
    expect(await limiter.hit('k', 2, 10_000)).toBe(false);
    await limiter.forgive('never-hit');
    expect(await limiter.hit('never-hit', 1, 10_000)).toBe(true);
    await limiter.close();
  });

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

const redisUrl = TEST_REDIS_URL;
// Skipped on a developer's machine without Redis; in CI a missing Redis fails the file (test/redis.ts).
const redisUp = await redisForTests('the shared-limit test', redisUrl);
let first: Redis;
let second: Redis;

beforeAll(async () => {
  if (!redisUp) return;
  first = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  second = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await first.connect();
  await second.connect();
});

afterAll(async () => {
  first?.disconnect();
  second?.disconnect();
});

describe.skipIf(!redisUp)('redis rate limiter', () => {
  it('shares the count between two instances (each with its own connection)', async () => {
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

  it('forgives one attempt of a live window, and never makes a key of an expired one', async () => {
    const key = `test:${Date.now()}:${Math.random()}`;
    const limiter = createRedisRateLimiter(first);
    await limiter.hit(key, 2, 10_000);
    await limiter.hit(key, 2, 10_000);
    await limiter.forgive(key);
    expect(await first.get(`efir:rl:${key}`)).toBe('1');
    const gone = `${key}:gone`;
    await limiter.forgive(gone);
    expect(await first.exists(`efir:rl:${gone}`)).toBe(0);
  });
});
