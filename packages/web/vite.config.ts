// Vite builds the browser bundle (dist/client) and the server-render bundle (dist/server), both stamped with
// one build version that the realtime channel announces (a newer version makes open tabs reload).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

interface BuildStamp {
  version: string;
  builtAt: number;
}

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

const CLIENT_STAMP = path.join(import.meta.dirname, 'dist/client/build-version.json');

/** The server-render build reuses the client build's stamp, so both carry the same version. */
function stampBuild(isSsrBuild: boolean): BuildStamp {
  if (isSsrBuild) {
    try {
      return JSON.parse(readFileSync(CLIENT_STAMP, 'utf8')) as BuildStamp;
    } catch {
      // no client build yet: a stamp of its own
    }
  }
  const builtAt = Date.now();
  const { version } = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version: process.env.BUILD_VERSION || `${version}+${builtAt.toString(36)}`, builtAt };
}

function writeBuildStamp(stamp: BuildStamp): Plugin {
  return {
    name: 'efir-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-version.json', source: JSON.stringify(stamp) });
    },
  };
}

/**
 * Tags the importer of each `lazyModule(() => import('…'))` / `lazyComponent(() => import('…'), …)` with the module's
 * path relative to packages/web, the key of the client build manifest: the server render names the modules a page
 * used and the shop turns them into <link rel="modulepreload"> tags (see app/lazy-modules.tsx).
 */
function tagLazyModules(): Plugin {
  const call = /\b(lazyModule|lazyComponent)\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\2\s*\)/g;
  /** Tagged modules: manifest key (path relative to packages/web) → Rollup module id. */
  const tagged = new Map<string, string>();
  return {
    name: 'efir-lazy-module-ids',
    /**
     * Rollup gives a chunk no facade when its dynamic entry shares it with modules other chunks import statically;
     * Vite's manifest then keys it `_name-hash.js`, not by the module's path, and the server would find neither the
     * chunk to preload nor its stylesheet. Every tagged module gets a key of its own path in the manifest.
     */
    writeBundle(options, bundle) {
      if (!options.dir || tagged.size === 0) return;
      const manifestFile = path.join(options.dir, '.vite/manifest.json');
      let manifest: Record<string, { file: string }>;
      try {
        manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
      } catch {
        return; // the server-render build writes no manifest
      }
      for (const [key, moduleId] of tagged) {
        if (manifest[key]) continue;
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.moduleIds.includes(moduleId),
        );
        const entry = chunk && Object.values(manifest).find((candidate) => candidate.file === chunk.fileName);
        if (!entry) this.error(`${key}: no chunk of the client build holds it`);
        manifest[key] = entry;
      }
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    },
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes('lazy')) return null;
      const calls = [...code.matchAll(call)];
      if (calls.length === 0) return null;
      let result = '';
      let last = 0;
      for (const match of calls) {
        const [text, name, quote, specifier] = match as unknown as [string, string, string, string];
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`${id}: cannot resolve ${specifier}`);
        const moduleId = path.relative(import.meta.dirname, resolved.id.split('?')[0] ?? '');
        tagged.set(moduleId, resolved.id);
        const importer = `() => import(${quote}${specifier}${quote})`;
        result += `${code.slice(last, match.index)}${name}(Object.assign(${importer}, { moduleId: ${JSON.stringify(moduleId)} })`;
        last = (match.index ?? 0) + text.length;
      }
      return { code: result + code.slice(last), map: null };
    },
  };
}

/**
 * React Router ships as one big module, and Rollup keeps every component defined in it, used or not: a top-level
 * `React.forwardRef(…)` / `React.createContext(…)` call and a `X.displayName = '…'` write look like side effects.
 * Marking those calls pure and dropping the names (only React DevTools read them) lets Rollup leave out what the shop
 * never renders: React Router's Link, NavLink and Form with the framework-mode prefetching they bring (the shop has its
 * own links, app/router/link.tsx). Lines stay where they were, so source maps still point right.
 */
function treeShakeReactRouter(): Plugin {
  const definition = /^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
  const displayName = /^\w+\.displayName = "\w+";$/gm;
  let rewritten = 0;
  return {
    name: 'efir-tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
      const result = code.replace(definition, '$1/* @__PURE__ */ $2').replace(displayName, '');
      if (result === code) return null;
      rewritten++;
      return { code: result, map: null };
    },
    buildEnd() {
      // A React Router release written differently would quietly put the dropped code back into every page.
      if (rewritten === 0) this.error('react-router: no module matched, update treeShakeReactRouter');
    },
  };
}

/**
 * Vite writes, before each dynamic import, the list of files to fetch with it (`__vite__mapDeps`), so a page's chunk
 * and its imports load in parallel. Those lists also name the files the entry imports itself (React, the router,
 * the shell), which are always loaded before any dynamic import runs: 1.5 KB of file names in the entry chunk alone.
 * Leaving them out changes no request and no order, only the bytes of the lists.
 */
function skipLoadedPreloads() {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'efir-skip-loaded-preloads',
    apply: 'build',
    generateBundle: {
      // Before Vite's own generateBundle writes the lists (it calls resolveDependencies below).
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (loaded.has(fileName) || chunk?.type !== 'chunk') return;
          loaded.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
  /**
   * The files to fetch with `file` from a dynamic import: `file` itself stays, so it never waits for the others.
   * The entry's own modulepreloads in index.html (hostType 'html') are the ones loaded up front: kept whole.
   */
  const resolveDependencies = (file: string, deps: string[], context: { hostType: 'html' | 'js' }) => {
    if (context.hostType !== 'js') return deps;
    const needed = deps.filter((dep) => dep === file || !loaded.has(dep));
    return needed.length === 1 && needed[0] === file ? [] : needed;
  };
  return { plugin, resolveDependencies };
}

export default defineConfig(({ command, isSsrBuild = false }) => {
  const stamp: BuildStamp = command === 'build' ? stampBuild(isSsrBuild) : { version: 'dev', builtAt: 0 };
  const preloads = skipLoadedPreloads();
  return {
    root: import.meta.dirname,
    plugins: [
      react(),
      tagLazyModules(),
      ...(command === 'build' && !isSsrBuild
        ? [writeBuildStamp(stamp), treeShakeReactRouter(), preloads.plugin]
        : []),
    ],
    define: { __BUILD_VERSION__: JSON.stringify(stamp.version) },
    // React Router's package exports point only at its development build (warnings and all, twice the server
    // render's work); both builds take the production build it ships next to it, which the server bundle then holds.
    resolve:
      command === 'build'
        ? {
            alias: [
              { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
            ],
          }
        : {},
    build: {
      sourcemap: Boolean(process.env.SOURCEMAP),
      outDir: 'dist/client',
      emptyOutDir: true,
      target: 'es2022',
      cssCodeSplit: true,
      manifest: true,
      modulePreload: { resolveDependencies: preloads.resolveDependencies },
    },
    ssr: { noExternal: [/^@efir\//] },
  };
});
