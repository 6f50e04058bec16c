// The embedded database in its own thread, as `npm start` opens it: one session shared fairly, transactions
// isolated, PostgreSQL's error codes passed on, the data folder opened once, and closed for good.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbHandle, openDatabase, openPgliteFromDump } from './client.ts';

const root = mkdtempSync(path.join(tmpdir(), 'efir-pglite-thread-'));
const config = { DATA_DIR: root, DATABASE_URL: undefined };
const lockFile = path.join(root, 'pglite.lock');
let database: DbHandle;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function errorCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } }).cause?.code;
}

beforeAll(async () => {
  database = await openDatabase(config);
  await database.db.execute(sql`create table counters (id int primary key, value int not null)`);
  await database.db.execute(sql`create table notes (id serial primary key, body text not null unique)`);
  await database.db.execute(sql`insert into counters values (1, 0)`);
});

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
  it('runs through the pg driver, like PostgreSQL', async () => {
    expect(database.kind).toBe('pglite');
    const found = await rows<{ n: number }>(database.db, sql`select ${41}::int + 1 as n`);
    expect(found).toEqual([{ n: 42 }]);
  });

  it('never lets a query into an open transaction: it waits and sees only what was committed', async () => {
    let seenFromOutside: unknown;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('не для чужих глаз')`);
        // Asked while the transaction is open; must not run inside it.
        void rows<{ n: number }>(database.db, sql`select count(*)::int as n from notes`).then((result) => {
          seenFromOutside = result[0]?.n;
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seenFromOutside).toBeUndefined();
        throw new Error('передумали');
      }),
    ).rejects.toThrow('передумали');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenFromOutside).toBe(0);
  });

  it('dumps between transactions: a backup asked during one waits for its end and holds all of it', async () => {
    const file = path.join(root, 'dump.tar');
    let dumped: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('первая половина')`);
      dumped = database.dumpTo(file);
      await tx.execute(sql`insert into notes (body) values ('вторая половина')`);
    });
    await dumped;
    const copy = await openPgliteFromDump(new Blob([readFileSync(file)]));
    try {
      const found = await rows<{ body: string }>(
        copy.db,
        sql`select body from notes where body like '%половина' order by id`,
      );
      expect(found.map((row) => row.body)).toEqual(['первая половина', 'вторая половина']);
    } finally {
      await copy.close();
    }
  });

  it('runs concurrent transactions one after another: no update is lost', async () => {
    const buyers = 20;
    await Promise.all(
      Array.from({ length: buyers }, () =>
        database.db.transaction(async (tx) => {
          const found = await rows<{ value: number }>(
            tx,
            sql`select value from counters where id = 1 for update`,
          );
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.execute(sql`update counters set value = ${found[0]!.value + 1} where id = 1`);
        }),
      ),
    );
    const found = await rows<{ value: number }>(database.db, sql`select value from counters where id = 1`);
    expect(found[0]!.value).toBe(buyers);
  });

  it('passes PostgreSQL error codes to the app (unique violation 23505) and stays usable', async () => {
    await database.db.execute(sql`insert into notes (body) values ('дубль')`);
    const failure = await database.db.execute(sql`insert into notes (body) values ('дубль')`).catch((e) => e);
    expect(errorCode(failure)).toBe('23505');
    const inTransaction = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('дубль')`);
      })
      .catch((e) => e);
    expect(errorCode(inTransaction)).toBe('23505');
    const found = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notes where body = 'дубль'`,
    );
    expect(found[0]!.n).toBe(1);
  });

  it('refuses a second opener of the same folder, in this process or another', async () => {
    await expect(openDatabase(config)).rejects.toThrow(/already open/);
    expect(existsSync(lockFile)).toBe(true);
  });
});

describe('closing and opening again', () => {
  it('ends the thread on close, keeps what was committed, and opens again', async () => {
    await database.db.execute(sql`insert into notes (body) values ('переживёт перезапуск')`);
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();

    database = await openDatabase(config);
    const found = await rows<{ body: string }>(
      database.db,
      sql`select body from notes where body = 'переживёт перезапуск'`,
    );
    expect(found).toHaveLength(1);
  });

  it('takes over the lock of a process that is gone, and refuses one that is alive', async () => {
    await database.close();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile, `${other.pid}\n`);
      await expect(openDatabase(config)).rejects.toThrow(new RegExp(`already open in process ${other.pid}`));
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The lock now names a dead process, as after kill -9.
    database = await openDatabase(config);
    const found = await rows<{ value: number }>(database.db, sql`select value from counters where id = 1`);
    expect(found[0]!.value).toBe(20);
  });

  it('resets the session for the next connection: a dropped transaction is rolled back', async () => {
    // Two clients in turn on the pool's one connection: the first leaves mid-transaction with a named statement.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const first = await pool.connect();
    await first.query('begin');
    await first.query({ name: 'count_notes', text: 'select count(*)::int as n from notes' });
    await first.query(`insert into notes (body) values ('брошено')`);
    first.release(new Error('dropped'));
    const second = await pool.connect();
    try {
      const all = await second.query({ name: 'count_notes', text: 'select count(*)::int as n from notes' });
      const left = await second.query(`select count(*)::int as n from notes where body = 'брошено'`);
      expect(left.rows[0].n).toBe(0);
      expect(all.rows[0].n).toBeGreaterThan(0);
    } finally {
      second.release();
    }
  });
});
