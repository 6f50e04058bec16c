// Long on purpose: one benchmark script, read top to bottom (options, measures, helpers, one database, main).
// `npm run bench`: the figures of issue 18 next to their targets, for PGlite and PostgreSQL at 500 and 100 000
// products. The shop runs as `npm start` runs it (production build, NODE_ENV=production, the same Node flags), twice
// per database: with the answer and page caches as in production («cached») and with them off («no cache»). A bare
// Fastify server replaying the shop's bytes is the ceiling for the product page. The measurements are interleaved:
// every round measures each scenario on each server in turn (the order rotating between rounds), and the tables give
// the median of the rounds with their spread (min–max), so that a noisy moment on this shared machine shows.
// CPU per request is the server's own (all threads, from /proc) plus that of its PostgreSQL backends.
// Options (npm run bench -- …), defaults first: --db pglite,postgres --products 500,100000 --rounds 3
//   --duration 2 (seconds per measurement at --connections 16) --single-duration 2 (at 1 connection)
//   --full (cached JSON answers too, and the baseline for every page) --no-build (use the last build)
//   --write-docs / --no-docs (the tables go into docs/performance.md by default only when the default matrix ran)
//   --log-level silent --shop DIR (measure the build of another checkout, e.g. `git worktree add /tmp/before
//   <commit>` then `npm ci` there: the before of a before/after; seeding stays this checkout's). A full run takes about 15 minutes on 2 vCPU (seeding 100 000 products once more on the
//   first run after the migrations or the seed code change).
// BENCH_DATABASE_URL: an admin connection to PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordedAnswer } from './baseline-server.ts';
import {
  BENCH_PRODUCT_URL,
  cleanUp,
  copyPglite,
  Postgres,
  pgliteCache,
  pruneStalePgliteCaches,
  removeOrphanFolders,
  runDir,
  runId,
  seedKey,
} from './databases.ts';
import {
  type BenchRequest,
  CpuMeter,
  measure,
  percentile,
  rawRequest,
  type Sample,
  type Target,
} from './load.ts';
import { markdownReport, type SetupResult, type SitemapRound, writeDocs } from './report.ts';
import {
  buildIsStale,
  killAllServers,
  measureShopIn,
  root,
  runBuild,
  startBaseline,
  startShop,
} from './servers.ts';

// ---- options ----

