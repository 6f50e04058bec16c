// The running shop's part in backups (decision 030). The embedded database is open in this process only, so
// `npm run backup` asks the shop for the bytes: POST /api/internal/backup with a random token the shop writes, with
// its address, to DATA_DIR/.backup-endpoint.json (readable by the shop's user alone) — no secret to configure, and
// whoever can read that file can read the database anyway. With BACKUP_DIR the shop also makes backups on its own.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { AppError, conflict, unauthenticated } from '../../lib/app-error.ts';
import { backupFileName, ENDPOINT_FILE, openBackup, saveBackup } from './backup.ts';

export interface BackupDeps {
  config: Pick<Config, 'DATA_DIR' | 'imagesDir' | 'BACKUP_DIR' | 'BACKUP_EVERY_HOURS' | 'BACKUP_KEEP'>;
  database: Pick<DbHandle, 'kind' | 'dumpTo'>;
}

export interface BackupEndpoint {
  url: string;
  token: string;
}

function sameToken(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerBackups(app: FastifyInstance, deps: BackupDeps): void {
  const { config } = deps;
  const source = {
    database: deps.database,
    dataDir: config.DATA_DIR,
    imagesDir: config.imagesDir,
    skip: config.BACKUP_DIR ? [config.BACKUP_DIR] : [],
  };
  // One backup at a time: each holds a dump of the whole database in memory or on disk.
  let running = false;
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (running) throw conflict('Резервная копия уже создаётся, повторите позже');
    running = true;
    try {
      return await work();
    } finally {
      running = false;
    }
  }

  const token = randomBytes(32).toString('base64url');
  const endpointFile = path.resolve(config.DATA_DIR, ENDPOINT_FILE);
  app.post('/api/internal/backup', async (request, reply) => {
    if (!sameToken(request.headers.authorization, token)) throw unauthenticated();
    const bytes = await exclusive(async () => {
      try {
        return await openBackup(source);
      } catch (error) {
        request.log.error({ err: error }, 'backup failed');
        throw new AppError(503, 'Не удалось создать резервную копию: подробности в журнале магазина');
      }
    });
    return reply.header('content-type', 'application/gzip').send(bytes);
  });
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address === 'string') return;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/api/internal/backup`;
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(endpointFile, JSON.stringify({ url, token } satisfies BackupEndpoint), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    await rm(endpointFile, { force: true });
  });

  if (config.BACKUP_DIR)
    scheduleBackups(app, config.BACKUP_DIR, config, () => exclusive(() => openBackup(source)));
}

/** Every BACKUP_EVERY_HOURS a backup into `dir`; the newest BACKUP_KEEP stay. */
function scheduleBackups(
  app: FastifyInstance,
  dir: string,
  config: BackupDeps['config'],
  open: () => Promise<import('node:stream').Readable>,
): void {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const everyMs = config.BACKUP_EVERY_HOURS * 3_600_000;
  const run = async () => {
    try {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, backupFileName());
      const { size } = await saveBackup(file, await open());
      app.log.info({ file, size }, 'backup written');
      const old = (await readdir(dir)).filter((name) => /^efir-.*\.tar\.gz$/.test(name)).sort();
      for (const name of old.slice(0, Math.max(0, old.length - config.BACKUP_KEEP))) {
        await rm(path.join(dir, name), { force: true });
        await rm(path.join(dir, `${name}.sha256`), { force: true });
      }
    } catch (error) {
      app.log.error({ err: error }, 'scheduled backup failed');
    }
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void run().finally(schedule), everyMs);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
