// Column types Drizzle does not ship.
import { customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL full-text search vector (always a generated column here). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});
