// Backups that restore (decision 030): a shop with customers, orders and pictures is backed up while customers keep
// ordering; the backup is restored into a fresh folder (embedded database) or a fresh PostgreSQL database — an
// embedded shop's one backup into both — a shop is started on each, and every table's rows and every file's bytes
// are compared with the original.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Config, createTestConfig } from '../../config.ts';
import { type Database, type DbHandle, openDatabase, openPglite } from '../../db/client.ts';
import { prepareDatabase } from '../../prepare.ts';
import { seedDemoContent } from '../../seed/seed.ts';
import { adminQuery, withDatabaseName } from '../../test/postgres-url.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { MANIFEST_NAME } from './backup.ts';
import { makeBackup } from './make-backup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

const root = await mkdtemp(path.join(tmpdir(), 'efir-backup-test-'));
const postgresUrl = process.env.TEST_DATABASE_URL;
const droppedAfter: string[] = [];

afterAll(async () => {
  for (const name of droppedAfter)
    await adminQuery(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await rm(root, { recursive: true, force: true });
});

/** A PostgreSQL database of this test's own (dropped after), from the seeded template or empty. */
async function newPostgresDatabase(fromTemplate: boolean): Promise<string> {
  const name = `efir_backup_${randomBytes(6).toString('hex')}`;
  droppedAfter.push(name);
  const template = inject('postgresTemplate');
  await adminQuery(postgresUrl!, `CREATE DATABASE ${name}${fromTemplate ? ` TEMPLATE ${template}` : ''}`);
  return withDatabaseName(postgresUrl!, name);
}

interface Shop {
  config: Config;
  database: DbHandle;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A shop as `npm start` runs it: its own data folder, the database opened and prepared, listening on a port. */
async function startShop(config: Config): Promise<Shop> {
  const database = await openDatabase(config);
  await prepareDatabase(database, { SEED_DEMO: false, imagesDir: config.imagesDir });
  const app = await buildApp(config, { db: database.db, backup: database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    config,
    database,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Row = Record<string, unknown>;

/**
 * Every table of the shop (its own and drizzle's migration journal), each row as JSON, with times written in UTC:
 * two servers in other time zones (PGlite's and PostgreSQL's) compare equal.
 */
async function readAllTables(db: Database): Promise<Map<string, Row[]>> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await txDb.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const tables = await rowsOf<{ name: string }>(
      txDb,
      sql`SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`,
    );
    const result = new Map<string, Row[]>();
    for (const { name } of tables) {
      const rows = await rowsOf<{ row: Row }>(txDb, sql.raw(`SELECT to_jsonb(t) AS row FROM ${name} t`));
      result.set(
        name,
        rows.map(({ row }) => row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
    }
    return result;
  });
}

/** Every file under `dir`, by relative path, with its bytes. */
async function readAllFiles(dir: string, prefix = ''): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      for (const [name, bytes] of await readAllFiles(path.join(dir, entry.name), relative))
        files.set(name, bytes);
    } else files.set(relative, await readFile(path.join(dir, entry.name)));
  }
  return files;
}

async function placeOrder(agent: TestAgent, productId: number, quantity: number): Promise<number> {
  const added = await agent.request({ method: 'POST', url: `/v1/cart/${productId}`, payload: { quantity } });
  expect(added.statusCode, added.body).toBe(200);
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const placed = await agent.request({
    method: 'POST',
    url: '/v1/order',
    payload: {
      idempotency_key: randomUUID(),
      contact: {
        name: 'Ольга',
        fam: 'Кузнецова',
        email: `olga.${randomUUID().slice(0, 8)}@example.ru`,
        tel: `+7 926 ${digits}`,
      },
      delivery: {
        type: 2,
        sposob_dost: 1,
        sposob_oplat: 1,
        addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', flat: '12', zip: '115054' },
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return Number(placed.json().order.id);
}

type Kind = 'pglite' | 'postgres';

/**
 * An embedded shop's folder as a first start leaves it: the seeded template of the run, or — the PostgreSQL run
 * builds none — migrated and seeded here.
 */
async function preparePgliteFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const templatePath = inject('pgliteTemplatePath');
  const database = new PGlite({
    dataDir: folder,
    ...(templatePath ? { loadDataDir: new Blob([await readFile(templatePath)]) } : {}),
    extensions: { pg_trgm },
  });
  await database.waitReady;
  if (!templatePath) {
    const handle = await openPglite(database);
    await handle.migrate();
    await seedDemoContent(handle.db);
  }
  await database.close();
}

/** The original shop's state once the load stopped, and what the comparison needs of the time before it. */
interface Original {
  tables: Map<string, Row[]>;
  files: Map<string, Buffer>;
  maxIdBefore: Map<string, number>;
  stockBefore: Array<{ id: number; stock: number }>;
  products: Array<{ id: number }>;
  placedBefore: number[];
  placedAfter: number[];
  customer: { email: string; password: string };
}

/** A shop of `kind` with customers, orders, pictures and a document, backed up to `file` while customers order. */
async function backUpUnderLoad(kind: Kind, dir: string, file: string): Promise<Original> {
  const sourceDir = path.join(dir, 'shop');
  let sourceEnv: Record<string, string> = { DATA_DIR: sourceDir, IMAGES_DIR: path.join(sourceDir, 'images') };
  if (kind === 'pglite') await preparePgliteFolder(path.join(sourceDir, 'pglite'));
  else sourceEnv = { ...sourceEnv, DATABASE_URL: await newPostgresDatabase(true) };
  const shop = await startShop(createTestConfig(sourceEnv));
  const db = shop.database.db;

  // Pictures and a private document, as the back office and the school leave them.
  const imagesDir = shop.config.imagesDir;
  for (const name of ['products/upload/1-lavanda.webp', 'products/upload/1-lavanda.jpg', 'avatars/7.webp']) {
    await mkdir(path.dirname(path.join(imagesDir, name)), { recursive: true });
    await writeFile(path.join(imagesDir, name), randomBytes(50_000 + name.length));
  }
  await mkdir(path.join(sourceDir, 'private/diploma-documents'), { recursive: true });
  await writeFile(path.join(sourceDir, 'private/diploma-documents/3.pdf'), randomBytes(20_000));

  const products = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE products SET stock = 100000 WHERE id IN (SELECT id FROM products WHERE visible ORDER BY id LIMIT 3)
        RETURNING id`,
  );
  const customers: Array<{ agent: TestAgent; email: string; password: string }> = [];
  for (let index = 0; index < 4; index += 1) {
    const agent = createTestAgent(shop.app);
    const { email, password } = await agent.register();
    await placeOrder(agent, products[index % products.length]!.id, 2);
    customers.push({ agent, email, password });
  }
  const maxIdBefore = new Map<string, number>();
  for (const [table, rows] of await readAllTables(db)) {
    maxIdBefore.set(table, Math.max(0, ...rows.map((row) => Number(row.id ?? 0))));
  }
  const stockBefore = await rowsOf<{ id: number; stock: number }>(db, sql`SELECT id, stock FROM products`);

  // Customers keep ordering while the backup is made.
  let stop = false;
  let backupStarted = false;
  let backupDone = false;
  const placedBefore: number[] = [];
  const placedAfter: number[] = [];
  let ordersDuringBackup = 0;
  const load = customers.map(async ({ agent }, index) => {
    while (!stop) {
      const startedAfterBackup = backupDone;
      const id = await placeOrder(agent, products[index % products.length]!.id, 1 + (index % 3));
      // Placed before the backup began: it must be in it; begun after it ended: it must not.
      if (!backupStarted) placedBefore.push(id);
      else if (startedAfterBackup) placedAfter.push(id);
      else ordersDuringBackup += 1;
    }
  });
  const failed = Promise.race(load);
  const until = async (done: () => boolean) => {
    while (!done()) await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 5))]);
  };
  await until(() => placedBefore.length >= 2);
  await mkdir(path.dirname(file), { recursive: true });
  backupStarted = true;
  await makeBackup(shop.config, file);
  backupDone = true;
  await until(() => placedAfter.length >= 2);
  stop = true;
  await Promise.all(load);
  expect(ordersDuringBackup + placedBefore.length + placedAfter.length).toBeGreaterThan(4);
  const original: Original = {
    tables: await readAllTables(db),
    files: await readAllFiles(sourceDir),
    maxIdBefore,
    stockBefore,
    products,
    placedBefore,
    placedAfter,
    customer: { email: customers[0]!.email, password: customers[0]!.password },
  };
  await shop.close();
  expect((await readFile(`${file}.sha256`, 'utf8')).split(/\s+/)[1]).toBe(path.basename(file));
  // Password hashes, phones and passport scans: readable by the owner alone, under the usual umask 022 too.
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await stat(`${file}.sha256`)).mode & 0o777).toBe(0o600);
  return original;
}

/** Restores `file` into an empty folder or PostgreSQL database, starts a shop on it and compares it with `original`. */
async function restoreAndCompare(
  backupKind: Kind,
  into: Kind,
  file: string,
  targetDir: string,
  original: Original,
) {
  const targetEnv: Record<string, string> = {
    DATA_DIR: targetDir,
    IMAGES_DIR: path.join(targetDir, 'images'),
    ...(into === 'postgres' ? { DATABASE_URL: await newPostgresDatabase(false) } : {}),
  };
  const target = createTestConfig(targetEnv);
  const restored = await restoreBackup(file, target, { force: false });
  expect(restored).toMatchObject({ kind: backupKind, into, checksumVerified: true });
  if (backupKind !== into) expect(restored.copied?.rows).toBeGreaterThan(0);
  await expect(restoreBackup(file, target, { force: false })).rejects.toThrow(RestoreRefused);

  const { tables: source, maxIdBefore, products, stockBefore } = original;
  const copy = await startShop(target);
  try {
    const ready = await copy.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);

    const copied = await readAllTables(copy.database.db);
    expect([...copied.keys()]).toEqual([...source.keys()]);
    const orders = copied.get('public.orders')!;
    const copiedOrderIds = new Set(orders.map((row) => Number(row.id)));
    for (const id of original.placedBefore)
      expect(copiedOrderIds.has(id), `order ${id} placed before the backup`).toBe(true);
    for (const id of original.placedAfter)
      expect(copiedOrderIds.has(id), `order ${id} placed after the backup`).toBe(false);
    for (const [table, rows] of copied) {
      const originalRows = source.get(table)!;
      const before = maxIdBefore.get(table)!;
      const existedBefore = (row: Row) => row.id === undefined || Number(row.id) <= before;
      const originalBefore = originalRows.filter(existedBefore);
      const copiedBefore = rows.filter(existedBefore);
      if (table === 'public.products') {
        // Equal but for stock (and its time of change), which is the snapshot's: what the orders in the backup took, no more, no less.
        const strip = (row: Row) => ({ ...row, stock: null, updated_at: null });
        expect(copiedBefore.map(strip)).toEqual(originalBefore.map(strip));
        const lines = await rowsOf<{ product_id: number; quantity: number }>(
          copy.database.db,
          sql`SELECT product_id, sum(quantity)::int AS quantity FROM order_lines GROUP BY product_id`,
        );
        for (const product of products) {
          const sold = lines.find((line) => line.product_id === product.id)?.quantity ?? 0;
          const initial = stockBefore.find((row) => row.id === product.id)!.stock;
          const now = rows.find((row) => row.id === product.id)!.stock as number;
          expect(now + sold - initialSold(source, product.id, maxIdBefore)).toBe(initial);
        }
        continue;
      }
      // Rows that existed before the load began are exactly as they were (customers, their first orders, ...).
      if (!['public.carts', 'public.cart_lines'].includes(table))
        expect(copiedBefore, table).toEqual(originalBefore);
      // Orders and their lines placed under load: those in the backup are whole and exactly the originals.
      if (table === 'public.orders' || table === 'public.order_lines') {
        const known = new Set(originalRows.map((row) => JSON.stringify(row)));
        for (const row of rows) expect(known.has(JSON.stringify(row)), table).toBe(true);
      }
    }
    const linesOf = new Set(copied.get('public.order_lines')!.map((row) => Number(row.order_id)));
    for (const id of copiedOrderIds) expect(linesOf.has(id), `order ${id} has its lines`).toBe(true);

    // Every file, byte for byte: pictures, the private document.
    const copiedData = await readAllFiles(targetDir);
    for (const [name, bytes] of original.files) {
      if (name.startsWith('pglite') || name === '.backup-endpoint.json' || name.startsWith('backups'))
        continue;
      expect(copiedData.get(name)?.equals(bytes), name).toBe(true);
    }
    expect(copiedData.has(path.join('images', 'avatars', '7.webp'))).toBe(true);

    // The restored shop serves its customers: a password set before the backup still logs in, and a new order
    // takes the next id (the sequences went on from the backup's).
    const customer = createTestAgent(copy.app);
    const login = await customer.request({
      method: 'POST',
      url: '/v1/user/login',
      payload: original.customer,
    });
    expect(login.statusCode, login.body).toBe(200);
    const next = await placeOrder(customer, products[0]!.id, 1);
    expect(next).toBeGreaterThan(Math.max(...copiedOrderIds));
  } finally {
    await copy.close();
  }
}

/** Backs up a shop of `kind` under load, then restores that one backup into each of `into` and checks it. */
async function runScenario(kind: Kind, into: Kind[]): Promise<void> {
  const dir = await mkdtemp(path.join(root, `${kind}-`));
  const file = path.join(dir, 'backups', 'efir.tar.gz');
  const original = await backUpUnderLoad(kind, dir, file);
  for (const target of into) {
    await restoreAndCompare(kind, target, file, path.join(dir, `restored-${target}`), original);
  }
}

/** Units of a product sold by the orders placed before the load, which are in the backup and in the original. */
function initialSold(
  source: Map<string, Row[]>,
  productId: number,
  maxIdBefore: Map<string, number>,
): number {
  const before = maxIdBefore.get('public.order_lines')!;
  return source
    .get('public.order_lines')!
    .filter((row) => Number(row.id) <= before && Number(row.product_id) === productId)
    .reduce((sum, row) => sum + Number(row.quantity), 0);
}

describe('backups that restore', () => {
  // Each run backs up what it can start: the PGlite run an embedded shop (restored into a fresh folder), the
  // PostgreSQL run an embedded shop it migrates and seeds itself (restored into a folder and into PostgreSQL) and a
  // PostgreSQL shop. Declared per run, not skipped: CI counts a skipped test as a failure (decision 032).
  if (postgresUrl) {
    it('the embedded database: one backup under load, restored into a fresh folder and into PostgreSQL', async () => {
      await runScenario('pglite', ['pglite', 'postgres']);
    }, 600_000);
    it('PostgreSQL: pg_dump under load, restored into a fresh database', async () => {
      await runScenario('postgres', ['postgres']);
    }, 300_000);
  } else {
    it('the embedded database: backed up under load from the running shop, restored into a fresh folder', async () => {
      await runScenario('pglite', ['pglite']);
    }, 300_000);
  }

  it('refuses a file that is not a backup, and a damaged one', async () => {
    const file = path.join(root, 'broken.tar.gz');
    await writeFile(file, randomBytes(1000));
    const target = createTestConfig({ DATA_DIR: path.join(root, 'nowhere') });
    await expect(restoreBackup(file, target, { force: false })).rejects.toThrow();
    await writeFile(`${file}.sha256`, `${'0'.repeat(64)}  broken.tar.gz\n`);
    await expect(restoreBackup(file, target, { force: false })).rejects.toThrow(/Контрольная сумма/);
    expect(MANIFEST_NAME).toBe('efir-backup.json');
  });

  it('refuses to write into a folder anyone may write to, unless forced', async () => {
    const open = path.join(root, 'open-to-all');
    await mkdir(open);
    await chmod(open, 0o777);
    const config = createTestConfig({ DATA_DIR: path.join(root, 'open-source-data') });
    await expect(makeBackup(config, path.join(open, 'efir.tar.gz'))).rejects.toThrow(
      /открыта для записи всем/,
    );
    expect(await readdir(open)).toEqual([]);
  });
});
