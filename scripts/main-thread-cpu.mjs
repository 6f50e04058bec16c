// `node scripts/main-thread-cpu.mjs SECONDS RUNS name=URL name=URL …`: a page load's main-thread work in thread CPU
// time, not wall time, so that other processes on a busy machine do not inflate it (Lighthouse's scores do: its
// mobile preset multiplies the wall time of each task by 4). Chromium's trace gives each task its thread time
// (tdur). Per load, at a phone's 412×823: the renderer main thread's CPU in the first SECONDS after navigation, and a
// TBT-like sum Σ max(0, 4·tdur − 50 ms) over the tasks from the first contentful paint on. The URLs are loaded in
// turn, the order reversed every other round (an A/B of two builds' running shops: decision 053); medians printed.
import { chromium } from 'playwright-core';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const [window_ = '8', runs = '6', ...targets] = process.argv.slice(2);
const WINDOW = Number(window_) * 1000;
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--headless=new'],
});
const results = Object.fromEntries(targets.map((t) => [t, []]));
for (let r = 0; r < Number(runs); r++) {
  for (const target of r % 2 ? [...targets].reverse() : targets) {
    const [, url] = target.split('=');
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
        'blink.user_timing',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(WINDOW + 500);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    await context.close();
    const events = trace.traceEvents;
    const main = events.find(
      (e) =>
        e.name === 'thread_name' &&
        e.args?.name === 'CrRendererMain' &&
        events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'),
    );
    const nav = events.find(
      (e) =>
        e.pid === main?.pid &&
        e.name === 'navigationStart' &&
        e.args?.data?.isLoadingMainFrame &&
        e.args?.data?.documentLoaderURL?.startsWith('http'),
    );
    const fcp = events.find((e) => e.pid === main?.pid && e.name === 'firstContentfulPaint');
    // Now and then a trace misses the page's navigation start or its first paint: that load is left out (said so).
    if (!main || !nav || !fcp) {
      console.error(`${target}: a trace without its navigation or first paint, load left out`);
      continue;
    }
    const tasks = events.filter(
      (e) =>
        e.pid === main?.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ts >= nav.ts &&
        e.ts <= nav.ts + WINDOW * 1000,
    );
    const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
    const blocking = tasks
      .filter((e) => e.ts >= fcp.ts)
      .reduce((s, e) => s + Math.max(0, (4 * (e.tdur ?? 0)) / 1000 - 50), 0);
    const longest = Math.max(...tasks.map((e) => (e.tdur ?? 0) / 1000));
    results[target].push({
      cpu: Math.round(cpu),
      blocking: Math.round(blocking),
      longest: Math.round(longest),
      fcp: Math.round((fcp.ts - nav.ts) / 1000),
    });
  }
}
await browser.close();
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const t of targets) {
  const rs = results[t];
  console.log(
    `${t.split('=')[0]}: main-thread CPU ${med(rs.map((x) => x.cpu))} ms (${rs.map((x) => x.cpu).join(', ')}), TBT-like ${med(rs.map((x) => x.blocking))} ms (${rs.map((x) => x.blocking).join(', ')}), longest task ${med(rs.map((x) => x.longest))} ms`,
  );
}
