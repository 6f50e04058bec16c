// `npm run dev`: the same server with Vite in middleware mode, so pages and styles reload as you edit.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { webRoot } from './lib/paths.ts';
import type { RenderModule } from './plugins/ssr.ts';
import { prepareDatabase } from './prepare.ts';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const database = await openDatabase(config);
await prepareDatabase(database, config);

const vite = await createViteServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: { port: config.PORT + 1 } },
  appType: 'custom',
});
const app = await buildApp(config, {
  db: database.db,
  ssr: {
    dev: true,
    loadRenderer: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<RenderModule>,
    loadTemplate: async (url) =>
      vite.transformIndexHtml(url, await readFile(path.join(webRoot, 'index.html'), 'utf8')),
  },
});
await app.register(middie);
app.use(vite.middlewares);
await app.listen({ host: config.HOST, port: config.PORT });
console.log(`Эфир (разработка): http://localhost:${config.PORT}`);