const flags = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 1) {
  const arg = process.argv[index]!;
  if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
  const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
  const next = process.argv[index + 1];
  if (inline !== undefined) flags.set(name, inline);
  else if (next !== undefined && !next.startsWith('--')) {
    flags.set(name, next);
    index += 1;
  } else flags.set(name, '');
}
if (flags.has('help')) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\nimport ')[0]);
  process.exit(0);
}
const DEFAULTS = {
  db: 'pglite,postgres',
  products: '500,100000',
  rounds: '3',
  duration: '2',
  'single-duration': '2',
  connections: '16',
};
const option = (name: keyof typeof DEFAULTS) => flags.get(name) || DEFAULTS[name];
const databases = option('db').split(',') as Array<'pglite' | 'postgres'>;
for (const kind of databases)
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--db: pglite or postgres, not ${kind}`);
const sizes = option('products').split(',').map(Number);
const rounds = Number(option('rounds'));
const duration = Number(option('duration'));
const connections = Number(option('connections'));
const singleDuration = Number(option('single-duration'));
const full = flags.has('full');
const defaultMatrix = [...flags.keys()].every((name) =>
  ['no-build', 'write-docs', 'log-level'].includes(name),
);
const writeDocsAtEnd = flags.has('write-docs') || (defaultMatrix && !flags.has('no-docs'));
const logLevel = flags.get('log-level') || 'silent';
const shopDir = path.resolve(flags.get('shop') || root);
measureShopIn(shopDir);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- what is measured ----

/** What a page costs when the answer is made anew (the config of the «no cache» server). */
const NO_CACHE_ENV = { PAGE_CACHE_TTL_MS: '0' };
const CATEGORY_URL = '/efirnye-masla';
const HEAVY_SEARCH = 'масло';
/** Distinct product pages asked per round for the «nobody asked for it yet» figure. */
const COLD_PAGES_PER_ROUND = 100;
/**
 * Warm-up. A server's JIT compilers are still at work on the page renderer for its first ~1 000 renders (the V8
 * helper thread's CPU per page falls from ≈ 3 to ≈ 1.5 ms over 1 250 uncached product pages: docs/performance.md):
 * a shop that has served pages for a while is what customers meet, so HTML scenarios are warmed by a count of
 * pages (a busy machine renders fewer per second), and the
 * «nobody asked for yet» figure is preceded by pages that are not measured.
 */
const WARMUP_SECONDS = 1;
/** Pages rendered per HTML scenario and server before measuring (in 1-second runs, at most 30 of them). */
const HTML_WARMUP_PAGES = 600;
const HTML_WARMUP_MAX_SECONDS = 30;
const COLD_WARMUP_PAGES = 150;

const html = (url: string): BenchRequest => ({
  method: 'GET',
  path: url,
  headers: {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'ru-RU,ru;q=0.9',
  },
});
const api = (url: string, body?: unknown): BenchRequest => ({
  method: body === undefined ? 'GET' : 'POST',
  path: url,
  body: body === undefined ? undefined : JSON.stringify(body),
  headers: { 'content-type': 'application/json', accept: 'application/json', ar: '1' },
});

type Variant = 'cached' | 'nocache' | 'baseline';

interface Scenario {
  id: string;
  label: string;
  request: BenchRequest;
  variants: Variant[];
  /** Each connection its own guest cart (cookies). */
  ownCart?: boolean;
  /** /api/health timed by a probe while this load runs. */
  healthProbe?: boolean;
}

const loadScenarios: Scenario[] = [
  {
    id: 'page-product',
    label: 'page: product (HTML)',
    request: html(BENCH_PRODUCT_URL),
    variants: ['cached', 'nocache', 'baseline'],
  },
  { id: 'page-home', label: 'page: home (HTML)', request: html('/'), variants: ['cached', 'nocache'] },
  {
    id: 'page-category',
    label: 'page: category (HTML)',
    request: html(CATEGORY_URL),
    variants: ['cached', 'nocache'],
  },
  {
    id: 'route-product',
    label: 'route: product',
    request: api('/api/v1/route', { url: BENCH_PRODUCT_URL }),
    variants: full ? ['cached', 'nocache'] : ['nocache'],
  },
  {
    id: 'route-category',
    label: 'route: category p. 2 by price',
    request: api('/api/v1/route', { url: CATEGORY_URL, page: 2, sort: 1 }),
    variants: full ? ['cached', 'nocache'] : ['nocache'],
  },
  {
    id: 'search',
    label: 'search «лаванда»',
    request: api('/api/v1/search', { q: 'лаванда' }),
    variants: full ? ['cached', 'nocache'] : ['nocache'],
  },
  {
    id: 'cart-get',
    label: 'cart: GET /v1/cart (own cart)',
    request: api('/v1/cart'),
    variants: ['cached'],
    ownCart: true,
  },
  {
    id: 'cart-add',
    label: 'cart: add (own cart)',
    request: api('/v1/cart/:product', { quantity: 1 }),
    variants: ['cached'],
    ownCart: true,
  },
  {
    id: 'health',
    label: `health while search «${HEAVY_SEARCH}» runs`,
    request: api('/api/v1/search', { q: HEAVY_SEARCH }),
    variants: ['nocache'],
    healthProbe: true,
  },
];
// --full: the bare baseline for every page and answer too (their ratios), not only the product page.
if (full)
  for (const scenario of loadScenarios)
    if (!scenario.ownCart && !scenario.healthProbe && !scenario.variants.includes('baseline'))
      scenario.variants.push('baseline');

/** Catalogue routes and search at one connection on the «no cache» server: the request's own latency. */
const singleScenarios: Scenario[] = [
  {
    id: 'one-product',
    label: 'route: product',
    request: api('/api/v1/route', { url: BENCH_PRODUCT_URL }),
    variants: ['nocache'],
  },
  {
    id: 'one-category',
    label: 'route: category',
    request: api('/api/v1/route', { url: CATEGORY_URL }),
    variants: ['nocache'],
  },
  {
    id: 'one-category-price',
    label: 'route: category p. 2 by price',
    request: api('/api/v1/route', { url: CATEGORY_URL, page: 2, sort: 1 }),
    variants: ['nocache'],
  },
  {
    id: 'one-catalogue',
    label: 'route: catalogue',
    request: api('/api/v1/route', { url: '/catalog.html' }),
    variants: ['nocache'],
  },
  {
    id: 'one-search',
    label: 'search «лаванда»',
    request: api('/api/v1/search', { q: 'лаванда' }),
    variants: ['nocache'],
  },
  {
    id: 'one-search-typo',
    label: 'search «kfdfylf» (wrong layout)',
    request: api('/api/v1/search', { q: 'kfdfylf' }),
    variants: ['nocache'],
  },
];

// ---- helpers ----

const log = (text: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${text}`);

