// `npm run test:hard`: the heavy proofs of issue 10 — the full fuzz run (inject, PGlite or TEST_DATABASE_URL) and
// the crash-safety run against the built shop on PostgreSQL (skipped without TEST_DATABASE_URL).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'hard-server',
          include: ['packages/server/src/test/hard/**/*.hard.ts'],
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 3_600_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      'e2e/hard/vitest.config.ts',
    ],
  },
});
