// `node scripts/css-report.mjs`: how well the web's CSS keeps to its design tokens (decision 037) — distinct hex
// colours (the tokens' own definitions included), px literals and distinct breakpoint widths in
// packages/web/src/**/*.css, comments and url() data left out; with `--list`, each value and how often it occurs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', 'packages/web/src/*.css'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

const colours = new Map();
const pixels = new Map();
const breakpoints = new Map();
const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

for (const file of files) {
  const css = readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/url\([^)]*\)/g, '');
  for (const [hex] of css.matchAll(/#[0-9a-f]{3,8}\b/gi)) count(colours, hex.toLowerCase());
  for (const [, value] of css.matchAll(/(?<![\w.-])(-?\d*\.?\d+)px\b/g)) count(pixels, value);
  for (const [query] of css.matchAll(/@media[^{]*/g)) {
    // A «below» query (max-width: 599px) names the same breakpoint as (min-width: 600px).
    for (const [, kind, value] of query.matchAll(/(min|max)-width:\s*(\d+)px/g)) {
      count(breakpoints, Number(value) + (kind === 'max' ? 1 : 0));
    }
  }
}

const total = (map) => [...map.values()].reduce((sum, n) => sum + n, 0);
console.log(`${files.length} stylesheets`);
console.log(`distinct hex colours: ${colours.size}`);
console.log(`px literals: ${total(pixels)}`);
console.log(
  `distinct breakpoints: ${breakpoints.size} (${[...breakpoints.keys()].sort((a, b) => a - b).join(', ')} px)`,
);
if (process.argv.includes('--list')) {
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([value, n]) => `${value} ×${n}`)
      .join(', ');
  console.log(`\ncolours: ${list(colours)}\n\npx: ${list(pixels)}`);
}
