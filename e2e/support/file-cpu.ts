// Each spec file's CPU time for `npm test`'s table of the slowest files (scripts/test.mjs sets E2E_FILE_CPU_DIR):
// the worker's own, its finished children's (the spec's own shops), and the shared shop's and the run's Chromium's
// while the file ran.
// On a shared machine wall time says little; CPU time says what a spec costs. Two files run at once (vitest.config.ts):
// the shared shop's and Chromium's CPU while both ran counts in each.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { cpuSeconds, treeCpuSeconds } from './cpu.ts';
import { repoRoot } from './server.ts';

const dir = process.env.E2E_FILE_CPU_DIR;

if (dir) {
  const sharedShop = inject('sharedShopPid');
  const browser = inject('browserPid');
  const now = () => ({
    own: cpuSeconds('self', 'both'),
    shop: cpuSeconds(sharedShop, 'own'),
    browser: browser ? treeCpuSeconds(browser) : 0,
  });
  // Taken before the spec file is imported (a setup file runs first), so loading its modules counts too.
  const started = now();
  let file = '';
  beforeAll(() => {
    file = path.relative(repoRoot, expect.getState().testPath ?? 'unknown');
  });
  afterAll(() => {
    const ended = now();
    const entry = {
      file,
      cpu: ended.own - started.own + ended.shop - started.shop + ended.browser - started.browser,
      sharedShopCpu: ended.shop - started.shop,
    };
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${file.replace(/\W+/g, '-')}.json`), JSON.stringify(entry));
  });
}
