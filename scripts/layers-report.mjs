// Run by hand: `node scripts/layers-report.mjs [packages/server/src] [--tests] [--json]`; `--check` (in `npm run
// lint`) fails on a cycle of files, a module importing another module, a flow or a feature, and a folder in
// features/ that is not on the allow-list of folders not yet moved into modules/ (decision 051). Reads a package's
// imports (relative ones; `@efir/domain` counts as one folder `@efir/domain`) and prints the house they build:
// folders, arrows between folders, floors, arrows back up, two-way pairs, cycles (of folders and of files) and
// the largest files. Test files are left out unless `--tests` (decision 051).
//
// - floors: the longest chain of arrows after collapsing every cycle of folders into one room (a house with
//   no cycle and routes → flows → modules → lib has 4 floors);
// - arrows back up: the arrows a depth-first walk meets pointing at a folder still on its path — the arrows
//   that would have to go for the folders to stand as floors at all (0 when there is no cycle);
// - two-way pairs: folders that import each other;
// - cycles: groups of folders (and of files) that reach each other through imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withTests = args.includes('--tests');
const asJson = args.includes('--json');
const check = args.includes('--check');

/**
 * The server's features not yet moved into modules/ (decision 051): they still import each other. The list only
 * shrinks — a new feature is a module, and a feature that moves leaves the list.
 */
const NOT_YET_MOVED = [
  'account',
  'auth',
  'cart',
  'catalog',
  'content',
  'exchange',
  'feeds',
  'gift-certificates',
  'mail',
  'orders',
  'pages',
  'payments',
  'reviews',
  'search',
];
const base = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? 'packages/server/src');

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.(test|spec|hard)\.tsx?$|\.d\.ts$/;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'migrations') continue;
    if (!withTests && (name === 'test' || name === 'journeys')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (SOURCE.test(name) && (withTests || !TEST.test(name))) out.push(full);
  }
  return out;
}

const files = walk(base).sort();
const known = new Set(files);
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const raw = path.resolve(path.dirname(from), spec);
  const candidates = [
    raw,
    raw.replace(/\.js$/, '.ts'),
    raw.replace(/\.js$/, '.tsx'),
    `${raw}.ts`,
    `${raw}.tsx`,
  ];
  candidates.push(path.join(raw, 'index.ts'));
  return (
    candidates.find((c) => known.has(c)) ??
    candidates.find((c) => existsSync(c) && !statSync(c).isDirectory()) ??
    null
  );
}

const rel = (file) => path.relative(base, file);
// A file at the package's top (app.ts, config.ts, main.ts) stands on its own: config is the ground floor and
// app the roof, so folding them into one room '.' would hide the house.
const folderOf = (file) => {
  const dir = path.relative(base, path.dirname(file));
  return dir === '' ? rel(file) : dir;
};

const fileEdges = new Map(); // file -> Set(file)
const folderEdges = new Map(); // folder -> Map(folder, count of file arrows)
const lines = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  lines.push([rel(file), text.split('\n').length - (text.endsWith('\n') ? 1 : 0)]);
  const from = folderOf(file);
  if (!folderEdges.has(from)) folderEdges.set(from, new Map());
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    let toFolder = null;
    if (spec === '@efir/domain' || spec.startsWith('@efir/domain/')) toFolder = '@efir/domain';
    else {
      const target = resolve(file, spec);
      if (!target?.startsWith(base)) continue;
      if (known.has(target)) targets.add(target);
      toFolder = folderOf(target);
    }
    if (toFolder === from) continue;
    const counts = folderEdges.get(from);
    counts.set(toFolder, (counts.get(toFolder) ?? 0) + 1);
    if (!folderEdges.has(toFolder)) folderEdges.set(toFolder, new Map());
  }
  fileEdges.set(file, targets);
}

// Tarjan's strongly connected components.
function components(nodes, next) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
    }
    if (low.get(v) === order.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group.sort());
    }
  };
  for (const v of nodes) if (!order.has(v)) visit(v);
  return out;
}

const folders = [...folderEdges.keys()].sort();
const nextFolders = (f) => [...(folderEdges.get(f)?.keys() ?? [])].sort();
const arrows = folders.flatMap((f) => nextFolders(f).map((t) => [f, t]));

