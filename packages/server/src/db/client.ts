// Opens the database: embedded PGlite under DATA_DIR by default (in a thread of its own, reached through `pg` like
// PostgreSQL), PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Config } from '../config.ts';
import { migrationsDir } from '../lib/paths.ts';
import { pgDump } from './pg-tools.ts';
import { startPgliteThread } from './pglite-thread.ts';
import { timeQueries } from './query-timing.ts';
import { ReleasingPool } from './releasing-pool.ts';

/**
 * The database as every repo sees it: queries built from the tables each module owns (no relational `db.query`), so
 * the client does not import every module's tables (decision 051; src/schema.ts lists them for drizzle-kit).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the shop's startup lock: on PostgreSQL an advisory lock, so that of several instances
   * starting together one migrates and seeds while the others wait; PGlite has one process, and no lock is needed.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Writes the database's own consistent dump to `file`, without stopping the shop: PGlite's data folder as a tar,
   * or `pg_dump` in its custom format (decision 030).
   */
  dumpTo(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The advisory lock key of migrations and demo seeding (any constant; «efir» in ASCII). */
const STARTUP_LOCK_KEY = 0x65666972;

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DbHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const dataDir = path.resolve(config.DATA_DIR, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return openPgliteThread(dataDir);
}

export function openPostgres(connectionString: string, max = 10): DbHandle {
  const pool = new ReleasingPool({ connectionString, max });
  const handle = openPool(pool, 'postgres', async () => {});
  return {
    ...handle,
    dumpTo: (file) => pgDump(connectionString, file),
    async exclusively(work) {
      // A connection of its own holds the lock; migrations and seeding use the pool meanwhile.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

/**
 * PGlite in its own thread (pglite-thread.ts), so that its queries (WebAssembly, synchronous) never hold up the event
 * loop; the app reaches it through the same `pg` driver as PostgreSQL. PGlite has one session, hence one pooled
 * connection: a transaction holds it to the end while other queries wait their turn, as they did in-process.
 */
export async function openPgliteThread(dataDir: string): Promise<DbHandle> {
  const thread = await startPgliteThread(dataDir);
  const pool = new ReleasingPool({
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    stream: () => thread.connect(),
  });
  return {
    ...openPool(pool, 'pglite', () => thread.close()),
    dumpTo: async (file) => writeFile(file, await thread.dump()),
  };
}

function openPool(
  pool: ReleasingPool,
  kind: DbHandle['kind'],
  closeServer: () => Promise<void>,
): Omit<DbHandle, 'dumpTo'> {
  timeQueries(pool);
  const db = drizzleNodePg({ client: pool }) as unknown as Database;
  return {
    db,
    kind,
    migrate: () => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder: migrationsDir }),
    exclusively: (work) => work(),
    close: async () => {
      await pool.end();
      await closeServer();
    },
  };
}

export async function openPglite(client: PGlite): Promise<DbHandle> {
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsDir }),
    exclusively: (work) => work(),
    dumpTo: async (file) =>
      writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())),
    close: () => client.close(),
  };
}

/** An in-memory PGlite loaded from a dumped data dir (tests clone one migrated template this way). */
export async function openPgliteFromDump(dump: Blob): Promise<DbHandle> {
  return openPglite(new PGlite({ loadDataDir: dump, extensions: { pg_trgm } }));
}
