// Builds the shop once, seeds one data folder that every shop of the run starts from a copy of, starts the shared shop
// and the run's one Chromium, which every spec file connects to.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { cpuSeconds } from './cpu.ts';
import { repoRoot, startShop } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The run's Chromium to connect to (browser.ts); null where there is none. */
    browserEndpoint: string | null;
    /** Migrated and seeded by one start and a clean stop; never used by a running shop itself. */
    seededDataDir: string;
    /** The shared shop's process, whose CPU time each spec file's is counted with (file-cpu.ts). */
    sharedShopPid: number;
    /** The run's Chromium, whose CPU time each spec file's is counted with too (file-cpu.ts); 0 without one. */
    browserPid: number;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function setup(project: TestProject) {
  const hasChromium = existsSync(CHROMIUM_PATH);
  if (!hasChromium) {
    const message = `\n\n  !!! Chromium not found at ${CHROMIUM_PATH}: end-to-end tests are SKIPPED. Install it with: apt-get install chromium\n\n`;
    if (process.env.REQUIRE_E2E === '1' || process.env.CI) throw new Error(message);
    console.warn(message);
  }
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
  const seededDataDir = await mkdtemp(path.join(tmpdir(), 'efir-e2e-seeded-'));
  const seedingStarted = { wall: Date.now(), cpu: cpuSeconds('self', 'children') };
  const seeding = await startShop({ DATA_DIR: seededDataDir });
  if ((await seeding.stop()) !== 0)
    throw new Error(`seeding the e2e data folder failed:\n${seeding.output()}`);
  // The first start's cost, the largest single part of the e2e run (decision 032).
  console.log(
    `e2e data folder migrated and seeded in ${Math.round((Date.now() - seedingStarted.wall) / 1000)} s, CPU ${Math.round(cpuSeconds('self', 'children') - seedingStarted.cpu)} s`,
  );
  // The shop and the browser start at the same time.
  const [shop, browser] = await Promise.all([
    // Behind a trusted proxy, as in production: each browser context comes from an address of its own (browser.ts),
    // so the per-address limits (10 sign-ups an hour) count each test's visitor, not the whole suite as one client.
    startShop({ TRUST_PROXY: '1' }, { from: seededDataDir }),
    // One browser for the run: each spec file connects to it and opens contexts of its own (no cookies or storage
    // shared), instead of starting a Chromium of its own (decision 032).
    hasChromium
      ? chromium.launchServer({
          executablePath: CHROMIUM_PATH,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        })
      : null,
  ]);
  project.provide('baseUrl', shop.url);
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? null);
  project.provide('browserPid', browser?.process().pid ?? 0);
  project.provide('seededDataDir', seededDataDir);
  project.provide('sharedShopPid', shop.process.pid ?? 0);
  return async () => {
    await browser?.close();
    await shop.stop();
    await rm(seededDataDir, { recursive: true, force: true });
  };
}
