// SSR for tests: the web app's server entry and HTML template straight from source (no build needed).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { webRoot } from '../lib/paths.ts';
import type { RenderModule, SsrOptions } from '../plugins/ssr.ts';

export async function createSourceSsrOptions(): Promise<SsrOptions> {
  // A variable specifier keeps the server's type check out of the web package; vitest resolves it at run time.
  const entry = '@efir/web/entry-server.tsx';
  const renderer = (await import(/* @vite-ignore */ entry)) as RenderModule;
  const template = await readFile(path.join(webRoot, 'index.html'), 'utf8');
  return { dev: false, loadRenderer: async () => renderer, loadTemplate: async () => template };
}
