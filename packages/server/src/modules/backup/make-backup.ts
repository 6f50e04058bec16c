// What `npm run backup` does (decision 030): PostgreSQL is dumped with pg_dump directly; the embedded database is
// asked of the running shop (it alone has the folder open), or opened here when the shop is stopped.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { pgDump } from '../../db/pg-tools.ts';
import type { BackupEndpoint } from './backup.routes.ts';
import { ENDPOINT_FILE, openBackup, refuseOpenFolder, saveBackup } from './backup.ts';

/** The running shop's backup, or null when no shop answers at the address it left. */
async function askRunningShop(dataDir: string): Promise<Readable | null> {
  const file = path.resolve(dataDir, ENDPOINT_FILE);
  if (!existsSync(file)) return null;
  const endpoint = JSON.parse(await readFile(file, 'utf8')) as BackupEndpoint;
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
  } catch {
    return null; // Left behind by a shop that was killed.
  }
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`Магазин не отдал резервную копию (${response.status}): ${answer.message ?? ''}`);
  }
  return Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
}

export async function makeBackup(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'imagesDir'>,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ sha256: string; size: number }> {
  await refuseOpenFolder(file, options.force);
  // The folder the backup goes to is never part of it.
  const files = { dataDir: config.DATA_DIR, imagesDir: config.imagesDir, skip: [path.dirname(file)] };
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    const database = { kind: 'postgres' as const, dumpTo: (target: string) => pgDump(url, target) };
    return saveBackup(file, await openBackup({ database, ...files }));
  }
  const fromShop = await askRunningShop(config.DATA_DIR);
  if (fromShop) return saveBackup(file, fromShop);
  const database = await openDatabase(config);
  try {
    return await saveBackup(file, await openBackup({ database, ...files }));
  } finally {
    await database.close();
  }
}
