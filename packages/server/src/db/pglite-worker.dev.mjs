// Runs the database thread from its TypeScript source (under `npm run dev` and Vitest; the build bundles it instead):
// Node 20 does not pass tsx's loader on to a worker thread.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