const groups = components(folders, nextFolders);
const groupOf = new Map();
groups.forEach((g, i) => {
  for (const f of g) groupOf.set(f, i);
});
const floorMemo = new Map();
const floorOf = (g) => {
  if (floorMemo.has(g)) return floorMemo.get(g);
  let best = 0;
  for (const f of groups[g])
    for (const t of nextFolders(f)) if (groupOf.get(t) !== g) best = Math.max(best, floorOf(groupOf.get(t)));
  floorMemo.set(g, best + 1);
  return best + 1;
};
const floors = Math.max(0, ...groups.map((_, i) => floorOf(i)));

const backUp = [];
{
  const state = new Map(); // 1 on the path, 2 done
  const visit = (f) => {
    state.set(f, 1);
    for (const t of nextFolders(f)) {
      if (state.get(t) === 1) backUp.push([f, t]);
      else if (!state.has(t)) visit(t);
    }
    state.set(f, 2);
  };
  for (const f of folders) if (!state.has(f)) visit(f);
}

const twoWay = arrows.filter(([f, t]) => f < t && folderEdges.get(t)?.has(f));
const folderCycles = groups.filter((g) => g.length > 1);
const fileCycles = components(files, (f) => [...(fileEdges.get(f) ?? [])].sort())
  .filter((g) => g.length > 1)
  .map((g) => g.map(rel));
const largest = lines.sort((a, b) => b[1] - a[1]).slice(0, 10);

const report = {
  base: path.relative(root, base),
  files: files.length,
  folders: folders.length,
  arrows: arrows.length,
  floors,
  arrowsBackUp: backUp.length,
  twoWayPairs: twoWay.length,
  folderCycles: folderCycles.length,
  fileCycles: fileCycles.length,
  largestFiles: largest,
};

if (check) {
  const problems = [];
  for (const group of fileCycles) problems.push(`import cycle: ${group.join(' → ')}`);
  for (const [from, to] of arrows) {
    const module = /^modules\/([^/]+)/.exec(from)?.[1];
    if (!module) continue;
    if (
      (to.startsWith('modules/') && !to.startsWith(`modules/${module}`)) ||
      /^(flows|features)(\/|$)/.test(to)
    )
      problems.push(`module ${module} imports ${to}`);
  }
  const featuresDir = path.join(base, 'features');
  // An empty folder a move left behind (git keeps none) is no feature.
  const features = (existsSync(featuresDir) ? readdirSync(featuresDir) : []).filter(
    (name) => readdirSync(path.join(featuresDir, name)).length > 0,
  );
  for (const name of features)
    if (!NOT_YET_MOVED.includes(name))
      problems.push(`features/${name} is not on the not-yet-moved list: make it a module`);
  if (problems.length > 0) {
    console.error(`The server's floors (decision 051):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `No import cycle, no module importing another; ${NOT_YET_MOVED.length} features not yet moved (decision 051).`,
  );
} else if (asJson) {
  console.log(JSON.stringify({ ...report, backUp, twoWay, folderCycles, fileCycles }, null, 2));
} else {
  console.log(
    `${report.base}: ${files.length} files in ${folders.length} folders${withTests ? '' : ' (tests left out)'}`,
  );
  console.log(`arrows between folders: ${arrows.length}`);
  console.log(`floors (longest chain, cycles collapsed): ${floors}`);
  console.log(`arrows back up: ${backUp.length}`);
  for (const [f, t] of backUp) console.log(`  ${f} → ${t}`);
  console.log(`two-way pairs: ${twoWay.length}`);
  for (const [f, t] of twoWay) console.log(`  ${f} ↔ ${t}`);
  console.log(`cycles of folders: ${folderCycles.length}`);
  for (const g of folderCycles) console.log(`  ${g.length} folders: ${g.join(', ')}`);
  console.log(`cycles of files: ${fileCycles.length}`);
  for (const g of fileCycles) console.log(`  ${g.length} files: ${g.join(', ')}`);
  console.log('largest files:');
  for (const [f, n] of largest) console.log(`  ${String(n).padStart(5)}  ${f}`);
}
