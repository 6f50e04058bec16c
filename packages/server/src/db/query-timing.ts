// How long database queries take, for /metrics: every client of a pool reports each query's duration to whoever
// listens (one process has one database; the metrics of the app built on it listen). Also the pools' sizes.
import type pg from 'pg';

type Listener = (seconds: number) => void;
const listeners = new Set<Listener>();

/** Starts reporting; returns the function that stops it. */
export function onQueryTimed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(started: number): void {
  const seconds = (performance.now() - started) / 1000;
  for (const listener of listeners) listener(seconds);
}

/** The pools being timed, for their connection counts at scrape. */
const pools = new Set<pg.Pool>();

/** Connections of the process's database pools: open, idle, and callers waiting for one (a full pool). */
export function poolConnections(): { total: number; idle: number; waiting: number } {
  const counts = { total: 0, idle: 0, waiting: 0 };
  for (const pool of pools) {
    if (pool.ended) {
      pools.delete(pool);
      continue;
    }
    counts.total += pool.totalCount;
    counts.idle += pool.idleCount;
    counts.waiting += pool.waitingCount;
  }
  return counts;
}

/** Times the queries of every connection the pool opens (transactions included). */
export function timeQueries(pool: pg.Pool): void {
  pools.add(pool);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const started = performance.now();
      const done = () => report(started);
      // The pool's own query() passes a callback; drizzle's transactions await the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          done();
          return callback(...results);
        };
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
  });
}
