// Fixed-window counters for abuse limits (login, registration, reviews…): in Redis when REDIS_URL is set, so
// every instance shares them, otherwise in this process's memory.
import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one attempt for key; false when the limit for this window is already used up. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
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
    async close() {
      clearInterval(sweeper);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'efir:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const name = `${prefix}${key}`;
      const [[, count]] = (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [
        [null, number],
      ];
      return count <= limit;
    },
    async close() {},
  };
}
