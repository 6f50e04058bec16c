// `node scripts/bundle-report.mjs [module …]`: the gzipped size of the JavaScript a page loads at once, from the
// last build (packages/web/dist/client): the entry's chunks plus those of the given page modules (by default the
// product page's), as the shop preloads them; then every chunk of the build, largest first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'packages/web/dist/client');
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
const pageModules = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['src/features/catalog/product-page.tsx', 'src/features/reviews/review-slots.tsx'];

function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

const gzipSize = (file) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

const entry = closure(Object.keys(manifest).filter((key) => manifest[key].isEntry));
const page = closure(pageModules);
const initial = [...new Set([...entry, ...page])].map((key) => ({
  file: manifest[key].file,
  part: entry.has(key) ? 'entry' : 'page',
  gzip: gzipSize(manifest[key].file),
}));
initial.sort((a, b) => b.gzip - a.gzip);
console.log(`Initial JS: entry + ${pageModules.join(', ')}`);
for (const item of initial) console.log(`${kb(item.gzip)}  ${item.part.padEnd(6)}${item.file}`);
const sum = (items) => items.reduce((total, item) => total + item.gzip, 0);
console.log(
  `${kb(sum(initial))}  total (entry ${kb(sum(initial.filter((item) => item.part === 'entry'))).trim()})\n`,
);

const chunks = [...new Set(Object.values(manifest).map((item) => item.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzip: gzipSize(file) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`All ${chunks.length} chunks, ${kb(sum(chunks)).trim()} gzip:`);
for (const chunk of chunks.slice(0, 15)) console.log(`${kb(chunk.gzip)}  ${chunk.file}`);
