// `npm run bench`: the public read paths of the shop against a bare-Fastify baseline serving the same bytes,
// on PostgreSQL, at two catalogue sizes. Prints req/s, p50/p99, the ratio to the baseline and the server's RSS.
// Each size runs twice: with the answer cache as in production (PAGE_CACHE_TTL_MS 10 s) and with it off, which
// measures the database path itself.
// Both servers run as plain Node.js from an esbuild bundle, as `npm start` runs the shop (tsx would add its own
// memory and start-up). Besides req/s and latency, each line gives the server's CPU time per request (read from
// /proc): on a shared machine that figure moves far less than req/s, so its ratio to the baseline is the one to trust.
// Options: --products 500,10000  --duration 8  --connections 10  --cache 10000,0
// BENCH_DATABASE_URL: an admin connection (default: the `postgres` database); the bench creates and drops only
// its own databases, efir_bench_<products>.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import { openPostgres } from '../packages/server/src/db/client.ts';
import { seedDemoContent } from '../packages/server/src/seed/seed.ts';
import type { RecordedAnswer } from './baseline-server.ts';

const args = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2)
  args.set(process.argv[index]!.replace(/^--/, ''), process.argv[index + 1] ?? '');
const sizes = (args.get('products') ?? '500,10000').split(',').map(Number);
const duration = Number(args.get('duration') ?? 8);
const connections = Number(args.get('connections') ?? 10);
const cacheModes = (args.get('cache') ?? '10000,0').split(',').map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const here = path.dirname(new URL(import.meta.url).pathname);
// Inside packages/server (the server finds its migrations from there), in an ignored folder.
const bundleDir = path.join(here, '../packages/server/node_modules/.cache/efir-bench');

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function prepareDatabase(products: number): Promise<string> {
  const name = `efir_bench_${products}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = openPostgres(databaseUrl(name), 4);
  await handle.migrate();
  await seedDemoContent(handle.db, { imagesDir: null });
  // Grow the catalogue with copies of the demo products (new names and urls), spread over the categories.
  await handle.db.execute(sql`
    insert into products (name, latin_name, url, family_key, volume, volume_ml, cena, cena_st, stock, category_id,
      kat_global, icons, images, description, composition, usage, safety, country, plant_part, extraction_method, popularity)
    select p.name || ' № ' || n, p.latin_name, replace(p.url, '.html', '-' || n || '.html'), p.family_key || '-' || n,
      p.volume, p.volume_ml, p.cena + (n % 50), p.cena_st, (p.stock + n) % 40, p.category_id, p.kat_global, p.icons,
      p.images, p.description, p.composition, p.usage, p.safety, p.country, p.plant_part, p.extraction_method, (p.popularity + n) % 1000
    from products p cross join generate_series(1, ceil(${products}::numeric / (select count(*) from products))::int) as n
    limit greatest(${products} - (select count(*) from products), 0)`);
  await handle.db.execute(sql`vacuum analyze`);
  await handle.close();
  return databaseUrl(name);
}

/** Bundles a server script the way scripts/build.mjs bundles the shop: our code inside, packages outside. */
async function bundle(script: string): Promise<string> {
  const serverPackage = JSON.parse(readFileSync(path.join(here, '../packages/server/package.json'), 'utf8'));
  const external = Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies }).filter(
    (name) => !name.startsWith('@efir/'),
  );
  mkdirSync(bundleDir, { recursive: true });
  const outfile = path.join(bundleDir, script.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [path.join(here, script)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, 'vite', 'zod', 'htmlparser2'],
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}

const bundles = new Map<string, string>();
/** The shop runs with the Node flags of `npm start` (scripts/start.mjs says why); the baseline with none. */
const SHOP_NODE_FLAGS = ['--max-old-space-size=384'];

async function startChild(script: string, env: Record<string, string>): Promise<ChildProcess> {
  if (!bundles.has(script)) bundles.set(script, await bundle(script));
  return new Promise((resolve, reject) => {
    const child = fork(bundles.get(script)!, {
      env: { ...process.env, ...env },
      execArgv: script === 'app-server.ts' ? SHOP_NODE_FLAGS : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** User + system CPU time the process has used, in microseconds (clock ticks of 10 ms). */
function readCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

async function measure(port: number, scenario: Scenario, pid: number) {
  const options = {
    url: `http://127.0.0.1:${port}${scenario.url}`,
    method: scenario.method,
    body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
    headers: { 'content-type': 'application/json', ar: '1' },
    connections,
  };
  // A second of warm-up first: the JIT's first minutes are not what the server does all day.
  await autocannon({ ...options, duration: 1 });
  let peakRss = readRssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, readRssMb(pid));
  }, 200);
  const cpuBefore = readCpuMicros(pid);
  const result = await autocannon({ ...options, duration });
  clearInterval(sampler);
  return {
    cpuPerRequest: (readCpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p97: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    peakRss,
  };
}

