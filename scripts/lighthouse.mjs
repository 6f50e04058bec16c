// `npm run lighthouse`: Lighthouse (mobile preset) on the production build against Debian's Chromium, for a home,
// a category, a product and an article page; prints performance, accessibility, best practices and SEO per page.
// Builds first unless --no-build (then the existing dist/ is used). Targets (issue 10): performance ≥ 95,
// accessibility ≥ 95, SEO 100. Exits 1 when a page misses one. `--json FILE` also writes the scores and the
// failing audits; `--reports DIR` the full Lighthouse report of each page; `--runs N` measures each page N times
// and keeps the run with the median performance score (scores move by several points between runs on a busy
// machine). `--url BASE` measures a shop already running there (e.g. an older commit's `npm start`, for an A/B on
// the same machine at the same time) instead of starting this build; `--only home,product` limits the pages.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShop } from '../e2e/support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const jsonOut = option('--json');
const reportsDir = option('--reports');
const runs = Math.max(1, Number(option('--runs') ?? 1));
const givenUrl = option('--url');
const only = option('--only')?.split(',');

const PAGES = [
  { id: 'home', name: 'главная', path: '/' },
  { id: 'category', name: 'категория', path: '/efirnye-masla/citrusovye' },
  { id: 'product', name: 'товар', path: '/bergamot-10-ml.html' },
  { id: 'article', name: 'статья', path: '/articles/efirnye-masla-dlya-sna.html' },
].filter((page) => !only || only.includes(page.id));
const TARGETS = { performance: 95, accessibility: 95, seo: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!existsSync(chromePath)) {
  console.error(`Chromium не найден: ${chromePath} (apt-get install chromium или CHROMIUM_PATH=…)`);
  process.exit(1);
}
if (!args.includes('--no-build') && !givenUrl) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

const shop = givenUrl ? { url: givenUrl.replace(/\/$/, ''), stop: async () => {} } : await startShop();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const results = [];
try {
  for (const page of PAGES) {
    // One warm-up load, so the first page does not pay for the server's cold caches.
    await fetch(`${shop.url}${page.path}`);
    const lhrs = [];
    // A run Lighthouse could not trace (runtimeError, e.g. NO_NAVSTART) is repeated, at most twice per page.
    let retries = 0;
    while (lhrs.length < runs) {
      const runner = await lighthouse(
        `${shop.url}${page.path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        // The default config is the mobile preset (Moto G Power emulation, simulated slow 4G).
        undefined,
      );
      if (runner.lhr.runtimeError && retries < 2) {
        console.warn(`${page.path}: ${runner.lhr.runtimeError.code}, повторяю`);
        retries += 1;
        continue;
      }
      lhrs.push(runner.lhr);
    }
    lhrs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = lhrs[Math.floor((lhrs.length - 1) / 2)];
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      writeFileSync(
        path.join(reportsDir, `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`),
        JSON.stringify(lhr),
      );
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => ({
        id: audit.id,
        score: audit.score,
        value: audit.displayValue ?? '',
        // What the audit found (a console message, a resource, an element), to fix it without rerunning.
        items: (audit.details?.items ?? [])
          .slice(0, 5)
          .map((item) => item.description ?? item.url ?? item.source?.url ?? item.node?.snippet ?? ''),
      }));
    const metrics = {
      fcp: lhr.audits['first-contentful-paint']?.displayValue,
      lcp: lhr.audits['largest-contentful-paint']?.displayValue,
      tbt: lhr.audits['total-blocking-time']?.displayValue,
      cls: lhr.audits['cumulative-layout-shift']?.displayValue,
    };
    const performanceRuns = lhrs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
    results.push({ ...page, scores, metrics, failing, performanceRuns });
  }
} finally {
  chrome.kill();
  await shop.stop();
}

const pad = (text, width) => String(text).padEnd(width);
console.log(
  `\n${pad('страница', 11)}${pad('адрес', 40)}${pad('perf', 6)}${pad('a11y', 6)}${pad('b.p.', 6)}${pad('seo', 6)}FCP / LCP / TBT / CLS`,
);
for (const result of results) {
  const s = result.scores;
  console.log(
    `${pad(result.name, 11)}${pad(result.path, 40)}${pad(s.performance, 6)}${pad(s.accessibility, 6)}${pad(s['best-practices'], 6)}${pad(s.seo, 6)}${result.metrics.fcp} / ${result.metrics.lcp} / ${result.metrics.tbt} / ${result.metrics.cls}` +
      (runs > 1 ? `   (perf по прогонам: ${result.performanceRuns.join(', ')})` : ''),
  );
}
const misses = results.flatMap((result) =>
  Object.entries(TARGETS)
    .filter(([id, target]) => result.scores[id] < target)
    .map(([id, target]) => `${result.path}: ${id} ${result.scores[id]} < ${target}`),
);
for (const result of results) {
  if (result.failing.length === 0) continue;
  console.log(`\n${result.path} — аудиты ниже 90:`);
  for (const audit of result.failing) {
    console.log(`  ${audit.id} (${Math.round(audit.score * 100)}) ${audit.value}`);
    for (const item of audit.items.filter(Boolean)) console.log(`      ${String(item).slice(0, 160)}`);
  }
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
if (misses.length > 0) {
  console.log(`\nЦели не достигнуты:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log('\nВсе цели достигнуты.');
