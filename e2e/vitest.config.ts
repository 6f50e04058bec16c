// End-to-end: the production build on a fresh embedded database, driven by Debian's Chromium.
import { defineConfig } from 'vitest/config';

/** Spec files whose detectors wait a fixed moment for a sign (xss.ts: 300 ms for a dialog): they run alone. */
const TIMED_DETECTORS = ['xss.spec.ts'];

const shared = {
  root: import.meta.dirname,
  setupFiles: ['./support/file-cpu.ts'],
  testTimeout: 60_000,
  hookTimeout: 300_000,
  // One module cache a worker: Vitest, playwright-core and pdf.js load once a worker and not once a file. Each spec
  // opens its own contexts and shops and keeps no state in modules (decision 032).
  isolate: false,
};

export default defineConfig({
  test: {
    root: import.meta.dirname,
    // Once for both projects below (a project's own globalSetup would build and seed once per project).
    globalSetup: ['./support/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['**/*.spec.ts'],
          // The crash-safety run is `npm run test:hard`.
          exclude: ['hard/**', '**/node_modules/**', ...TIMED_DETECTORS],
          // Two spec files at once: a file waits on its browser and its shops much of the time, and each visitor
          // has an address of its own on the shared shop (global-setup.ts), so files do not meet (decision 032).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-alone',
          include: TIMED_DETECTORS,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
