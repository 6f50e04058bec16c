// `npm run lint` part: a source file over 400 lines says why on its first line (`// Long on purpose: …` or
// `// Long, split next: …`; decision 034). Seed data, migrations and tests are left out: their length is their
// content.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 400;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mjs)$/;
const LEFT_OUT = /\.(test|spec|hard)\.tsx?$|\/test\/|\/seed\/|\/migrations\/|\.seed\.ts$|^e2e\//;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file));

const unexplained = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES && !/^\/\/ Long\b/.test(text)) unexplained.push(`${file} (${lines} lines)`);
}
if (unexplained.length > 0) {
  console.error(
    `Over ${MAX_LINES} lines without a reason on the first line ('// Long on purpose: …'; decision 034):\n  ` +
      unexplained.join('\n  '),
  );
  process.exit(1);
}
console.log(`No source file over ${MAX_LINES} lines without its reason (${files.length} files).`);
