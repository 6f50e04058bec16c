// Which demo-content steps have run, so a later release can add steps to an existing database.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
