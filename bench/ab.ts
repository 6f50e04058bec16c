// `npm run bench:ab -- --before DIR`: one checkout's build against another's, on the same machine at the same time.
// A busy machine (other sessions' builds and tests on the same 2 cores) slows every process by a share that changes
// from second to second, so two runs made at different times measure the machine as much as the code. This script
// starts both shops without their caches (PAGE_CACHE_TTL_MS=0) on copies of one seeded PGlite folder, and the bare
// baseline (bench/baseline-server.ts, replaying the «after» shop's product page bytes: the machine's own share), and
// measures them in interleaved rounds (the order rotating), reading each server's CPU from /proc. Printed: per page
// and server, the median CPU ms/request of the rounds with min–max, the after ÷ before ratio of each round, and the
// machine: load average, steal time (/proc/stat) while it ran.
// Options, defaults first: --before DIR (required: a `git worktree` of the older commit, `npm ci` and
// `node scripts/build.mjs` there) --after DIR (this checkout) --rounds 5 --duration 2 --connections 16
// --products 500 --pages product,home,category

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordedAnswer } from './baseline-server.ts';
import { BENCH_PRODUCT_URL, cleanUp, copyPglite, pgliteCache, runDir, seedKey } from './databases.ts';
import { type BenchRequest, measure, rawRequest, type Target } from './load.ts';
import { killAllServers, measureShopIn, root, startBaseline, startShop } from './servers.ts';

const flags = new Map<string, string>();
for (let index = 2; index < process.argv.length; index += 2) {
  const name = process.argv[index]!;
  if (!name.startsWith('--')) throw new Error(`unexpected argument ${name}`);
  flags.set(name.slice(2), process.argv[index + 1] ?? '');
}
const before = flags.get('before');
if (!before) throw new Error('--before DIR: a checkout of the older commit, built');
const after = path.resolve(flags.get('after') ?? root);
const rounds = Number(flags.get('rounds') ?? 5);
const duration = Number(flags.get('duration') ?? 2);
const connections = Number(flags.get('connections') ?? 16);
const products = Number(flags.get('products') ?? 500);
const PAGES: Record<string, string> = { product: BENCH_PRODUCT_URL, home: '/', category: '/efirnye-masla' };
const pages = (flags.get('pages') ?? 'product,home,category').split(',');

