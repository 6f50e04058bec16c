// Column types Drizzle does not ship.
import { customType } from 'drizzle-orm/pg-core';

/** A PostgreSQL full-text search vector (always a generated column here). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Bytes (a file kept between two steps of an upload). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
});
