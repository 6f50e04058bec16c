// GET /api/ready: may a balancer send this instance traffic? Yes while its database answers and it is not shutting
// down; /api/health only says the process is alive. Redis, shared by all instances, is reported, never a reason to
// leave the balancer: without it each instance still serves, alone (`redis: "degraded"`, decision 048).
import { readinessAnswerSchema } from '@efir/domain/api-wire';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { isRedisConnected } from '../lib/redis-fallback.ts';

/** A dependency slower than this counts as unreachable: the probe must answer before the balancer gives up. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([
    check.then(
      () => true,
      () => false,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

export function registerReadiness(app: FastifyInstance, deps: { db: Database; redis: Redis | null }): void {
  app.get(
    '/api/ready',
    { schema: { response: { 200: readinessAnswerSchema, 503: readinessAnswerSchema } } },
    async (_request, reply) => {
      if (app.requestTracker.isStopping()) {
        return reply.code(503).send({ status: 'stopping', database: 'skipped', redis: 'skipped' });
      }
      const [database, redis] = await Promise.all([
        withinTimeout(deps.db.execute(sql`SELECT 1`)),
        deps.redis
          ? isRedisConnected(deps.redis)
            ? withinTimeout(deps.redis.ping())
            : Promise.resolve(false)
          : Promise.resolve(null),
      ]);
      return reply.code(database ? 200 : 503).send({
        status: database ? 'ready' : 'unavailable',
        database: database ? 'ok' : 'unreachable',
        redis: redis === null ? 'not configured' : redis ? 'ok' : 'degraded',
      });
    },
  );
}
