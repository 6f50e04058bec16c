// How long database queries take, for /metrics: every client of a pool reports each query's duration to whoever
// listens (one process has one database; the metrics of the app built on it listen).
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

/** Times the queries of every connection the pool opens (transactions included). */
export function timeQueries(pool: pg.Pool): void {
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