const rows: string[] = [];
for (const size of sizes) {
  console.log(`\n▶ ${size} products: preparing the database…`);
  const url = await prepareDatabase(size);
  const appPort = 3900;
  const scenarios: Scenario[] = [
    { name: 'GET /api/v1/critical', method: 'GET', url: '/api/v1/critical' },
    {
      name: 'route: product',
      method: 'POST',
      url: '/api/v1/route',
      body: { url: '/lavanda-uzkolistnaya-10-ml.html' },
    },
    {
      name: 'route: category page',
      method: 'POST',
      url: '/api/v1/route',
      body: { url: '/efirnye-masla', page: 2, sort: 1 },
    },
    { name: 'search «лаванда»', method: 'POST', url: '/api/v1/search', body: { q: 'лаванда' } },
    { name: 'search typo «kfdfylf»', method: 'POST', url: '/api/v1/search', body: { q: 'kfdfylf' } },
  ];
  let baseline: ChildProcess | null = null;
  const baselinePort = 3901;
  for (const ttl of cacheModes) {
    const app = await startChild('app-server.ts', {
      DATABASE_URL: url,
      PORT: String(appPort),
      PAGE_CACHE_TTL_MS: String(ttl),
    });
    if (!baseline) {
      const recorded: RecordedAnswer[] = [];
      for (const scenario of scenarios) {
        const response = await fetch(`http://127.0.0.1:${appPort}${scenario.url}`, {
          method: scenario.method,
          headers: { 'content-type': 'application/json' },
          body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
        });
        if (!response.ok) throw new Error(`${scenario.name}: HTTP ${response.status}`);
        recorded.push({
          method: scenario.method,
          url: scenario.url,
          requestBody: scenario.body === undefined ? '' : JSON.stringify(scenario.body),
          responseBody: await response.text(),
        });
      }
      const baselineFile = path.join(tmpdir(), `efir-baseline-${size}.json`);
      writeFileSync(baselineFile, JSON.stringify(recorded));
      baseline = await startChild('baseline-server.ts', {
        BASELINE_FILE: baselineFile,
        PORT: String(baselinePort),
      });
    }
    for (const scenario of scenarios) {
      const ours = await measure(appPort, scenario, app.pid!);
      const ceiling = await measure(baselinePort, scenario, baseline.pid!);
      const line = [
        String(size).padStart(6),
        (ttl > 0 ? 'cached' : 'no cache').padEnd(8),
        scenario.name.padEnd(24),
        `${ours.rps.toFixed(0).padStart(6)} req/s`,
        `p50 ${String(ours.p50).padStart(3)} ms`,
        `p97.5 ${String(ours.p97).padStart(3)} ms`,
        `p99 ${String(ours.p99).padStart(4)} ms`,
        `CPU ${ours.cpuPerRequest.toFixed(0).padStart(5)} µs/req`,
        `| baseline ${ceiling.rps.toFixed(0).padStart(6)} req/s`,
        `CPU ${ceiling.cpuPerRequest.toFixed(0).padStart(4)} µs/req`,
        `ratio ${(ours.rps / ceiling.rps).toFixed(2)}`,
        `CPU ratio ${(ceiling.cpuPerRequest / ours.cpuPerRequest).toFixed(2)}`,
        `| RSS ${ours.peakRss.toFixed(0)} MB`,
        ours.errors > 0 ? `| ${ours.errors} errors` : '',
      ].join('  ');
      console.log(line);
      rows.push(line);
    }
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
  }
  baseline?.kill('SIGTERM');
  rows.push(...(await measureCartAndCheckout(url, size)));
}
/** A guest session: the CSRF cookie, then a cart cookie from a first add. */
async function openGuestCart(base: string, productId: number) {
  const refresh = await fetch(`${base}/refresh`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(refresh.headers.get('set-cookie') ?? '')?.[1] ?? '';
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
  const cart = /efir_cart=([^;]+)/.exec(added.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { cookie: `XSRF-TOKEN=${csrf}; efir_cart=${cart}`, csrf };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Cart fetch and add-to-cart under autocannon; order placement timed request by request (each empties a cart). */
async function measureCartAndCheckout(url: string, size: number): Promise<string[]> {
  const port = 3902;
  const app = await startChild('app-server.ts', {
    DATABASE_URL: url,
    PORT: String(port),
    PAGE_CACHE_TTL_MS: '10000',
  });
  const base = `http://127.0.0.1:${port}`;
  const admin = openPostgres(url, 2);
  // Plenty of stock, so that the measurements are about the code and not about a sold-out product.
  const updated = (await admin.db.execute(
    sql`update products set stock = 1000000 where url = '/lavanda-uzkolistnaya-10-ml.html' returning id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const productId = updated.rows[0]!.id;
  const lines: string[] = [];
  const guest = await openGuestCart(base, productId);
  for (const scenario of [
    { name: 'cart: GET /v1/cart', method: 'GET' as const, path: '/v1/cart', body: undefined },
    {
      name: 'cart: add to cart',
      method: 'POST' as const,
      path: `/v1/cart/${productId}`,
      body: JSON.stringify({ quantity: 1 }),
    },
  ]) {
    const cpuBefore = readCpuMicros(app.pid!);
    const result = await autocannon({
      url: `${base}${scenario.path}`,
      method: scenario.method,
      body: scenario.body,
      headers: {
        'content-type': 'application/json',
        cookie: guest.cookie,
        'x-xsrf-token': guest.csrf,
        ar: '1',
      },
      connections,
      duration,
    });
    const cpu = (readCpuMicros(app.pid!) - cpuBefore) / Math.max(1, result.requests.total);
    const line = `${String(size).padStart(6)}  ${scenario.name.padEnd(33)}  ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  p97.5 ${String(result.latency.p97_5).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  CPU ${cpu.toFixed(0).padStart(5)} µs/req${result.non2xx + result.errors > 0 ? `  | ${result.non2xx + result.errors} errors` : ''}`;
    console.log(line);
    lines.push(line);
  }
  // Order placement: 200 carts prepared first, then placed 10 at a time, each timed. One batch more goes first,
  // untimed: a warm-up, as the other scenarios have (its orders are the first the server ever compiles and,
  // on each pooled connection, prepares).
  const carts = await Promise.all(Array.from({ length: 210 }, () => openGuestCart(base, productId)));
  const latencies: number[] = [];
  let failures = 0;
  const delivery = {
    type: 2,
    sposob_dost: 1,
    sposob_oplat: 1,
    addressNew: { city: 'Москва', street: 'ул. Дубининская', house: '57', zip: '115054' },
  };
  const contact = { name: 'Анна', fam: 'Смирнова', email: 'bench@example.ru', tel: '+79161112233' };
  async function placeOrder(cart: { cookie: string; csrf: string }) {
    const started = performance.now();
    const response = await fetch(`${base}/v1/order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cart.cookie,
        'x-xsrf-token': cart.csrf,
        ar: '1',
      },
      body: JSON.stringify({ idempotency_key: crypto.randomUUID(), contact, delivery }),
    });
    if (!response.ok) failures += 1;
    return performance.now() - started;
  }
  await Promise.all(carts.slice(0, 10).map(placeOrder));
  const cpuBefore = readCpuMicros(app.pid!);
  for (let index = 10; index < carts.length; index += 10) {
    latencies.push(...(await Promise.all(carts.slice(index, index + 10).map(placeOrder))));
  }
  const orderCpu = (readCpuMicros(app.pid!) - cpuBefore) / latencies.length;
  const line = `${String(size).padStart(6)}  ${'order: POST /v1/order (10 at once)'.padEnd(33)}  ${latencies.length} orders  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  CPU ${orderCpu.toFixed(0)} µs/order  | RSS ${readRssMb(app.pid!).toFixed(0)} MB${failures ? `  | ${failures} failed` : ''}`;
  console.log(line);
  lines.push(line);
  await admin.close();
  app.kill('SIGTERM');
  return lines;
}

console.log(`\nSummary (${duration} s per run, ${connections} connections, PostgreSQL):\n${rows.join('\n')}`);
process.exit(0);
