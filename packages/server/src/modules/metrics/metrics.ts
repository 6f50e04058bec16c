// GET /metrics in Prometheus' text format, for the person on call (METRICS_TOKEN, Bearer; without it there is no
// such address). Per request only one histogram observation (request-histogram.ts); the rest is read at scrape.
import { timingSafeEqual } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { onQueryTimed, poolConnections } from '../../db/query-timing.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import { redisFallbackCounts } from '../../lib/redis-fallback.ts';
import type { CacheStats } from '../../lib/response-cache.ts';
import { createRequestHistogram } from './request-histogram.ts';

export interface MetricsOptions {
  db: Database;
  token: string;
  /** The answer cache (decision 006) and the guest page cache (decision 014), when on. */
  caches: { answers: { stats(): CacheStats }; guestPages: { stats(): CacheStats } | null };
  /** Every status a payment can have, each reported (0 when none): the payments' list, handed in by app-features.ts. */
  paymentStatuses: readonly string[];
}

/** The newest rows the scrape-time counts look at: a bounded index scan however large the tables grow. */
const RECENT_ROWS = 10_000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whether the Authorization header carries the token, compared in constant time. */
function hasToken(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'efir_' });

  const requests = createRequestHistogram();
  app.addHook('onResponse', (request, reply, done) => {
    // A page render's in-process API calls are part of the page's time, not customers' requests of their own.
    if (request.raw instanceof IncomingMessage) {
      requests.observe(
        request.method,
        request.routeOptions.url ?? '*',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  const queries = new Histogram({
    name: 'efir_db_query_duration_seconds',
    help: 'Database queries, from sending to the answer',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const stopTiming = onQueryTimed((seconds) => queries.observe(seconds));
  app.addHook('onClose', async () => {
    stopTiming();
  });

  new Gauge({
    name: 'efir_db_pool_connections',
    help: 'Database connections of the pool: open, idle, and requests waiting for one (the embedded database has one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = poolConnections();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, counts[state]);
    },
  });

  // Letters and Telegram messages waiting in the outbox (decision 026): the partial index on pending rows answers.
  const outboxOldest = new Gauge({
    name: 'efir_outbox_oldest_pending_seconds',
    help: 'Age of the oldest letter or message still waiting to be sent (0: none waiting)',
    registers: [registry],
  });
  new Gauge({
    name: 'efir_outbox_pending',
    help: 'Letters and Telegram messages waiting to be sent (due: their next attempt is now)',
    labelNames: ['due'] as const,
    registers: [registry],
    async collect() {
      const [found] = rowsOf<{ due: number; later: number; oldest: number | null }>(
        await options.db.execute(sql`
          SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
                 count(*) FILTER (WHERE next_attempt_at > now())::int AS later,
                 extract(epoch FROM now() - min(created_at))::float8 AS oldest
          FROM outbox WHERE status = 'pending'`),
      );
      this.set({ due: 'yes' }, found?.due ?? 0);
      this.set({ due: 'no' }, found?.later ?? 0);
      outboxOldest.set(Math.max(0, found?.oldest ?? 0));
    },
  });
  new Gauge({
    name: 'efir_outbox_failed_last_day',
    help: 'Letters and messages given up in the last 24 hours (the back office can send them again)',
    registers: [registry],
    async collect() {
      const [found] = rowsOf<{ count: number }>(
        await options.db.execute(sql`
          SELECT count(*)::int AS count
          FROM (SELECT status, created_at FROM outbox ORDER BY id DESC LIMIT ${RECENT_ROWS}) recent
          WHERE status = 'failed' AND created_at >= now() - interval '24 hours'`),
      );
      this.set(found?.count ?? 0);
    },
  });

  new Counter({
    name: 'efir_cache_lookups_total',
    help: 'Lookups of the answer cache and the guest page cache, by result (hit: sent from memory)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const caches = { answers: options.caches.answers, guest_pages: options.caches.guestPages };
      for (const [cache, source] of Object.entries(caches)) {
        const stats = source?.stats() ?? { hits: 0, misses: 0 };
        this.inc({ cache, result: 'hit' }, stats.hits);
        this.inc({ cache, result: 'miss' }, stats.misses);
      }
    },
  });

  new Counter({
    name: 'efir_redis_fallbacks_total',
    help: 'Uses of Redis that fell back to this instance alone while Redis did not answer (decision 048)',
    labelNames: ['use'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [use, count] of Object.entries(redisFallbackCounts())) this.inc({ use }, count);
    },
  });

  new Gauge({
    name: 'efir_payments_last_day',
    help: 'Card payments started in the last 24 hours, by their status now',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const found = rowsOf<{ status: string; count: number }>(
        await options.db.execute(sql`
          SELECT status, count(*)::int AS count
          FROM (SELECT status, created_at FROM payments ORDER BY id DESC LIMIT ${RECENT_ROWS}) recent
          WHERE created_at >= now() - interval '24 hours'
          GROUP BY status`),
      );
      for (const status of options.paymentStatuses) {
        this.set({ status }, found.find((row) => row.status === status)?.count ?? 0);
      }
    },
  });

  new Gauge({
    name: 'efir_orders_last_hour',
    help: 'Orders placed in the last hour',
    registers: [registry],
    async collect() {
      const [found] = rowsOf<{ count: number }>(
        await options.db.execute(sql`
          SELECT count(*)::int AS count FROM orders WHERE created_at >= now() - interval '1 hour'`),
      );
      this.set(found?.count ?? 0);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!hasToken(request.headers.authorization, options.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated();
    }
    const text = (await registry.metrics()) + requests.render();
    return reply.header('content-type', registry.contentType).send(text);
  });
}
