// Crash safety of the built shop on PostgreSQL (`npm run test:hard`); not part of the normal e2e run.
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
