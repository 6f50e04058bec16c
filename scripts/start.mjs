// `npm start`: builds when the sources are newer than the last build, then runs the production server.
// `npm run migrate` (`start.mjs migrate`): the same, but runs only the migrations and demo seeding;
// `npm run backup [FILE]` and `npm run restore FILE [--force]` likewise run dist/backup.js and dist/restore.js.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = [
  'packages/server/dist/main.js',
  'packages/server/dist/pglite-worker.js',
  'packages/server/dist/migrate.js',
  'packages/server/dist/backup.js',
  'packages/server/dist/restore.js',
  'packages/web/dist/client/index.html',
  'packages/web/dist/server/entry-server.js',
].map((file) => path.join(root, file));
const sources = [
  'packages/domain/src',
  'packages/server/src',
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/public',
  'package-lock.json',
];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function needsBuild() {
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return sources.some(
    (source) => existsSync(path.join(root, source)) && newestChange(path.join(root, source)) > built,
  );
}

function run(args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    // Killed by a signal it did not handle: exit as a shell reports it (128 + the signal's number).
    child.on('exit', (code, signal) =>
      code === 0 || signal
        ? resolve(code ?? 128 + constants.signals[signal])
        : reject(new Error(`exit ${code}`)),
    );
  });
}

// Node flags and environment of the server process, shared with bench/servers.ts (the bench measures the shop as
// `npm start` runs it). The old-space cap keeps V8 from letting the heap grow to four times the live set between
// full collections; a smaller young generation, one V8 helper thread and one malloc arena keep the embedded
// database's shop under 300 MB (docs/performance.md, «Memory of the embedded shop»).
const runtime = JSON.parse(readFileSync(path.join(root, 'scripts/server-runtime.json'), 'utf8'));

if (needsBuild()) {
  console.log('Собираю магазин…');
  await run([path.join(root, 'scripts/build.mjs')]);
}
const commands = { migrate: 'migrate.js', backup: 'backup.js', restore: 'restore.js' };
const command = process.argv[2];
if (command !== undefined && !(command in commands)) {
  console.error(`Неизвестная команда: ${command}`);
  process.exit(1);
}
const entry = command ? commands[command] : 'main.js';
process.exitCode = await run(
  [...runtime.nodeFlags, path.join(root, 'packages/server/dist', entry), ...process.argv.slice(3)],
  // What the owner set in the environment wins.
  { ...runtime.env, ...process.env },
);
