// `npm run restore FILE`: puts a backup (backup.ts) into an empty DATA_DIR or PostgreSQL database — an embedded
// database's backup into either; a folder or database with data in it is refused unless `force` (then the database
// and the images are replaced).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { pgRestore } from '../../db/pg-tools.ts';
import { lockDataDir } from '../../db/pglite-thread.ts';
import { type BackupManifest, DUMP_NAMES, MANIFEST_NAME } from './backup.ts';
import { type CopyResult, copyPgliteIntoPostgres } from './pglite-to-postgres.ts';
import { tarExtractor } from './tar.ts';

export class RestoreRefused extends Error {}

export type RestoreTarget = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'imagesDir'>;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The checksum written beside the backup, when it is there; a mismatch stops the restore. */
async function verifyChecksum(file: string): Promise<boolean> {
  const sumFile = `${file}.sha256`;
  if (!existsSync(sumFile)) return false;
  const expected = (await readFile(sumFile, 'utf8')).trim().split(/\s+/)[0]?.toLowerCase();
  if ((await sha256Of(file)) !== expected) {
    throw new RestoreRefused(
      `Контрольная сумма ${path.basename(file)} не совпадает с ${path.basename(sumFile)}: файл повреждён. ` +
        'The checksum does not match: the file is damaged.',
    );
  }
  return true;
}

async function hasFiles(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.count ?? 0) > 0;
  } finally {
    await client.end();
  }
}

function refuseNonEmpty(where: string): never {
  throw new RestoreRefused(
    `${where} уже есть данные: восстановление заменило бы их. Укажите --force, если их нужно заменить. ` +
      `The target is not empty; add --force to replace it.`,
  );
}

export interface RestoreResult {
  /** What the backup was made of, and what it went into. */
  kind: BackupManifest['kind'];
  into: BackupManifest['kind'];
  createdAt: string;
  checksumVerified: boolean;
  /** An embedded backup copied into PostgreSQL: how many tables and rows. */
  copied: CopyResult | null;
}

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force: boolean },
): Promise<RestoreResult> {
  const checksumVerified = await verifyChecksum(file);
  const staging = await mkdtemp(path.join(tmpdir(), 'efir-restore-'));
  try {
    await pipeline(createReadStream(file), createGunzip(), tarExtractor(staging));
    const manifestFile = path.join(staging, MANIFEST_NAME);
    if (!existsSync(manifestFile))
      throw new RestoreRefused(`${file} — не резервная копия Эфира (нет ${MANIFEST_NAME})`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== 1)
      throw new RestoreRefused(`Неизвестный формат резервной копии: ${manifest.format}`);
    // An embedded backup goes into either kind (into PostgreSQL by a copy of its tables); pg_dump's needs PostgreSQL.
    if (manifest.kind === 'postgres' && !target.DATABASE_URL) {
      throw new RestoreRefused(
        'Это копия PostgreSQL: укажите DATABASE_URL пустой базы. A PostgreSQL backup needs DATABASE_URL.',
      );
    }
    const dump = path.join(staging, DUMP_NAMES[manifest.kind]);
    const dataDir = path.resolve(target.DATA_DIR);
    let copied: CopyResult | null = null;

    if (target.DATABASE_URL) {
      const full = await postgresHasTables(target.DATABASE_URL);
      if (full && !options.force) refuseNonEmpty('В базе данных');
      if (!options.force && (await hasFiles(target.imagesDir))) refuseNonEmpty(`В папке ${target.imagesDir}`);
      if (manifest.kind === 'pglite')
        copied = await copyPgliteIntoPostgres(new Blob([await readFile(dump)]), target.DATABASE_URL);
      else await pgRestore(target.DATABASE_URL, dump, full);
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      if (!options.force && (await hasFiles(pgliteDir))) refuseNonEmpty(`В папке ${pgliteDir}`);
      if (!options.force && (await hasFiles(target.imagesDir))) refuseNonEmpty(`В папке ${target.imagesDir}`);
      await mkdir(pgliteDir, { recursive: true });
      // A running shop holds the folder: the lock refuses (with its pid) even with --force.
      const release = lockDataDir(pgliteDir);
      try {
        await rm(pgliteDir, { recursive: true, force: true });
        await mkdir(pgliteDir);
        const database = new PGlite({
          dataDir: pgliteDir,
          loadDataDir: new Blob([await readFile(dump)]),
          extensions: { pg_trgm },
        });
        await database.waitReady;
        await database.close();
      } finally {
        release();
      }
    }

    if (options.force) await rm(target.imagesDir, { recursive: true, force: true });
    const files = path.join(staging, 'files');
    if (existsSync(files)) await cp(files, dataDir, { recursive: true, force: true });
    const images = path.join(staging, 'images');
    if (existsSync(images)) await cp(images, target.imagesDir, { recursive: true, force: true });
    return {
      kind: manifest.kind,
      into: target.DATABASE_URL ? 'postgres' : 'pglite',
      createdAt: manifest.createdAt,
      checksumVerified,
      copied,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
