// The product feeds at catalogue scale: `npx tsx bench/feeds.ts [products] [postgres-url]` seeds a fresh database
// (PGlite in a temporary folder, or a new PostgreSQL database at the URL given) with the demo shop grown to the
// number of products asked (100 000 by default), then downloads /yml.xml and /google-merchant.xml from the shop
// (app.inject, the real routes): the first build of each (wall and CPU time), the kept copy, and the process's
// memory meanwhile (peak RSS and heap above what the shop held before).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { createTestConfig } from '../packages/server/src/config.ts';
import { type DbHandle, openPgliteThread, openPostgres } from '../packages/server/src/db/client.ts';
import { seedLargeCatalogue } from '../packages/server/src/seed/large-catalogue.ts';
import { seedDemoContent } from '../packages/server/src/seed/seed.ts';

const total = Number(process.argv[2] ?? 100_000);
const postgresUrl = process.argv[3];

async function openFresh(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'efir-feeds-bench-'));
    const handle = await openPgliteThread(dir);
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `efir_feeds_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Peak RSS and heap while `work` runs, sampled every 20 ms, above what they were before it. */
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number; heapMb: number }> {
  global.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  const result = await work();
  clearInterval(timer);
  return { result, rssMb: (rss - start.rss) / 1e6, heapMb: (heap - start.heapUsed) / 1e6 };
}

const { handle, drop } = await openFresh();
try {
  await handle.migrate();
  await seedDemoContent(handle.db, { imagesDir: null });
  await seedLargeCatalogue(handle.db, total);
  const app = await buildApp(
    createTestConfig({ PAGE_CACHE_TTL_MS: '60000', PUBLIC_URL: 'https://efir.example' }),
    { db: handle.db },
  );
  await app.ready();
  console.log(`${handle.kind}, ${total} products`);
  for (const url of ['/yml.xml', '/google-merchant.xml']) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const first = await withMemory(() =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } }),
    );
    const buildMs = performance.now() - started;
    // This process's CPU (with PGlite's thread, when it is PGlite): on a shared machine the wall time is others' too.
    const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
    const offers = (await app.inject({ method: 'GET', url })).body;
    const count = offers.split(url === '/yml.xml' ? '<offer ' : '<item>').length - 1;
    const keptStarted = performance.now();
    await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    const keptMs = performance.now() - keptStarted;
    console.log(
      `${url}: ${count} offers; first build ${(buildMs / 1000).toFixed(1)} s (CPU ${(cpuMs / 1000).toFixed(1)} s); kept copy ${keptMs.toFixed(0)} ms; ` +
        `${(Buffer.byteLength(offers) / 1e6).toFixed(1)} MB XML, ${(first.result.rawPayload.length / 1e6).toFixed(1)} MB gzip; ` +
        `memory during the build +${first.rssMb.toFixed(0)} MB RSS, +${first.heapMb.toFixed(0)} MB heap`,
    );
  }
  await app.close();
} finally {
  await handle.close();
  await drop();
}
