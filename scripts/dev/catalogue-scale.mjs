// How the catalogue's read paths cost as the catalogue grows: for each size, a PostgreSQL database of its own (demo
// content + generated products, packages/server/src/seed/large-catalogue.ts), the shop with the answer cache off,
// and each path asked one request at a time (no queueing: the request's own cost). Prints p50/p95 per path.
//
//   npx tsx scripts/dev/catalogue-scale.mjs [--products 500,10000,100000] [--requests 200] [--database-url URL]
//
// The admin URL (default postgres://postgres@127.0.0.1:5432/postgres) must be allowed to create databases; each
// run makes efir_scale_<size>_<random> and drops it afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openPostgres } from '../../packages/server/src/db/client.ts';
import { seedLargeCatalogue } from '../../packages/server/src/seed/large-catalogue.ts';
import { seedDemoContent } from '../../packages/server/src/seed/seed.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '500,10000,100000' },
    requests: { type: 'string', default: '200' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const sizes = args.products.split(',').map(Number);
const requests = Number(args.requests);
const adminUrl = args['database-url'];

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** `count` requests one after another (after a tenth as many unmeasured), each from `next()`; milliseconds. */
async function measure(origin, next, count) {
  const timings = [];
  let bytes = 0;
  for (let index = -Math.ceil(count / 10); index < count; index++) {
    const { method, url, body } = next(index);
    const started = performance.now();
    const response = await fetch(origin + url, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${method} ${url} ${JSON.stringify(body)}: ${response.status}`);
    if (index >= 0) {
      timings.push(elapsed);
      bytes = text.length;
    }
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 0.5), p95: percentile(timings, 0.95), bytes };
}

const results = [];
for (const size of sizes) {
  const name = `efir_scale_${size}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'efir-scale-'));
  await admin(`CREATE DATABASE ${name}`);
  try {
    const handle = openPostgres(databaseUrl(name), 2);
    await handle.migrate();
    await seedDemoContent(handle.db, { imagesDir: null });
    const seeded = performance.now();
    await seedLargeCatalogue(handle.db, size);
    console.log(`${size} products: generated in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    await handle.db.execute(sql`vacuum analyze`);
    const { rows: sample } = await handle.db.execute(
      sql`select url from products where visible order by (id * 7919) % 1009 limit 50`,
    );
    await handle.close();

    const config = loadConfig({
      DATABASE_URL: databaseUrl(name),
      DATA_DIR: dataDir,
      PAGE_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
    });
    // One connection, as the figures are per request: no pool to spread them over.
    const database = openPostgres(databaseUrl(name), 1);
    const app = await buildApp(config, { db: database.db });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const productUrls = sample.map((row) => row.url);
    const route = (url, extra = {}) => ({ method: 'POST', url: '/api/v1/route', body: { url, ...extra } });
    const paths = {
      'route: product': (index) => route(productUrls[(index + 50) % productUrls.length]),
      'route: category (subtree)': () => route('/efirnye-masla'),
      'route: category, by price, page 3': () => route('/efirnye-masla/citrusovye', { sort: 1, page: 3 }),
      'route: category, in stock + badge': () =>
        route('/efirnye-masla/cvetochnye', { filter: { anywhere: 1, icons: ['new'] } }),
      'route: home': () => route('/'),
      'filter options of a category': () => ({
        method: 'POST',
        url: '/api/v1/filter/products',
        body: { id: 1 },
      }),
      'search «лаванда»': () => ({ method: 'POST', url: '/api/v1/search', body: { q: 'лаванда' } }),
      'search «kfdfylf» (layout)': () => ({ method: 'POST', url: '/api/v1/search', body: { q: 'kfdfylf' } }),
      'hint «мят»': () => ({ method: 'POST', url: '/api/v1/hint', body: { q: 'мят' } }),
      'sitemap.xml': () => ({ method: 'GET', url: '/sitemap.xml' }),
    };
    for (const [label, next] of Object.entries(paths)) {
      const count = label.startsWith('sitemap') ? Math.min(requests, 20) : requests;
      const figures = await measure(address, next, count);
      results.push({ size, label, ...figures });
      console.log(
        `${String(size).padStart(6)}  ${label.padEnd(36)} p50 ${figures.p50.toFixed(2).padStart(7)} ms  p95 ${figures.p95
          .toFixed(2)
          .padStart(7)} ms  ${figures.bytes} B`,
      );
    }
    await app.close();
    await database.close();
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n| path | ${sizes.map((size) => `${size}: p50 / p95 ms`).join(' | ')} |`);
console.log(`| --- | ${sizes.map(() => '---:').join(' | ')} |`);
for (const label of new Set(results.map((row) => row.label))) {
  const cells = sizes.map((size) => {
    const row = results.find((item) => item.size === size && item.label === label);
    return row ? `${row.p50.toFixed(1)} / ${row.p95.toFixed(1)}` : '—';
  });
  console.log(`| ${label} | ${cells.join(' | ')} |`);
}
