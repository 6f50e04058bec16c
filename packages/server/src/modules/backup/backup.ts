// A backup is one .tar.gz: a manifest, the database's own dump (PGlite's data folder as a tar, or pg_dump's custom
// format) and the shop's files — DATA_DIR without the database folder, and the images — plus a .sha256 beside it
// in `sha256sum` format (decision 030).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DbHandle } from '../../db/client.ts';
import { type TarEntry, tarStream } from './tar.ts';

export const MANIFEST_NAME = 'efir-backup.json';
export const DUMP_NAMES = { pglite: 'database.pglite.tar', postgres: 'database.pgdump' } as const;
/** Where the running shop tells `npm run backup` how to reach it (backup-endpoint.ts); never backed up. */
export const ENDPOINT_FILE = '.backup-endpoint.json';
const BACKUP_FILE = /\.tar\.gz(\.partial|\.sha256)?$/;

export interface BackupManifest {
  format: 1;
  kind: DbHandle['kind'];
  createdAt: string;
}

export interface BackupSource {
  database: Pick<DbHandle, 'kind' | 'dumpTo'>;
  dataDir: string;
  imagesDir: string;
  /** Folders left out (BACKUP_DIR when it lies inside DATA_DIR). */
  skip?: string[];
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Regular files under `root`, as archive names under `prefix`; `leaveOut` says which paths to skip. */
async function* filesUnder(
  root: string,
  prefix: string,
  leaveOut: (absolute: string) => boolean,
): AsyncGenerator<TarEntry> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const absolute = path.join(root, entry.name);
    if (leaveOut(absolute)) continue;
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(absolute, name, leaveOut);
    else if (entry.isFile()) yield { name, source: { file: absolute } };
  }
}

/**
 * The backup's bytes (gzip-compressed tar). The database is dumped first (a failure rejects here, before a byte is
 * sent); the files are read after it, so a picture uploaded meanwhile may be there without its product, never the
 * other way round.
 */
export async function openBackup(source: BackupSource): Promise<Readable> {
  const temp = await mkdtemp(path.join(tmpdir(), 'efir-backup-'));
  const dumpFile = path.join(temp, DUMP_NAMES[source.database.kind]);
  try {
    await source.database.dumpTo(dumpFile);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const dataDir = path.resolve(source.dataDir);
  const imagesDir = path.resolve(source.imagesDir);
  const skipped = [
    path.join(dataDir, 'pglite'),
    path.join(dataDir, 'pglite.lock'),
    path.join(dataDir, ENDPOINT_FILE),
    imagesDir,
    ...(source.skip ?? []).map((folder) => path.resolve(folder)),
  ];
  const manifest: BackupManifest = {
    format: 1,
    kind: source.database.kind,
    createdAt: new Date().toISOString(),
  };
  async function* entries(): AsyncGenerator<TarEntry> {
    yield { name: MANIFEST_NAME, source: { bytes: Buffer.from(JSON.stringify(manifest, null, 2)) } };
    yield { name: DUMP_NAMES[manifest.kind], source: { file: dumpFile } };
    // Backups kept inside DATA_DIR (and the one being written) are not backed up again.
    yield* filesUnder(
      dataDir,
      'files',
      (absolute) => skipped.includes(absolute) || BACKUP_FILE.test(absolute),
    );
    yield* filesUnder(imagesDir, 'images', (absolute) =>
      (source.skip ?? []).some((folder) => inside(path.resolve(folder), absolute)),
    );
  }
  const out = new PassThrough();
  pipeline(Readable.from(tarStream(entries())), createGzip({ level: 3 }), out)
    .catch((error: unknown) => out.destroy(error as Error))
    .finally(() => rm(temp, { recursive: true, force: true }));
  return out;
}

/** The usual name: efir-2026-11-27T05-30-00Z.tar.gz. */
export function backupFileName(now = new Date()): string {
  return `efir-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/**
 * A backup holds password hashes, phones, e-mails and passport scans: a folder anyone may write to (where another
 * user could swap or read it) is refused unless the owner insists (`--force`).
 */
export async function refuseOpenFolder(file: string, force = false): Promise<void> {
  const folder = await stat(path.dirname(file));
  if (folder.mode & 0o002 && !force) {
    throw new Error(
      `Папка ${path.dirname(file)} открыта для записи всем: резервную копию с данными покупателей туда не кладу. Выберите другую папку или добавьте --force.`,
    );
  }
}

/**
 * Writes a backup's bytes to `file` (under a temporary name until complete) and its checksum to `file.sha256`,
 * readable by their owner alone (0600, whatever the umask).
 */
export async function saveBackup(file: string, bytes: Readable): Promise<{ sha256: string; size: number }> {
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(bytes, counting, createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  const sha256 = hash.digest('hex');
  await writeFile(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`, { mode: 0o600 });
  return { sha256, size };
}
