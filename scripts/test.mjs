// `npm test`: lint, dead-code check, typecheck, unit + integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// e2e, and the crash-safety run on PostgreSQL.
// Ends with one line «N passed, N failed» counting every test and check; each step's line in the summary says how
// long it took and how much CPU it used (the machine is shared: CPU time compares runs where the clock does not).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, '.tmp/test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });
/** Where e2e/support/file-cpu.ts leaves each spec file's CPU time (its own process, Chromium, its shops). */
const fileCpuDir = path.join(reportsDir, 'e2e-file-cpu');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

let passed = 0;
let failed = 0;
const summary = [];

/** CPU seconds of the finished children (and theirs), from /proc; null where there is no /proc. */
function childrenCpuSeconds() {
  try {
    // Fields after the command name: cutime and cstime are the 14th and 15th, in clock ticks (100 a second).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** «84 s, CPU 131 s» of one step. */
let lastTiming = '';
const started = Date.now();
const cpuAtStart = childrenCpuSeconds();

function run(title, command, args, env = process.env) {
  console.log(`\n━━ ${title}`);
  const start = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? '' : `, CPU ${Math.round(cpuAfter - cpuBefore)} s`;
  lastTiming = `${Math.round((Date.now() - start) / 1000)} s${cpu}`;
  console.log(`━━ ${title}: ${lastTiming}`);
  return result.status === 0;
}

function check(title, command, args) {
  const ok = run(title, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? '✓' : '✗'} ${title} (${lastTiming})`);
}

function vitestArgs(title, args) {
  const report = path.join(reportsDir, `${title.replace(/\W+/g, '-')}.json`);
  return {
    report,
    args: ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  };
}

function countReport(title, report, ok, timing) {
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
  try {
    counts = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // No report: the run itself broke; counted below as one failure.
  }
  const skipped = counts.numPendingTests + (counts.numTodoTests ?? 0);
  // In CI every test runs where it belongs (PostgreSQL-only ones in *.pg.test.ts, Chromium, Java and Redis present):
  // a skipped test there is a hole in the run, so it fails the run.
  const skipFails = Boolean(process.env.CI) && skipped > 0;
  passed += counts.numPassedTests;
  failed += counts.numFailedTests + (ok || counts.numFailedTests > 0 ? 0 : 1) + (skipFails ? 1 : 0);
  const good = ok && !skipFails;
  summary.push(
    `${good ? '✓' : '✗'} ${title}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed, ${skipped} skipped${skipFails ? ' (CI skips nothing)' : ''} (${timing})`,
  );
  if (skipFails) {
    for (const file of counts.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo')
          console.log(`  skipped: ${path.relative(root, file.name)} › ${test.fullName ?? test.title}`);
  }
  printSlowestFiles(title, counts.testResults ?? []);
}

/** The files that took longest (wall time from the report; CPU where the e2e setup recorded it), slowest first. */
function printSlowestFiles(title, files, count = 12) {
  const cpuOf = new Map();
  try {
    for (const name of readdirSync(fileCpuDir)) {
      const entry = JSON.parse(readFileSync(path.join(fileCpuDir, name), 'utf8'));
      cpuOf.set(entry.file, entry);
    }
  } catch {
    // Only the e2e run records CPU per file.
  }
  const rows = files
    .filter((file) => file.startTime && file.endTime)
    .map((file) => ({ name: path.relative(root, file.name), wall: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.wall - a.wall);
  if (rows.length === 0) return;
  console.log(`\n━━ ${title}: the ${Math.min(count, rows.length)} slowest of ${rows.length} files`);
  for (const row of rows.slice(0, count)) {
    const cpu = cpuOf.get(row.name);
    const cpuText = cpu
      ? `, CPU ${Math.round(cpu.cpu)} s (shared shop ${Math.round(cpu.sharedShopCpu)} s)`
      : '';
    console.log(`  ${Math.round(row.wall).toString().padStart(4)} s${cpuText}  ${row.name}`);
  }
  rmSync(fileCpuDir, { recursive: true, force: true });
}

function vitest(title, args, env) {
  const vitestRun = vitestArgs(title, args);
  const ok = run(title, bin('vitest'), vitestRun.args, env);
  countReport(title, vitestRun.report, ok, lastTiming);
}

const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;

// A run that cannot happen here: skipped on a developer's machine, a failure in CI (no test may skip there).
function cannotRun(title, reason) {
  if (process.env.CI) {
    failed += 1;
    summary.push(`✗ ${title}: ${reason}, and CI must run it`);
  } else summary.push(`- ${title}: skipped (${reason})`);
}

check('lint and format (biome)', bin('biome'), ['check', '.']);
check('dead code: exports only tests reach (knip --production)', bin('knip'), ['--production']);
check('migrations safe for a rolling deploy', bin('tsx'), ['packages/server/src/db/lint-migrations.ts']);
check('no source file over 400 lines without its reason', process.execPath, ['scripts/lint-long-files.mjs']);
check('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck']);
// One suite after the other: side by side (tried, decision 032) they doubled the load on two cores and tests met
// their time limits.
vitest('unit and integration on PGlite', [], envWithoutPostgres);
if (TEST_DATABASE_URL) vitest('integration on PostgreSQL', ['--project', 'server*'], process.env);
else cannotRun('integration on PostgreSQL', 'TEST_DATABASE_URL is not set');
vitest('end-to-end in Chromium', ['--config', 'e2e/vitest.config.ts'], {
  ...envWithoutPostgres,
  E2E_FILE_CPU_DIR: fileCpuDir,
});
// The built shop on PostgreSQL killed mid-checkout and stopped under load (the e2e run above has built it).
if (TEST_DATABASE_URL) {
  vitest(
    'crash safety on PostgreSQL',
    ['--config', 'e2e/hard/vitest.config.ts', 'crash.spec.ts'],
    process.env,
  );
} else cannotRun('crash safety on PostgreSQL', 'TEST_DATABASE_URL is not set');

const cpuAtEnd = childrenCpuSeconds();
const totalCpu =
  cpuAtStart === null || cpuAtEnd === null ? '' : `, CPU ${Math.round(cpuAtEnd - cpuAtStart)} s`;
console.log(
  `\n━━ Summary\n${summary.join('\n')}\nin ${Math.round((Date.now() - started) / 1000)} s${totalCpu}\n`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
