// Naming of the throw-away PostgreSQL databases the tests create.
export const TEMPLATE_DATABASE = 'efir_test_template';

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
