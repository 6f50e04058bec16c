// Several instances starting together on one empty PostgreSQL database: migrations and the demo content are applied
// exactly once, the instances wait for each other, and each then reports itself ready.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestConfig } from './config.ts';
import { type Database, type DbHandle, openPostgres } from './db/client.ts';
import { migrationsDir } from './lib/paths.ts';
import { prepareDatabase } from './prepare.ts';
import { seedSteps } from './seed/seed.ts';
import { categoryTree } from './seed/seed-layout.ts';
import { adminQuery, withDatabaseName } from './test/postgres-url.ts';

// Only the PostgreSQL run includes *.pg.test.ts files (vitest.config.ts).
const adminUrl = process.env.TEST_DATABASE_URL!;
// A database of this run's own: the shared one is never touched.
const name = `efir_test_instances_${randomBytes(6).toString('hex')}`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('three instances starting at once on an empty PostgreSQL database', () => {
  const instances: DbHandle[] = [];

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('migrate and seed once, and every instance is then ready', async () => {
    for (let index = 0; index < 3; index++) instances.push(openPostgres(withDatabaseName(adminUrl, name), 3));
    await Promise.all(
      instances.map((instance) => prepareDatabase(instance, { SEED_DEMO: true, imagesDir: null })),
    );

    const db = instances[0]!.db;
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const [migrations] = await rows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    expect(migrations!.count).toBe(journal.entries.length);
    const seeded = await rows<{ name: string }>(db, sql`SELECT name FROM seed_runs ORDER BY name`);
    expect(seeded.map((row) => row.name)).toEqual(seedSteps.map((step) => step.name).sort());
    // Seeded once: as many categories as the tree has, not two or three times as many.
    const expectedCategories = categoryTree.reduce((sum, top) => sum + 1 + (top.children?.length ?? 0), 0);
    const [categories] = await rows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM categories`,
    );
    expect(categories!.count).toBe(expectedCategories);

    for (const instance of instances) {
      const app = await buildApp(createTestConfig(), { db: instance.db });
      try {
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
      } finally {
        await app.close();
      }
    }
  });
});
