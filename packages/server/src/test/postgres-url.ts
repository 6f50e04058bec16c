// Naming of the throw-away PostgreSQL databases the tests create, and the statements that create and drop them.
import pg from 'pg';

/** Each run's template database is this and a random suffix (global-setup.ts). */
export const TEMPLATE_DATABASE_PREFIX = 'efir_test_template_';

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** One statement on its own connection (CREATE DATABASE and DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
