// Unit and integration tests of every package; e2e has its own config (e2e/vitest.config.ts).
// Vitest 4 projects do not inherit the root's timeouts, so each project states its own.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The server files that replace a module (vi.mock of fastify): they need a module cache of their own. */
const SERVER_FILES_WITH_MOCKS = [
  'packages/server/src/plugins/bodyless.test.ts',
  'packages/server/src/plugins/wire-contract.test.ts',
  'packages/server/src/test/hard/fuzz.test.ts',
  'packages/server/src/test/hard/fuzz-http.test.ts',
];

/**
 * Tests that only PostgreSQL can answer (many connections at once, a server of its own): in `*.pg.test.ts` files,
 * which only the run on PostgreSQL (TEST_DATABASE_URL set) includes, so the PGlite run has nothing to skip.
 */
const POSTGRES_ONLY = 'packages/server/src/**/*.pg.test.ts';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = {
  globalSetup: ['packages/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on 2 cores (cores − 1); the files wait on their databases (PGlite's
    // thread, PostgreSQL) part of the time, so two at once finish sooner: the PGlite run 186 → 133 s, the PostgreSQL
    // run 140 → 92 s on the 2-core machine, all green (decision 032, fourth pass).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          ...serverProject,
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...SERVER_FILES_WITH_MOCKS, ...(onPostgres ? [] : [POSTGRES_ONLY])],
          // One module cache for the files a worker runs: each file builds its own app on its own database, but
          // the app's modules are loaded once, not once a file (the import phase was 40 % of the suite's CPU;
          // decision 032). Module-level state must therefore not leak between apps — it does not: tests run green.
          isolate: false,
        },
      },
      {
        test: { ...serverProject, name: 'server-mocks', include: SERVER_FILES_WITH_MOCKS },
      },
    ],
  },
});
