// What every e2e run starts from: the production build, and one data folder migrated and seeded by the built shop's
// own first start (the pictures drawn with sharp), which each shop of the run starts from a copy of.
// `npm test` makes it while the PostgreSQL suite runs, which leaves most of a core idle (scripts/test.mjs, decision
// 032); the global setup makes it itself when nothing did. As a script: `tsx e2e/support/prepare.ts DIR`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu.ts';
import { repoRoot, startShop } from './server.ts';

export async function prepareE2e(seededDataDir: string): Promise<void> {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
  const started = { wall: Date.now(), cpu: cpuSeconds('self', 'children') };
  const seeding = await startShop({ DATA_DIR: seededDataDir });
  if ((await seeding.stop()) !== 0)
    throw new Error(`seeding the e2e data folder failed:\n${seeding.output()}`);
  // The first start's cost, the largest single part of the e2e set-up (decision 032).
  console.log(
    `e2e data folder migrated and seeded in ${Math.round((Date.now() - started.wall) / 1000)} s, CPU ${Math.round(cpuSeconds('self', 'children') - started.cpu)} s`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx e2e/support/prepare.ts DIR');
  await prepareE2e(dir);
}
