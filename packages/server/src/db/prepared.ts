// Hot queries built once: Drizzle turns a query builder into SQL text on every call (a third of the server's CPU
// on the cart's path), and PostgreSQL parses and plans an unnamed statement on every call as well. A prepared
// query is built once per database and sent as a named statement, parsed and planned once per connection.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * `build(db)` returns a prepared query — `db.select(…).….prepare('unique_name')` with `sql.placeholder('x')` for
 * each value, passed later as `.execute({ x })`. A value compared in a condition reaches the driver as it is
 * (ids, numbers, text); values of an insert get their column's mapping. Statement names are unique in the app.
 *
 * A prepared query runs on the connection it was built on, so it is kept per driver client: one for the pool,
 * and one per pooled connection for transactions (a transaction gets its connection's own, never the pool's).
 */
export function preparedQuery<T>(build: (db: Database) => T): (db: Database) => T {
  const byClient = new WeakMap<object, T>();
  return (db) => {
    // The pg pool, a pooled connection inside a transaction, or PGlite (or its transaction).
    const client = (db._.session as unknown as { client: object }).client;
    let query = byClient.get(client);
    if (query === undefined) {
      query = build(db);
      byClient.set(client, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * Raw SQL the query builder cannot express (a data-modifying CTE, a union over tables) as a named prepared
 * statement, for use inside `preparedQuery`. Both drivers (pg and PGlite) answer with `rows`.
 */
export function prepareRawSql<Row>(db: Database, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    execute: async (values: Record<string, unknown>) => (await prepared.execute(values)) as { rows: Row[] },
  };
}
