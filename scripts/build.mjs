// Builds the browser bundle, the server-render bundle and the server itself into the packages' dist/ folders.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

// Always the production bundle, also when a test runner (NODE_ENV=test) starts the build: React's development
// build is three times larger and behaves differently.
process.env.NODE_ENV = 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'packages/web');
const configFile = path.join(webRoot, 'vite.config.ts');

await viteBuild({ root: webRoot, configFile, logLevel: 'warn' });
await viteBuild({
  root: webRoot,
  configFile,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false },
});

// Compressed copies of the browser's text assets, made once here at the strongest settings; the shop serves the
// one the browser accepts (@fastify/static preCompressed).
const assetsDir = path.join(webRoot, 'dist/client/assets');
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

// The server bundle contains our own packages; third-party packages stay in node_modules.
const serverPackage = JSON.parse(readFileSync(path.join(root, 'packages/server/package.json'), 'utf8'));
const external = Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies }).filter(
  (name) => !name.startsWith('@efir/'),
);
await esbuild({
  // The embedded database runs in a thread of its own, started from a file beside main.js (db/pglite-thread.ts).
  entryPoints: {
    main: path.join(root, 'packages/server/src/main.ts'),
    'pglite-worker': path.join(root, 'packages/server/src/db/pglite-worker.ts'),
    // `npm run migrate`.
    migrate: path.join(root, 'packages/server/src/migrate.ts'),
    // `npm run backup`, `npm run restore FILE`.
    backup: path.join(root, 'packages/server/src/backup.ts'),
    restore: path.join(root, 'packages/server/src/restore.ts'),
  },
  outdir: path.join(root, 'packages/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces map to the sources' files and lines (`--enable-source-maps`) without the sources' text in the map:
  // the server would otherwise hold ~3 MB of it in memory for nothing.
  sourcesContent: false,
  external: [...external, 'vite', 'zod', 'htmlparser2'],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('Сборка готова: packages/web/dist, packages/server/dist');
