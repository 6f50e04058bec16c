// Unit and integration tests of every package; e2e has its own config (e2e/vitest.config.ts).
// Vitest 4 projects do not inherit the root's timeouts, so each project states its own.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}'],
          // Property tests run hundreds of cases; a loaded 2-core machine needs more than the default 5 s.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
