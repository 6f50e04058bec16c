// `npm run bench:import -- [rows…]` (default: 10000 100000): a supplier's CSV of N new goods imported through the back
// office (upload, dry run, apply) on a fresh embedded database (PGlite in its worker thread, as `npm start` runs it),
// or on PostgreSQL with BENCH_DATABASE_URL set to an empty database; each size in a process of its own. While each
// step runs a product page is asked every 200 ms: prints each step's seconds and the slowest page (what a shopper
// waits while the owner imports), and the process's peak RSS.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gt } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { createTestConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { categories, products } from '../packages/server/src/features/catalog/catalog.table.ts';
import { seedDemoContent } from '../packages/server/src/seed/seed.ts';
import { importUnderLoad, supplierCsv } from '../packages/server/src/test/catalog-import-load.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../packages/server/src/test/moderator.ts';

const sizes = process.argv.slice(2).map(Number);
if (sizes.length !== 1) {
  for (const rows of sizes.length > 0 ? sizes : [10_000, 100_000]) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), String(rows)],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const rows = sizes[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'efir-bench-import-'));
const config = createTestConfig({
  DATA_DIR: dataDir,
  IMAGES_DIR: path.join(dataDir, 'images'),
  ...MODERATOR_ENV,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const database = await openDatabase(config);
await database.migrate();
await seedDemoContent(database.db);
const app = await buildApp(config, { db: database.db });
await app.ready();
const moderator = await signInAs(app, database.db, TEST_MODERATOR_ID);
const [page] = await database.db
  .select({ url: products.url, categoryId: products.categoryId })
  .from(products)
  .where(and(eq(products.visible, true), gt(products.stock, 0)))
  .limit(1);
const [category] = await database.db
  .select({ name: categories.name })
  .from(categories)
  .where(eq(categories.id, page!.categoryId));
const { applied, figures } = await importUnderLoad(app, moderator, {
  content: supplierCsv(rows, category!.name),
  pageUrl: page!.url,
});
const where = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
for (const [step, figure] of Object.entries(figures))
  console.log(
    `${where}, ${rows} rows, ${step}: ${figure.seconds.toFixed(1)} s, ${figure.pages} pages asked meanwhile, ` +
      `the slowest ${(figure.slowestPageMs / 1000).toFixed(1)} s, ${figure.failedPages} failed`,
  );
console.log(
  `${where}, ${rows} rows: created ${applied.created}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