/** A guest session: the CSRF cookie from /refresh, then a cart cookie from a first add. */
async function openGuestCart(base: string, productId: number): Promise<Record<string, string>> {
  const refresh = await fetch(`${base}/refresh`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(refresh.headers.getSetCookie().join('; '))?.[1] ?? '';
  const added = await fetch(`${base}/v1/cart/${productId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${csrf}`,
      'x-xsrf-token': csrf,
      ar: '1',
    },
    body: JSON.stringify({ quantity: 1 }),
  });
  if (!added.ok) throw new Error(`add to cart: HTTP ${added.status} ${await added.text()}`);
  const cart = /efir_cart=([^;]+)/.exec(added.headers.getSetCookie().join('; '))?.[1] ?? '';
  return { cookie: `XSRF-TOKEN=${csrf}; efir_cart=${cart}`, 'x-xsrf-token': csrf };
}

async function findProductId(base: string): Promise<number> {
  const response = await fetch(`${base}/api/v1/route`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ar: '1' },
    body: JSON.stringify({ url: BENCH_PRODUCT_URL }),
  });
  // The first object in the answer that is this product: its url and a numeric id.
  const search = (value: unknown): number | undefined => {
    if (Array.isArray(value)) return value.map(search).find((id) => id !== undefined);
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    if (record.url === BENCH_PRODUCT_URL && typeof record.id === 'number') return record.id;
    return Object.values(record)
      .map(search)
      .find((id) => id !== undefined);
  };
  const id = search(await response.json());
  if (id === undefined) throw new Error(`no product id in the route answer for ${BENCH_PRODUCT_URL}`);
  return id;
}

/** Sitemap files: /sitemap.xml and, when it is an index, every file it lists (paths on this server), timed to
 * their headers. */
async function fetchSitemap(base: string) {
  const files: Array<{ path: string; urls: number; bytes: number; ms: number }> = [];
  const queue = ['/sitemap.xml'];
  while (queue.length > 0 && files.length < 100) {
    const file = queue.shift()!;
    const started = performance.now();
    const response = await fetch(`${base}${file}`);
    // Time to the headers: the server's part (a 100 000-product part file is ~1 MB, whose transfer and decoding
    // here would be the bench's own time).
    const ms = performance.now() - started;
    const text = await response.text();
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    files.push({ path: file, urls: text.split('<url>').length - 1, bytes: Buffer.byteLength(text), ms });
    if (text.includes('<sitemapindex')) {
      for (const [, loc] of text.matchAll(/<loc>([^<]+)<\/loc>/g)) {
        const url = new URL(loc!.replace(/&amp;/g, '&'));
        queue.push(url.pathname + url.search);
      }
    }
  }
  return files;
}

async function sitemapRound(cached: Target, nocache: Target): Promise<SitemapRound> {
  const uncached = await fetchSitemap(nocache.base);
  await fetchSitemap(cached.base);
  const times: number[] = [];
  for (let repeat = 0; repeat < 5; repeat += 1)
    times.push(...(await fetchSitemap(cached.base)).map((f) => f.ms));
  times.sort((a, b) => a - b);
  return {
    files: uncached.length,
    largestUrls: Math.max(...uncached.map((file) => file.urls)),
    largestMb: Math.max(...uncached.map((file) => file.bytes)) / 1e6,
    uncachedMs: Math.max(...uncached.map((file) => file.ms)),
    cachedP50: percentile(times, 50),
    cachedP95: percentile(times, 95),
  };
}

/**
 * Product pages nobody asked for yet, as a crawler or a product's first visitor meets them: distinct pages of the
 * sitemap, one at a time, on the shop with its caches on (menus in the answer cache, the page not in the guest page
 * cache). Each page is asked once in the whole run; an answer the page cache already held would not count.
 */
