// `npm start`: builds when the sources are newer than the last build, then runs the production server.
// `npm run migrate` (`start.mjs migrate`): the same, but runs only the migrations and demo seeding;
// `npm run backup [FILE]` and `npm run restore FILE [--force]` likewise run dist/backup.js and dist/restore.js.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) =>
      code === 0 || signal ? resolve(code ?? 0) : reject(new Error(`exit ${code}`)),
    );
  });
}

// The server's live heap is some 40 MB, but on a machine with plenty of memory V8 lets the heap grow to four
// times that between full collections (280–300 MB RSS under load). Below 512 MB of old space it grows by less
// than two times (≈ 160 MB RSS); 384 MB still leaves room for a much bigger catalogue. bench/run.ts runs the shop
// with the same flag.
const SERVER_NODE_FLAGS = ['--max-old-space-size=384'];

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
process.exitCode = await run([
  '--enable-source-maps',
  ...SERVER_NODE_FLAGS,
  path.join(root, 'packages/server/dist', entry),
  ...process.argv.slice(3),
]);
