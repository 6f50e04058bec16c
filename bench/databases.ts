// The bench's databases: seeded once per catalogue size and kept (a PostgreSQL template database, a PGlite data
// folder), keyed by a digest of the migrations and the seed code; every run works on copies with names of its own
// and removes only those — at the end, on Ctrl-C, or (left by a run that was killed) when a later run finds that
// the run's process is gone.
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../packages/server/src/db/client.ts';
import { seedLargeCatalogue } from '../packages/server/src/seed/large-catalogue.ts';
import { seedDemoContent } from '../packages/server/src/seed/seed.ts';
import { cacheDir, root } from './servers.ts';

/** Bump when the bench seeds differently (the digest covers the migrations and the seed code already). */
const SEED_VERSION = 1;
/** The product every product scenario asks for; it gets unlimited stock so that orders never sell it out. */
export const BENCH_PRODUCT_URL = '/lavanda-uzkolistnaya-10-ml.html';

/** This run's id, in every name it creates: «r<pid>x<random>», so that a later run can tell whether it is alive. */
export const runId = `r${process.pid}x${randomBytes(2).toString('hex')}`;
const ORPHAN = /^(?:efir_bench_(?:b_)?|efir-bench-|pglite-building-)r(\d+)x/;
/** Seeded caches of other keys (older code) are removed once nobody has used them for this long. */
const STALE_CACHE_MS = 3600_000;

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Digest of what decides the seeded database: migrations, seed code, this bench's seeding, PGlite's version. */
export function seedKey(): string {
  const hash = createHash('sha256').update(`seed ${SEED_VERSION}\n`);
  const server = path.join(root, 'packages/server/src');
  const files = [
    ...listFiles(path.join(server, 'db/migrations')),
    ...listFiles(path.join(server, 'seed')).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    ),
    ...listFiles(path.join(server, 'features')).filter((file) => file.endsWith('.seed.ts')),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of files) hash.update(`${path.relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 10);
}

async function seed(db: Database, products: number): Promise<void> {
  await seedDemoContent(db, { imagesDir: null });
  await seedLargeCatalogue(db, products);
  await db.execute(sql`update products set stock = 1000000 where url = ${BENCH_PRODUCT_URL}`);
  await db.execute(sql`vacuum analyze`);
}

// ---- cleanup of what this run made ----

const cleanups: Array<() => Promise<void> | void> = [];

/** Runs every cleanup registered so far, newest first; errors are reported, not thrown. */
export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}

/** A scratch folder of this run (PGlite copies, images), removed at the end. */
export function runDir(): string {
  const dir = path.join(tmpdir(), `efir-bench-${runId}`);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    cleanups.unshift(() => rmSync(dir, { recursive: true, force: true }));
  }
  return dir;
}

/** Removes scratch folders and half-built caches left by bench runs whose process no longer exists. */
export function removeOrphanFolders(): void {
  for (const parent of [tmpdir(), cacheDir]) {
    if (!existsSync(parent)) continue;
    for (const name of readdirSync(parent)) {
      const pid = ORPHAN.exec(name)?.[1];
      if (pid && Number(pid) !== process.pid && processIsGone(Number(pid)))
        rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
}

// ---- PGlite ----

/** The seeded PGlite folder for this size (built on first use), as a DATA_DIR: `<dir>/pglite`. */
export async function pgliteCache(
  key: string,
  products: number,
  log: (text: string) => void,
): Promise<string> {
  const dir = path.join(cacheDir, `pglite-${key}-${products}`);
  const used = () => writeFileSync(path.join(dir, 'last-used'), new Date().toISOString());
  if (existsSync(path.join(dir, 'pglite/PG_VERSION'))) {
    used();
    return dir;
  }
  const building = path.join(cacheDir, `pglite-building-${runId}-${products}`);
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  cleanups.push(() => rmSync(building, { recursive: true, force: true }));
  log(`seeding PGlite with ${products} products (once; kept in ${path.relative(root, dir)})…`);
  const handle = await openDatabase({ DATA_DIR: building, DATABASE_URL: undefined });
  await handle.migrate();
  await seed(handle.db, products);
  await handle.close();
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another run finished the same folder first: use that one.
    if (!existsSync(path.join(dir, 'pglite/PG_VERSION'))) throw error;
  }
  used();
  return dir;
}

/** Removes seeded PGlite folders of other keys unused for an hour (a run copies its folders in its first minutes). */
export function pruneStalePgliteCaches(key: string): void {
  if (!existsSync(cacheDir)) return;
  for (const name of readdirSync(cacheDir)) {
    const found = /^pglite-([0-9a-f]{10})-\d+$/.exec(name);
    if (!found || found[1] === key) continue;
    const stamp = path.join(cacheDir, name, 'last-used');
    const usedAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    if (Date.now() - usedAt > STALE_CACHE_MS)
      rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

/** A copy of the seeded folder for one server of this run (PGlite is one process per folder). */
export function copyPglite(cached: string, name: string): string {
  const dataDir = path.join(runDir(), name);
  cpSync(path.join(cached, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

// ---- PostgreSQL ----

export class Postgres {
  readonly admin: pg.Client;
  readonly local: boolean;

  private constructor(readonly adminUrl: string) {
    this.admin = new pg.Client({ connectionString: adminUrl });
    const host = new URL(adminUrl).hostname;
    this.local = ['', '127.0.0.1', 'localhost', '[::1]'].includes(host);
  }

  static async connect(adminUrl: string): Promise<Postgres> {
    const postgres = new Postgres(adminUrl);
    await postgres.admin.connect();
    cleanups.unshift(() => postgres.admin.end());
    return postgres;
  }

  url(database: string): string {
    const url = new URL(this.adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  }

  async version(): Promise<string> {
    const { rows } = await this.admin.query<{ server_version: string }>('show server_version');
    return rows[0]!.server_version;
  }

  private async exists(name: string): Promise<boolean> {
    const { rowCount } = await this.admin.query('select 1 from pg_database where datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  }

  /** Drops databases left by bench runs on this machine whose process is gone (never a live run's). */
  async dropOrphans(): Promise<void> {
    if (!this.local) return;
    const { rows } = await this.admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'efir\\_bench\\_%'`,
    );
    for (const { datname } of rows) {
      const pid = ORPHAN.exec(datname)?.[1];
      if (pid && Number(pid) !== process.pid && processIsGone(Number(pid)))
        await this.admin.query(`drop database if exists "${datname}" with (force)`);
    }
  }

  /** The seeded template for this size (built on first use; no connections allowed, so it can be cloned). */
  async template(key: string, products: number, log: (text: string) => void): Promise<string> {
    const name = `efir_bench_tpl_${key}_${products}`;
    const used = () =>
      this.admin.query(`comment on database "${name}" is 'efir bench template, used ${Date.now()}'`);
    if (await this.exists(name)) {
      await used();
      return name;
    }
    const building = `efir_bench_b_${runId}_${products}`;
    await this.admin.query(`create database "${building}"`);
    const drop = () => this.drop(building);
    cleanups.push(drop);
    log(`seeding PostgreSQL with ${products} products (once; kept as database ${name})…`);
    const handle = await openDatabase({ DATABASE_URL: this.url(building), DATA_DIR: runDir() });
    await handle.migrate();
    await seed(handle.db, products);
    await handle.close();
    try {
      await this.admin.query(`alter database "${building}" rename to "${name}"`);
      await this.admin.query(`alter database "${name}" with allow_connections false`);
      cleanups.splice(cleanups.indexOf(drop), 1);
    } catch (error) {
      // Another run made the same template first: use that one (ours is dropped at the end).
      if (!(await this.exists(name))) throw error;
    }
    await used();
    return name;
  }

  /**
   * Drops seeded templates of other keys (older code) unused for an hour. Without FORCE: a template being cloned at
   * this moment stays.
   */
  async pruneStaleTemplates(key: string): Promise<void> {
    const { rows } = await this.admin.query<{ datname: string; note: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as note from pg_database
       where datname like 'efir\\_bench\\_tpl\\_%'`,
    );
    for (const { datname, note } of rows) {
      const found = /^efir_bench_tpl_([0-9a-f]{10})_\d+$/.exec(datname);
      if (!found || found[1] === key) continue;
      const usedAt = Number(/used (\d+)/.exec(note ?? '')?.[1] ?? 0);
      if (Date.now() - usedAt > STALE_CACHE_MS)
        await this.admin.query(`drop database if exists "${datname}"`).catch(() => {});
    }
  }

  /** A database of this run cloned from the template; dropped at the end of the run. */
  async clone(template: string, name: string): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // 55006: someone is connected to the template for a moment; try again.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    cleanups.push(() => this.drop(name));
    return this.url(name);
  }

  async drop(name: string): Promise<void> {
    await this.admin.query(`drop database if exists "${name}" with (force)`);
  }

  /**
   * Process ids of the backends serving a database's clients, with their parallel workers (for their CPU time,
   * read from /proc); not autovacuum.
   */
  async backends(database: string): Promise<number[]> {
    const { rows } = await this.admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
         and backend_type in ('client backend', 'parallel worker')`,
      [database],
    );
    return rows.map((row) => row.pid);
  }
}
