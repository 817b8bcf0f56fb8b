// Decides whether the production build is missing or older than the sources it is made from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const skip = new Set(['node_modules', 'build', 'dist', '.react-router', 'data']);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (skip.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

// `package-lock.json` counts as a source of both: the client's bundle carries its packages, and the
// server's carries Drizzle (decision 0036), so a changed dependency is a changed build. So do the
// patches applied to installed packages (`patches/`, decision 0042).
const targets = {
  web: {
    output: 'apps/web/build/server/index.js',
    sources: [
      'apps/web/app',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      'packages/contracts/src',
      'package-lock.json',
      'patches',
    ],
  },
  api: {
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src', 'package-lock.json', 'patches'],
  },
};

/** The workspaces whose build output is missing or older than their sources. */
export function staleBuilds() {
  return Object.entries(targets)
    .filter(([, { output, sources }]) => {
      const built = newestMtime(path.join(root, output));
      return built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built);
    })
    .map(([name]) => name);
}
