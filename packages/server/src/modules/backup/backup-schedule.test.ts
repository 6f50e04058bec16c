// The running shop's part in backups: the endpoint `npm run backup` asks (token only), and BACKUP_DIR's schedule
// keeping the newest BACKUP_KEEP.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestConfig } from '../../config.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';

let root: string;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'efir-backup-schedule-'));
  database = await createTestDatabase();
  const config = createTestConfig({
    DATA_DIR: path.join(root, 'data'),
    IMAGES_DIR: path.join(root, 'images'),
    // Every 3.6 seconds, two kept.
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_EVERY_HOURS: '0.001',
    BACKUP_KEEP: '2',
  });
  app = await buildApp(config, { db: database.db, backup: database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
  await rm(root, { recursive: true, force: true });
});

async function backups(): Promise<string[]> {
  return (await readdir(path.join(root, 'backups')).catch(() => [])).filter((name) =>
    name.endsWith('.tar.gz'),
  );
}

describe('backups made by the running shop', () => {
  it('are not given without the token the shop wrote for npm run backup', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/internal/backup',
      headers: { authorization: 'Bearer guessed' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('scheduled backups', () => {
  it('are written to BACKUP_DIR with their checksums, the newest BACKUP_KEEP kept', async () => {
    const seen = new Set<string>();
    while (seen.size < 3) {
      for (const name of await backups()) seen.add(name);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const kept = await backups();
    expect(kept.length).toBeLessThanOrEqual(2);
    const names = await readdir(path.join(root, 'backups'));
    for (const name of kept) {
      expect(names).toContain(`${name}.sha256`);
      expect(await readFile(path.join(root, 'backups', `${name}.sha256`), 'utf8')).toMatch(
        new RegExp(`^[0-9a-f]{64}  ${name.replaceAll('.', '\\.')}\\n$`),
      );
    }
  }, 60_000);
});
