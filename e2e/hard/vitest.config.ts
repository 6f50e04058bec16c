// Crash safety of the built shop: on PostgreSQL `npm test` runs it after the e2e run (TEST_DATABASE_URL), `npm run test:hard`
// too; on the embedded database (crash-pglite.spec.ts, minutes of seeding) `npm run test:hard` only.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'hard-e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
