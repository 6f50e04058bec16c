// Test fixtures: a fresh database per test file (cloned from the migrated template) and an app on top of it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import { createTestConfig } from '../config.ts';
import { type DbHandle, openPgliteFromDump, openPostgres } from '../db/client.ts';
import { adminQuery, withDatabaseName } from './postgres-url.ts';

export interface TestDatabase extends DbHandle {
  /** Drops the database (PostgreSQL) or frees the memory (PGlite). */
  destroy(): Promise<void>;
}

/** PostgreSQL when TEST_DATABASE_URL is set (and `prefer` allows it), otherwise PGlite. */
export async function createTestDatabase(prefer: 'any' | 'postgres' = 'any'): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) return createPostgresDatabase(url, template);
  const dumpPath = inject('pgliteTemplatePath');
  if (prefer === 'postgres' || !dumpPath) throw new Error('TEST_DATABASE_URL is not set');
  const dump = await readFile(dumpPath);
  const handle = await openPgliteFromDump(new Blob([dump]));
  return { ...handle, destroy: () => handle.close() };
}

async function createPostgresDatabase(url: string, template: string): Promise<TestDatabase> {
  const name = `efir_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = openPostgres(withDatabaseName(url, name), 10);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** Adds test-only routes before the app starts. */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(createTestConfig(options.env), { db: database.db, ...options.deps });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
