import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder, found from this module whether it runs from `src/` (tsx, tests)
 * or from the bundle in `dist/`.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'migrations'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('cannot find the api package folder (no migrations/ above this module)');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findPackageRoot();
export const migrationsDir = path.join(apiRoot, 'migrations');
export const repoRoot = path.resolve(apiRoot, '..', '..');
