// An embedded-database backup restored into PostgreSQL (decision 030): the shop moving off PGlite. The backup's
// data folder is opened in memory and migrated to this version, the PostgreSQL database is migrated by the same
// migrations, and then every table's rows are copied in one PostgreSQL transaction — all or nothing. A logical copy
// by the shop itself rather than PGlite's pg_dump: that one is PostgreSQL 17's, whose script a PostgreSQL 15
// server refuses, and it would need a PGlite twin of the shop's own version (pglite-tools pins its PGlite exactly).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openPglite, openPostgres } from '../../db/client.ts';

/** The schemas the shop's migrations create tables in (drizzle keeps its journal in its own). */
const SCHEMAS = ['public', 'drizzle'];
/** Rows read from PGlite and written to PostgreSQL at a time. */
const BATCH_ROWS = 2000;

const TABLES_SQL = `
  SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) ORDER BY 1`;

/** Every column but the generated ones (PostgreSQL computes those itself), in table order. */
const COLUMNS_SQL = `
  SELECT format('%I.%I', table_schema, table_name) AS table, quote_ident(column_name) AS column
  FROM information_schema.columns
  WHERE table_schema = ANY($1) AND is_generated = 'NEVER'
  ORDER BY table_schema, table_name, ordinal_position`;

const FOREIGN_KEYS_SQL = `
  SELECT format('%I.%I', cn.nspname, c.relname) AS child, format('%I.%I', pn.nspname, p.relname) AS parent
  FROM pg_constraint k
  JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
  JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
  WHERE k.contype = 'f' AND cn.nspname = ANY($1)`;

const SEQUENCES_SQL = `
  SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS last_value
  FROM pg_sequences WHERE schemaname = ANY($1) AND last_value IS NOT NULL`;

/** Tables with the ones they reference first, so that each foreign key finds its row (a table's own does anyway). */
function referencedFirst(tables: string[], keys: Array<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`Внешние ключи таблиц образуют цикл через ${table}`);
    visiting.add(table);
    for (const key of keys) if (key.child === table && key.parent !== table) visit(key.parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

export interface CopyResult {
  tables: number;
  rows: number;
}

/**
 * Puts an embedded database's dump (PGlite's data folder as a tar) into the PostgreSQL database at `url`, whose
 * tables (if any) are emptied first: the caller has refused a database holding data unless told to replace it.
 */
export async function copyPgliteIntoPostgres(dump: Blob, url: string): Promise<CopyResult> {
  const source = new PGlite({ loadDataDir: dump, extensions: { pg_trgm } });
  try {
    // Both sides at this version's schema: an older backup is migrated in memory, as a shop start would.
    await (await openPglite(source)).migrate();
    const target = openPostgres(url, 2);
    try {
      await target.exclusively(() => target.migrate());
    } finally {
      await target.close();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await copyTables(source, client);
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
}

async function copyTables(source: PGlite, client: pg.Client): Promise<CopyResult> {
  const sourceTables = (await source.query<{ name: string }>(TABLES_SQL, [SCHEMAS])).rows.map(
    (row) => row.name,
  );
  const targetTables = new Set(
    (await client.query<{ name: string }>(TABLES_SQL, [SCHEMAS])).rows.map((row) => row.name),
  );
  const missing = sourceTables.filter((table) => !targetTables.has(table));
  if (missing.length > 0) throw new Error(`В базе PostgreSQL нет таблиц ${missing.join(', ')}`);
  const columns = new Map<string, string[]>();
  for (const row of (await client.query<{ table: string; column: string }>(COLUMNS_SQL, [SCHEMAS])).rows) {
    columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
  }
  const keys = (await client.query<{ child: string; parent: string }>(FOREIGN_KEYS_SQL, [SCHEMAS])).rows;
  const tables = referencedFirst(sourceTables, keys);

  let rows = 0;
  await client.query('BEGIN');
  try {
    // The shop's triggers (catalogue counters, «updated_at» stamps) would rewrite copied rows; the constraint
    // triggers of foreign keys stay on. Their owner — who ran the migrations — may switch them off.
    for (const table of tables) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    // What the migrations wrote (their journal, starting counters) gives way to the backup's rows.
    await client.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`);
    for (const table of tables) rows += await copyTable(source, client, table, columns.get(table) ?? []);
    for (const table of tables) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    // Sequences go on from where the backup's were, so new ids never collide with copied ones.
    const sequences = await source.query<{ name: string; last_value: string }>(SEQUENCES_SQL, [SCHEMAS]);
    for (const sequence of sequences.rows) {
      await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
        sequence.name,
        sequence.last_value,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  await client.query('ANALYZE');
  return { tables: tables.length, rows };
}

/**
 * One table's rows, BATCH_ROWS at a time through a cursor: each row leaves PGlite as JSON (row_to_json keeps every
 * value's text: timestamps with their offset, numerics exact, bytea in hex) and PostgreSQL reads it back with the
 * target column types (json_populate_recordset).
 */
async function copyTable(
  source: PGlite,
  client: pg.Client,
  table: string,
  columns: string[],
): Promise<number> {
  const list = columns.join(', ');
  const insert = `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  let copied = 0;
  await source.exec(
    `BEGIN; DECLARE efir_copy NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${table} t`,
  );
  try {
    for (;;) {
      const batch = await source.query<{ row: string }>(`FETCH ${BATCH_ROWS} FROM efir_copy`);
      if (batch.rows.length === 0) break;
      await client.query(insert, [`[${batch.rows.map((row) => row.row).join(',')}]`]);
      copied += batch.rows.length;
    }
  } finally {
    await source.exec('CLOSE efir_copy; COMMIT');
  }
  return copied;
}