async function coldPages(target: Target, pages: string[], count: number): Promise<Sample> {
  const chosen = pages.splice(0, count);
  const meter = new CpuMeter(target);
  const latencies: number[] = [];
  let misses = 0;
  await meter.start();
  const began = performance.now();
  for (const page of chosen) {
    const started = performance.now();
    const response = await fetch(`${target.base}${page}`, { headers: html(page).headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.ok && response.headers.get('x-page-cache') === 'miss') misses += 1;
  }
  const seconds = (performance.now() - began) / 1000;
  const cpu = await meter.stop();
  latencies.sort((a, b) => a - b);
  return {
    requests: chosen.length,
    rps: chosen.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ttfbP50: Number.NaN,
    ttfbP99: Number.NaN,
    cpuMs: (cpu.appMicros + cpu.dbMicros) / 1000 / chosen.length,
    dbCpuMs: cpu.dbMicros / 1000 / chosen.length,
    peakRssMb: cpu.peakRssMb,
    errors: chosen.length - misses,
    failures: misses === chosen.length ? '' : `${chosen.length - misses} not rendered afresh`,
  };
}

/** The product pages a sitemap lists (`*.html` outside articles and recipes), this server's paths. */
async function productPages(base: string): Promise<string[]> {
  const pages: string[] = [];
  for (const file of await fetchSitemap(base)) {
    if (file.urls === 0) continue;
    const text = await (await fetch(`${base}${file.path}`)).text();
    for (const [, loc] of text.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const url = new URL(loc!.replace(/&amp;/g, '&'));
      if (url.pathname.endsWith('.html') && !/^\/(articles|recept|recepty)\//.test(url.pathname))
        pages.push(url.pathname);
    }
  }
  return pages.filter((page) => page !== BENCH_PRODUCT_URL);
}

/** Order placement: guest carts made first, then placed 10 at a time, each timed. */
async function placeOrders(target: Target, productId: number, count: number): Promise<Sample> {
  const carts = [];
  for (let index = 0; index < count; index += 10)
    carts.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => openGuestCart(target.base, productId)))),
    );
  const delivery = {
    type: 2,
    sposob_dost: 1,
    sposob_oplat: 1,
    addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', zip: '115054' },
  };
  const contact = { name: 'Анна', fam: 'Смирнова', email: 'bench@example.ru', tel: '+79161112233' };
  const failures = new Map<number, number>();
  async function place(cart: Record<string, string>) {
    const started = performance.now();
    const response = await fetch(`${target.base}/v1/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ar: '1', ...cart },
      body: JSON.stringify({ idempotency_key: crypto.randomUUID(), contact, delivery }),
    });
    await response.arrayBuffer();
    if (!response.ok) failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    return performance.now() - started;
  }
  const meter = new CpuMeter(target);
  await meter.start();
  const started = performance.now();
  const latencies: number[] = [];
  for (let index = 0; index < carts.length; index += 10)
    latencies.push(...(await Promise.all(carts.slice(index, index + 10).map(place))));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = await meter.stop();
  latencies.sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((sum, times) => sum + times, 0);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ttfbP50: Number.NaN,
    ttfbP99: Number.NaN,
    cpuMs: (cpu.appMicros + cpu.dbMicros) / latencies.length / 1000,
    dbCpuMs: cpu.dbMicros / latencies.length / 1000,
    peakRssMb: cpu.peakRssMb,
    errors,
    failures: [...failures].map(([status, times]) => `${status}×${times}`).join(' '),
  };
}

// ---- one database at one size ----

async function runSetup(
  kind: 'pglite' | 'postgres',
  products: number,
  key: string,
  postgres: Postgres | null,
) {
  const label = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} · ${products.toLocaleString('ru-RU')} products`;
  const setupStarted = performance.now();
  log(`▶ ${label}: preparing the databases`);
  const images = path.join(runDir(), 'images');
  mkdirSync(images, { recursive: true });
  const targets = {} as Record<Variant, Target>;
  const stops: Array<() => Promise<void>> = [];
  try {
    const template = kind === 'postgres' ? await postgres!.template(key, products, log) : null;
    const cachedDir = kind === 'pglite' ? await pgliteCache(key, products, log) : null;
    const prepared: Array<{ variant: 'cached' | 'nocache'; name: string; env: Record<string, string> }> = [];
    const databaseOf: Partial<Record<Variant, Target['database']>> = {};
    for (const variant of ['cached', 'nocache'] as const) {
      const name = `${products}_${variant}`;
      const env: Record<string, string> = {
        LOG_LEVEL: logLevel,
        IMAGES_DIR: images,
        PAGE_CACHE_TTL_MS: '10000',
      };
      if (kind === 'postgres') {
        const databaseName = `efir_bench_${runId}_${name}`;
        env.DATABASE_URL = await postgres!.clone(template!, databaseName);
        env.DATA_DIR = path.join(runDir(), name);
        databaseOf[variant] = { postgres: postgres!, name: databaseName };
      } else env.DATA_DIR = copyPglite(cachedDir!, name);
      if (variant === 'nocache') Object.assign(env, NO_CACHE_ENV);
      prepared.push({ variant, name, env });
    }
    log('starting the shops (cached, no cache)');
    const started = await Promise.allSettled(
      prepared.map(({ name, env }) => startShop(`shop ${kind} ${name}`, env)),
    );
    started.forEach((outcome, index) => {
      if (outcome.status !== 'fulfilled') return;
      const { variant } = prepared[index]!;
      const server = outcome.value;
      stops.push(server.stop);
      targets[variant] = {
        name: server.name,
        pid: server.pid,
        base: server.base,
        database: databaseOf[variant],
      };
    });
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;

    // Every scenario answers, and the product page's bytes (and any other asked for) are recorded for the baseline.
    const productId = await findProductId(targets.cached.base);
    const resolve = (request: BenchRequest): BenchRequest => ({
      ...request,
      path: request.path.replace(':product', String(productId)),
    });
    const recorded: RecordedAnswer[] = [];
    const carts = await Promise.all(
      Array.from({ length: connections }, () => openGuestCart(targets.cached.base, productId)),
    );
    for (const scenario of [...loadScenarios, ...singleScenarios]) {
      const request = resolve(scenario.request);
      for (const variant of scenario.variants.filter((name) => name !== 'baseline')) {
        const answer = await rawRequest(targets[variant].base, {
          ...request,
          headers: { ...request.headers, ...(scenario.ownCart ? carts[0] : {}) },
        });
        if (answer.status !== 200)
          throw new Error(
            `${scenario.label} (${variant}): HTTP ${answer.status} ${answer.body.subarray(0, 300)}`,
          );
      }
      if (scenario.variants.includes('baseline')) {
        const answer = await rawRequest(targets.cached.base, request);
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'vary'])
          if (typeof answer.headers[name] === 'string') headers[name] = answer.headers[name];
        recorded.push({
          method: request.method,
          url: request.path,
          requestBody: request.body ?? '',
          headers,
          responseBody: answer.body.toString('base64'),
        });
      }
    }
    if (recorded.length > 0) {
      const file = path.join(runDir(), `baseline-${kind}-${products}.json`);
      writeFileSync(file, JSON.stringify(recorded));
      const baseline = await startBaseline(file);
      stops.push(baseline.stop);
      targets.baseline = { name: baseline.name, pid: baseline.pid, base: baseline.base };
    }

    const samples = new Map<string, Sample[]>();
    const health = new Map<string, number[]>();
    const run = async (scenario: Scenario, variant: Variant, seconds: number, record: boolean) => {
      const request = resolve(scenario.request);
      const single = singleScenarios.includes(scenario);
      const sample = await measure(targets[variant], request, {
        connections: single ? 1 : connections,
        duration: seconds,
        perConnection: scenario.ownCart ? carts : undefined,
        probe: scenario.healthProbe ? `${targets[variant].base}/api/health` : undefined,
      });
      const probed = sample.probe;
      if (!record) return sample;
      const key = `${scenario.id}/${variant}`;
      samples.set(key, [...(samples.get(key) ?? []), sample]);
      if (probed) health.set('p99', [...(health.get('p99') ?? []), percentile(probed, 99)]);
      if (probed) health.set('max', [...(health.get('max') ?? []), probed.at(-1)!]);
      const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
      log(
        `  ${scenario.label} [${variant}]: ${sample.rps.toFixed(0)} req/s, p50 ${ms(sample.p50)} ms, p99 ${ms(sample.p99)} ms, ` +
          `CPU ${sample.cpuMs.toFixed(2)} ms/req${probed ? `, health p99 ${ms(percentile(probed, 99))} ms` : ''}` +
          (sample.errors ? `, ${sample.errors} errors (${sample.failures})` : ''),
      );
      return sample;
    };

    log(`warm-up: every scenario for ${WARMUP_SECONDS} s, pages until ${HTML_WARMUP_PAGES} are rendered`);
    for (const scenario of [...loadScenarios, ...singleScenarios]) {
      const page = scenario.request.headers.accept?.startsWith('text/html');
      for (const variant of scenario.variants) {
        let pages = 0;
        for (let second = 0; second < (page ? HTML_WARMUP_MAX_SECONDS : WARMUP_SECONDS); second += 1) {
          pages += (await run(scenario, variant, 1, false)).requests;
          if (pages >= HTML_WARMUP_PAGES) break;
        }
      }
    }
    await placeOrders(targets.cached, productId, 10);

    const sitemaps: SitemapRound[] = [];
    const neverAsked = await productPages(targets.cached.base);
    // Taken from the end of the list: the rounds take theirs from its start, as before.
    await coldPages(targets.cached, neverAsked.splice(-COLD_WARMUP_PAGES), COLD_WARMUP_PAGES);
    for (let round = 0; round < rounds; round += 1) {
      log(`round ${round + 1} of ${rounds}`);
      for (const scenario of loadScenarios) {
        // The order of the servers rotates between rounds, so that none is always measured first.
        const order = scenario.variants.map((_, index, all) => all[(index + round) % all.length]!);
        for (const variant of order) await run(scenario, variant, duration, true);
      }
      for (const scenario of singleScenarios) await run(scenario, 'nocache', singleDuration, true);
      sitemaps.push(await sitemapRound(targets.cached, targets.nocache));
      const cold = await coldPages(targets.cached, neverAsked, COLD_PAGES_PER_ROUND);
      samples.set('page-cold/cached', [...(samples.get('page-cold/cached') ?? []), cold]);
      log(
        `  product pages nobody asked for yet, 1 connection: ${cold.requests} pages, p50 ${cold.p50.toFixed(0)} ms, ` +
          `CPU ${cold.cpuMs.toFixed(2)} ms/page${cold.failures ? ` (${cold.failures})` : ''}`,
      );
      const orders = await placeOrders(targets.cached, productId, 50);
      samples.set('orders/cached', [...(samples.get('orders/cached') ?? []), orders]);
      log(`  orders, 10 at once: p50 ${orders.p50.toFixed(1)} ms, p95 ${orders.p95.toFixed(1)} ms`);
    }
    const result: SetupResult = {
      kind,
      products,
      label,
      samples,
      labels: Object.fromEntries([
        ...loadScenarios.map((scenario) => [scenario.id, scenario.label]),
        ...singleScenarios.map((scenario) => [scenario.id, `${scenario.label}, 1 connection`]),
        ['orders', 'order, 10 at once'],
        ['page-cold', 'page: product nobody asked for yet (HTML), 1 connection'],
      ]),
      health,
      sitemaps,
      databaseCpuCounted: kind === 'pglite' || (postgres?.local ?? false),
      minutes: (performance.now() - setupStarted) / 60_000,
    };
    log(`■ ${label}: ${result.minutes.toFixed(1)} min`);
    return result;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

// ---- main ----

class SetupError extends Error {}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg();
  removeOrphanFolders();
  if (flags.has('no-build')) {
    if (!existsSync(path.join(shopDir, 'packages/server/dist/main.js')))
      throw new SetupError('--no-build, but there is no build: run npm run build');
  } else if (buildIsStale()) {
    log('building the shop (npm run build)…');
    await runBuild();
  }
  const postgres = databases.includes('postgres')
    ? await Postgres.connect(adminUrl).catch((error: Error) => {
        throw new SetupError(
          `PostgreSQL at ${adminUrl.replace(/:[^:@/]*@/, ':…@')} is not reachable (${error.message}): ` +
            'set BENCH_DATABASE_URL to an admin connection, or run with --db pglite',
        );
      })
    : null;
  await postgres?.dropOrphans();
  const key = seedKey();
  await postgres?.pruneStaleTemplates(key);
  pruneStalePgliteCaches(key);
  const results: SetupResult[] = [];
  for (const kind of databases)
    for (const products of sizes) results.push(await runSetup(kind, products, key, postgres));
  const report = markdownReport(results, {
    started,
    loadBefore,
    loadAfter: os.loadavg(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    rounds,
    duration,
    connections,
    postgresVersion: postgres ? await postgres.version() : null,
    shopDir,
  });
  console.log(`\n${report}`);
  if (writeDocsAtEnd) {
    writeDocs(path.join(root, 'docs/performance.md'), report);
    log('written into docs/performance.md');
  }
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  killAllServers();
  await cleanUp();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!stopping) log(`${signal}: stopping the servers and dropping this run's databases`);
    void stop(130);
  });
try {
  await main();
  await stop(0);
} catch (error) {
  // A problem of the setup (no PostgreSQL, no build) in one line; anything else with its stack.
  console.error(error instanceof SetupError ? `bench: ${error.message}` : error);
  await stop(1);
}
