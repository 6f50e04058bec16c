// A pg.Pool whose checked-out clients go back to it even when their connection dies between checkout and BEGIN.
//
// Drizzle's node-postgres `transaction()` (0.45.x, and 1.0 rc) runs `begin` *before* the try/finally that releases the
// client (drizzle-orm issues #6023, #6241, #6341; the fixes are unmerged). When PostgreSQL terminates the backend at
// that moment (restart, failover, pg_terminate_backend) the client is never released: the pool loses a slot for the
// life of the process, and `pool.end()` waits for it forever — the chaos suite's shutdown hung on exactly this
// (decision 054). Here a client whose query fails because the connection is gone is handed back at once, with the
// error, so the pool destroys it and opens a fresh one; the release drizzle (or anyone) makes later is a no-op.
import pg from 'pg';
import { isDatabaseConnectionLost } from './connection-errors.ts';

type Release = (error?: Error | boolean) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

export class ReleasingPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client losing its connection must not crash the process; the pool replaces it. A client checked out (a
    // transaction between two of its queries) emits the error on itself, where nobody listens: without a listener of
    // its own that crashed the process when PostgreSQL terminated the backend (the chaos suite). Its query in flight,
    // or the next one, fails and is answered 503 (connection-errors.ts).
    this.on('error', () => {});
    this.on('connect', (client) => client.on('error', () => {}));
  }

  // The callback form is pg-pool's own (pool.query uses it, releasing in its own code); only the promise form, the
  // one drizzle's transactions use, is guarded.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releaseWhenConnectionLost);
  }
}

function releaseWhenConnectionLost(client: pg.PoolClient): pg.PoolClient {
  const releaseOnce = client.release.bind(client) as Release;
  let released = false;
  const release: Release = (error) => {
    if (released) return;
    released = true;
    releaseOnce(error);
  };
  client.release = release;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isDatabaseConnectionLost(error))
          release(error instanceof Error ? error : new Error(String(error)));
      });
    }
    return result;
  };
  return client;
}