const log = (text: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${text}`);
const html = (url: string): BenchRequest => ({
  method: 'GET',
  path: url,
  headers: {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'ru-RU,ru;q=0.9',
  },
});

/** The machine's counters: all CPUs' ticks by kind (/proc/stat's first line). */
function cpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle! + iowait!, steal: steal! };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const fmt = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));

async function main() {
  const machineStart = cpuTicks();
  const loadStart = os.loadavg();
  const seeded = await pgliteCache(seedKey(), products, log);
  mkdirSync(path.join(runDir(), 'images'), { recursive: true });
  const servers: Record<string, Target> = {};
  const stops: Array<() => Promise<void>> = [];
  for (const [name, dir] of [
    ['before', path.resolve(before!)],
    ['after', after],
  ] as const) {
    measureShopIn(dir);
    const server = await startShop(name, {
      LOG_LEVEL: 'silent',
      PAGE_CACHE_TTL_MS: '0',
      DATA_DIR: copyPglite(seeded, name),
      IMAGES_DIR: path.join(runDir(), 'images'),
    });
    stops.push(server.stop);
    servers[name] = { name, pid: server.pid, base: server.base };
  }
  // The product page's bytes as the «after» shop sends them, for the bare baseline.
  const answer = await rawRequest(servers.after!.base, html(BENCH_PRODUCT_URL));
  const recorded: RecordedAnswer[] = [
    {
      method: 'GET',
      url: BENCH_PRODUCT_URL,
      requestBody: '',
      headers: Object.fromEntries(
        ['content-type', 'content-encoding', 'vary']
          .filter((name) => typeof answer.headers[name] === 'string')
          .map((name) => [name, answer.headers[name] as string]),
      ),
      responseBody: answer.body.toString('base64'),
    },
  ];
  const file = path.join(runDir(), 'baseline-ab.json');
  writeFileSync(file, JSON.stringify(recorded));
  const baseline = await startBaseline(file);
  stops.push(baseline.stop);
  servers.baseline = { name: 'baseline', pid: baseline.pid, base: baseline.base };

  const bytes: Record<string, Record<string, number>> = {};
  for (const name of ['before', 'after'])
    for (const page of pages) {
      const raw = await rawRequest(servers[name]!.base, { ...html(PAGES[page]!), headers: {} });
      bytes[page] = { ...bytes[page], [name]: raw.body.length };
    }
  log('warming up (600 product pages and 200 of each other page per shop)');
  for (const name of ['before', 'after'])
    for (const page of pages) {
      let rendered = 0;
      const goal = page === 'product' ? 600 : 200;
      while (rendered < goal)
        rendered += (await measure(servers[name]!, html(PAGES[page]!), { connections, duration: 1 }))
          .requests;
    }

  const cells = new Map<string, number[]>();
  const machine: string[] = [];
  const orders = [
    ['before', 'after', 'baseline'],
    ['after', 'baseline', 'before'],
    ['baseline', 'before', 'after'],
  ];
  for (let round = 0; round < rounds; round += 1) {
    const ticks = cpuTicks();
    for (const name of orders[round % orders.length]!)
      for (const page of name === 'baseline' ? ['product'] : pages) {
        const sample = await measure(servers[name]!, html(PAGES[page]!), { connections, duration });
        const key = `${page}/${name}`;
        cells.set(key, [...(cells.get(key) ?? []), sample.cpuMs]);
        cells.set(`${key}/rps`, [...(cells.get(`${key}/rps`) ?? []), sample.rps]);
      }
    const now = cpuTicks();
    const total = now.busy + now.idle + now.steal - (ticks.busy + ticks.idle + ticks.steal);
    const line =
      `round ${round + 1}: load ${os.loadavg()[0]!.toFixed(1)}, machine busy ${((100 * (now.busy - ticks.busy)) / total).toFixed(0)} %, ` +
      `steal ${((100 * (now.steal - ticks.steal)) / total).toFixed(1)} %; ` +
      pages
        .map((page) => {
          const [b, a] = ['before', 'after'].map((name) => cells.get(`${page}/${name}`)!.at(-1)!);
          return `${page} ${fmt(b!)} → ${fmt(a!)} ms`;
        })
        .join(', ') +
      `, baseline ${fmt(cells.get('product/baseline')!.at(-1)!)} ms`;
    machine.push(line);
    log(line);
  }
  const machineEnd = cpuTicks();
  const total =
    machineEnd.busy +
    machineEnd.idle +
    machineEnd.steal -
    (machineStart.busy + machineStart.idle + machineStart.steal);
  const cpu = readFileSync('/proc/cpuinfo', 'utf8');
  console.log(
    `A/B ${new Date().toISOString().slice(0, 16)} UTC: before ${path.resolve(before!)}, after ${after}; ${rounds} interleaved rounds of ${duration} s at ${connections} connections, PGlite · ${products} products, caches off.`,
  );
  console.log(
    `Machine: ${/model name\s*:\s*(.*)/.exec(cpu)?.[1]} × ${os.cpus().length} vCPU at ${/cpu MHz\s*:\s*(.*)/.exec(cpu)?.[1]} MHz; ` +
      `load average ${loadStart.map((v) => v.toFixed(1)).join(' / ')} before, ${os
        .loadavg()
        .map((v) => v.toFixed(1))
        .join(
          ' / ',
        )} after; steal ${((100 * (machineEnd.steal - machineStart.steal)) / total).toFixed(1)} % of the CPU time while it ran.`,
  );
  console.log('');
  console.log(
    '| page | server | CPU ms/req, median (min–max) | req/s | page bytes (uncompressed) | after ÷ before per round |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const page of pages)
    for (const name of page === 'product' ? ['before', 'after', 'baseline'] : ['before', 'after']) {
      const values = cells.get(`${page}/${name}`)!;
      const ratios =
        name === 'after'
          ? values.map((value, index) => (value / cells.get(`${page}/before`)![index]!).toFixed(2)).join(', ')
          : '';
      console.log(
        `| ${page} | ${name} | ${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))}) | ` +
          `${median(cells.get(`${page}/${name}/rps`)!).toFixed(0)} | ${bytes[page]?.[name] ?? ''} | ${ratios} |`,
      );
    }
  console.log('');
  for (const line of machine) console.log(`- ${line}`);
  for (const stop of stops) await stop();
}

process.on('SIGINT', () => {
  killAllServers();
  void cleanUp().finally(() => process.exit(130));
});
main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    killAllServers();
    await cleanUp();
  });
