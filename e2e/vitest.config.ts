// End-to-end: the production build on a fresh embedded database, driven by Debian's Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    // The crash-safety run is `npm run test:hard`.
    exclude: ['hard/**', '**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/file-cpu.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // One worker for all spec files, its modules (Vitest, playwright-core, pdf.js) loaded once and not once a file:
    // each spec still opens its own contexts and shops, and keeps no state in modules (decision 032).
    isolate: false,
  },
});
