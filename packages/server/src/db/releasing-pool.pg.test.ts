// The pool gets back a client whose connection died between checkout and Drizzle's BEGIN (releasing-pool.ts): on a
// plain pg.Pool that client stayed checked out for good and `pool.end()` never returned (the chaos suite's hang).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { isDatabaseConnectionLost } from './connection-errors.ts';
import { ReleasingPool } from './releasing-pool.ts';

const url = process.env.TEST_DATABASE_URL as string;
let pool: ReleasingPool | undefined;

afterEach(async () => {
  await pool?.end();
});

/** The connection of the next client handed out dies right away, before the caller's first query. */
function cutTheNextCheckout(target: pg.Pool) {
  target.once('acquire', (client) => {
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  });
}

it('takes back a client whose connection died before BEGIN, and the next transaction runs on a fresh one', async () => {
  pool = new ReleasingPool({ connectionString: url, max: 2 });
  const db = drizzle({ client: pool });
  await db.execute(sql`select 1`); // a connection in the pool, idle

  cutTheNextCheckout(pool);
  const failed = await db
    .transaction(async (tx) => tx.execute(sql`select 1`))
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(isDatabaseConnectionLost(failed)).toBe(true);
  expect(pool.totalCount - pool.idleCount).toBe(0); // nothing left checked out

  const answer = await db.transaction(async (tx) => tx.execute<{ one: number }>(sql`select 1 as one`));
  expect(answer.rows[0]?.one).toBe(1);
  expect(pool.totalCount - pool.idleCount).toBe(0);
});

it('still releases exactly once when a transaction fails on its own (no double release error)', async () => {
  pool = new ReleasingPool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool });
  await expect(db.transaction(async (tx) => tx.execute(sql`select 1/0`))).rejects.toThrow();
  const answer = await db.transaction(async (tx) => tx.execute<{ two: number }>(sql`select 2 as two`));
  expect(answer.rows[0]?.two).toBe(2);
  expect(pool.totalCount - pool.idleCount).toBe(0);
});
