// Cache drops shared by the instances of one shop: a change on one instance (a slide, a price, a menu) drops the
// cached copies on every other one at once. Over Redis pub/sub when REDIS_URL is set; a single instance otherwise.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { countRedisFallback } from './redis-fallback.ts';

export interface InvalidationBus {
  /** Tells the other instances to drop their caches (this one drops its own itself). */
  publish(): void;
  /** What to do when another instance says so. */
  onRemote(handler: () => void): void;
  /** Resolves once it listens (or after a short wait when Redis is away: the shop starts anyway). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const SUBSCRIBE_WAIT_MS = 3000;

export function createLocalInvalidationBus(): InvalidationBus {
  return { publish() {}, onRemote() {}, async ready() {}, async close() {} };
}

/**
 * `redis` publishes; a duplicate connection subscribes to `<prefix>:cache-invalidate`. A message carries the
 * sender's id, so an instance does not drop its caches twice for its own change.
 */
export function createRedisInvalidationBus(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
): InvalidationBus {
  const channel = `${prefix}:cache-invalidate`;
  const self = randomUUID();
  const handlers: Array<() => void> = [];
  // The subscriber waits for Redis however long it takes and subscribes again after a reconnect.
  const subscriber = redis.duplicate({ maxRetriesPerRequest: null });
  subscriber.on('error', (error: unknown) => log.warn({ err: error }, 'cache bus: Redis unavailable'));
  const subscribed = subscriber
    .subscribe(channel)
    .then(() => undefined)
    .catch((error: unknown) => log.warn({ err: error }, 'cache bus: not subscribed'));
  subscriber.on('message', (_channel: string, sender: string) => {
    if (sender === self) return;
    for (const handler of handlers) handler();
  });
  return {
    publish() {
      redis.publish(channel, self).catch((error: unknown) => {
        // The other instances keep their copies until their own time-to-live ends (decision 048).
        countRedisFallback('cache_bus');
        log.warn({ err: error }, 'cache bus: not published');
      });
    },
    onRemote(handler) {
      handlers.push(handler);
    },
    async ready() {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log.warn('cache bus: Redis does not answer yet; changes on other instances reach this one later');
          resolve();
        }, SUBSCRIBE_WAIT_MS);
      });
      await Promise.race([subscribed, waited]);
      clearTimeout(timer);
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
