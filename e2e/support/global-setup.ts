// Builds the shop once, seeds one data folder that every shop of the run starts from a copy of, starts the shared shop
// and checks that a browser is there.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startShop } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** Migrated and seeded by one start and a clean stop; never used by a running shop itself. */
    seededDataDir: string;
    /** The shared shop's process, whose CPU time each spec file's is counted with (file-cpu.ts). */
    sharedShopPid: number;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default async function setup(project: TestProject) {
  const chromium = existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : null;
  if (!chromium) {
    const message = `\n\n  !!! Chromium not found at ${CHROMIUM_PATH}: end-to-end tests are SKIPPED. Install it with: apt-get install chromium\n\n`;
    if (process.env.REQUIRE_E2E === '1' || process.env.CI) throw new Error(message);
    console.warn(message);
  }
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
  const seededDataDir = await mkdtemp(path.join(tmpdir(), 'efir-e2e-seeded-'));
  const seeding = await startShop({ DATA_DIR: seededDataDir });
  if ((await seeding.stop()) !== 0)
    throw new Error(`seeding the e2e data folder failed:\n${seeding.output()}`);
  // Behind a trusted proxy, as in production: each browser context comes from an address of its own (browser.ts),
  // so the per-address limits (10 sign-ups an hour) count each test's visitor, not the whole suite as one client.
  const shop = await startShop({ TRUST_PROXY: '1' }, { from: seededDataDir });
  project.provide('baseUrl', shop.url);
  project.provide('chromiumPath', chromium);
  project.provide('seededDataDir', seededDataDir);
  project.provide('sharedShopPid', shop.process.pid ?? 0);
  return async () => {
    await shop.stop();
    await rm(seededDataDir, { recursive: true, force: true });
  };
}
