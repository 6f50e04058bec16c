// Fixed-window counters for abuse limits (login, registration, reviews…): in Redis when REDIS_URL is set, so
// every instance shares them (in this process's memory while Redis is away), otherwise in this process's memory.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { countRedisFallback, isRedisConnected } from './redis-fallback.ts';

export interface RateLimiter {
  /** Counts one attempt for key; false when the limit for this window is already used up. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /**
   * Takes back one attempt of key's window: for limits on failures (logins), a success is counted like any attempt
   * first — so a burst of guesses in parallel is counted whole — and forgiven once it proves right.
   */
  forgive(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweeper.unref();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return limit >= 1;
      }
      window.count += 1;
      return window.count <= limit;
    },
    async forgive(key) {
      const window = windows.get(key);
      if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

const FORGIVE_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1]) end return 0`;

/**
 * Shared by every instance through Redis. While Redis does not answer, each instance counts in its own memory (a
 * limit a few times looser for that while, never a 500 or a shop that stops taking logins), logged once and counted
 * in /metrics; the next call after Redis is back counts there again.
 */
export function createRedisRateLimiter(
  redis: Redis,
  prefix = 'efir:rl:',
  log?: FastifyBaseLogger,
): RateLimiter {
  const memory = createMemoryRateLimiter();
  let alone = false;
  const fallBack = (key: string, limit: number, windowMs: number, error?: unknown) => {
    countRedisFallback('rate_limit');
    if (!alone)
      log?.warn({ err: error }, 'rate limits: Redis unavailable, counting in this instance’s memory');
    alone = true;
    return memory.hit(key, limit, windowMs);
  };
  return {
    async hit(key, limit, windowMs) {
      if (!isRedisConnected(redis)) return fallBack(key, limit, windowMs);
      const name = `${prefix}${key}`;
      try {
        const [[error, count]] = (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [
          [Error | null, number],
        ];
        if (error) throw error;
        if (alone) log?.info('rate limits: Redis is back, shared again');
        alone = false;
        return count <= limit;
      } catch (error) {
        return fallBack(key, limit, windowMs, error);
      }
    },
    async forgive(key) {
      if (!isRedisConnected(redis)) return memory.forgive(key);
      try {
        // Only a live window: a DECR of an expired key would make one with no expiry.
        await redis.eval(FORGIVE_SCRIPT, 1, `${prefix}${key}`);
      } catch {
        await memory.forgive(key);
      }
    },
    async close() {
      await memory.close();
    },
  };
}
