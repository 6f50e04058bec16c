// Builds the browser bundle, the server-render bundle and the server itself into the packages' dist/ folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

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

// The server bundle contains our own packages; third-party packages stay in node_modules.
const serverPackage = JSON.parse(readFileSync(path.join(root, 'packages/server/package.json'), 'utf8'));
const external = Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies }).filter(
  (name) => !name.startsWith('@efir/'),
);
await esbuild({
  entryPoints: [path.join(root, 'packages/server/src/main.ts')],
  outfile: path.join(root, 'packages/server/dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'vite', 'zod', 'htmlparser2'],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('Сборка готова: packages/web/dist, packages/server/dist');
