// Prepares one migrated, seeded database for all server tests: a PGlite dump, or a PostgreSQL template database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { seedDemoContent } from '../seed/seed.ts';
import { adminQuery, TEMPLATE_DATABASE_PREFIX, withDatabaseName } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Null when the run is on PostgreSQL: no test file opens PGlite then (test-app.ts). */
    pgliteTemplatePath: string | null;
    postgresTemplate: string | null;
  }
}

async function preparePgliteTemplate(dir: string): Promise<string> {
  const client = new PGlite({ extensions: { pg_trgm } });
  const handle = await openPglite(client);
  await handle.migrate();
  await seedDemoContent(handle.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return file;
}

/**
 * A template of this run's own: runs sharing one PostgreSQL server (the suite and the hard suite, two sessions) never
 * drop each other's. Dropped again when the run ends.
 */
async function preparePostgresTemplate(url: string): Promise<string> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const handle = openPostgres(withDatabaseName(url, name), 2);
  await handle.migrate();
  await seedDemoContent(handle.db);
  await handle.close();
  return name;
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'efir-test-'));
  const url = process.env.TEST_DATABASE_URL;
  // One database kind a run: migrating and seeding the other one too was a minute of CPU for nothing.
  project.provide('pgliteTemplatePath', url ? null : await preparePgliteTemplate(dir));
  const template = url ? await preparePostgresTemplate(url) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && template) await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
