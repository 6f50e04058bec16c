// Query times reach /metrics from the database as `npm start` opens it (PGlite in its thread, through `pg`),
// transactions included, and stop when the listener leaves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './client.ts';
import { onQueryTimed } from './query-timing.ts';

const root = mkdtempSync(path.join(tmpdir(), 'efir-query-timing-'));
let database: DbHandle;

beforeAll(async () => {
  database = await openDatabase({ DATA_DIR: root, DATABASE_URL: undefined });
});

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

it('reports every query with its duration, in and out of transactions', async () => {
  const timed: number[] = [];
  const stop = onQueryTimed((seconds) => timed.push(seconds));
  await database.db.execute(sql`select count(*) from generate_series(1, 200000)`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
  });
  stop();
  // The count, then begin, select, commit.
  expect(timed).toHaveLength(4);
  expect(timed.every((seconds) => seconds > 0)).toBe(true);
  await database.db.execute(sql`select 1`);
  expect(timed).toHaveLength(4);
});
