// Production entry: config -> database -> migrations -> demo content -> app -> listen; graceful shutdown on SIGTERM.
import './lib/production-mode.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { shutDownGracefully } from './lib/graceful-shutdown.ts';
import { webDistDir } from './lib/paths.ts';
import { registerClientFiles } from './plugins/client-files.ts';
import type { ClientManifest, RenderModule } from './plugins/ssr.ts';
import { prepareDatabase } from './prepare.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await prepareDatabase(database, config);

  const template = await readFile(path.join(webDistDir, 'client/index.html'), 'utf8');
  const rendererUrl = pathToFileURL(path.join(webDistDir, 'server/entry-server.js')).href;
  const renderer = (await import(rendererUrl)) as RenderModule;
  const clientManifest = JSON.parse(
    await readFile(path.join(webDistDir, 'client/.vite/manifest.json'), 'utf8'),
  ) as ClientManifest;
  const app = await buildApp(config, {
    db: database.db,
    backup: database,
    ssr: {
      dev: false,
      loadRenderer: async () => renderer,
      loadTemplate: async () => template,
      clientManifest,
      clientDir: path.join(webDistDir, 'client'),
    },
  });
  await registerClientFiles(app, path.join(webDistDir, 'client'));

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 2000);
    timer.unref();
    await shutDownGracefully(app, {
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      onClosed: () => database.close(),
    });
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Эфир работает: ${config.PUBLIC_URL} (база: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
