// Naming of the throw-away PostgreSQL databases the tests create.
/** Each run's template database is this and a random suffix (global-setup.ts). */
export const TEMPLATE_DATABASE_PREFIX = 'efir_test_template_';

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
