// Absolute paths of the repository's folders, valid both from src/ (tsx, vitest) and from the bundled dist/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('packages/server not found above the running module');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
export const webRoot = path.join(repoRoot, 'packages/web');
export const webDistDir = path.join(webRoot, 'dist');
