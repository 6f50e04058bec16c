// What a Redis outage costs, counted for /metrics: each use of Redis that fell back to this instance alone (a rate
// limit counted in memory, a cache drop or a realtime message not shared). Redis is a shared helper, never a hard
// dependency (decision 048).
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type RedisUse = 'rate_limit' | 'cache_bus' | 'realtime';

const fallbacks: Record<RedisUse, number> = { rate_limit: 0, cache_bus: 0, realtime: 0 };

export function countRedisFallback(use: RedisUse): void {
  fallbacks[use] += 1;
}

export function redisFallbackCounts(): Readonly<Record<RedisUse, number>> {
  return fallbacks;
}

/** Whether a command sent now would be answered at once (not queued behind a reconnect). */
export function isRedisConnected(redis: Redis): boolean {
  return redis.status === 'ready';
}

/**
 * Logs a Redis connection's trouble once when it starts and once when it ends, instead of ioredis's «Unhandled
 * error event» at every reconnect attempt.
 */
export function watchRedisConnection(redis: Redis, log: FastifyBaseLogger, name: string): void {
  let down = false;
  redis.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, `${name}: Redis unavailable, this instance works alone until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`${name}: Redis is back`);
  });
}

/** Ends a connection without waiting on a Redis that may not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (isRedisConnected(redis)) await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
