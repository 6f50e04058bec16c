// Each spec file's CPU time for `npm test`'s table of the slowest files (scripts/test.mjs sets E2E_FILE_CPU_DIR):
// the worker's own, its finished children's (Chromium, the spec's own shops) and the shared shop's while the file ran.
// On a shared machine wall time says little; CPU time says what a spec costs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { repoRoot } from './server.ts';

const dir = process.env.E2E_FILE_CPU_DIR;

/** Seconds of CPU from /proc/<pid>/stat: utime + stime, and with `children` the reaped children's too. */
function cpuSeconds(pid: number | 'self', children: boolean): number {
  try {
    // After the command name: utime, stime, cutime, cstime are the 12th to 15th fields, in ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    return (fields[11]! + fields[12]! + (children ? fields[13]! + fields[14]! : 0)) / 100;
  } catch {
    return 0;
  }
}

if (dir) {
  const sharedShop = inject('sharedShopPid');
  let started = { own: 0, shop: 0 };
  beforeAll(() => {
    started = { own: cpuSeconds('self', true), shop: cpuSeconds(sharedShop, false) };
  });
  afterAll((suite) => {
    const file = path.relative(repoRoot, suite.file.filepath);
    const entry = {
      file,
      cpu: cpuSeconds('self', true) - started.own + cpuSeconds(sharedShop, false) - started.shop,
      sharedShopCpu: cpuSeconds(sharedShop, false) - started.shop,
    };
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${file.replace(/\W+/g, '-')}.json`), JSON.stringify(entry));
  });
}
