import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The project's import rules (`npm run lint:imports`), read from the file the lint reads. */
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;

/** A tree laid out like the project's, with a stand-in Drizzle package, to cruise with those rules. */
let root: string;
const files: Record<string, string> = {
  'node_modules/drizzle-orm/package.json': JSON.stringify({ name: 'drizzle-orm', main: 'index.js' }),
  'node_modules/drizzle-orm/index.js': 'export const sql = () => undefined;\n',
  'apps/api/src/modules/shelf/shelf.tables.ts': 'export const shelves = {};\n',
  'apps/api/src/modules/shelf/shelf.service.ts':
    "import { sql } from 'drizzle-orm';\nimport { shelves } from './shelf.tables';\nexport const read = () => [sql, shelves];\n",
  'apps/api/src/modules/shelf/shelf.routes.ts':
    "import { sql } from 'drizzle-orm';\nimport { read } from './shelf.service';\nexport const routes = () => [sql, read];\n",
  'apps/api/src/modules/box/box.service.ts':
    "import { shelves } from '../shelf/shelf.tables';\nexport const peek = () => shelves;\n",
  'apps/web/app/lib/shelf.ts':
    "import { read } from '../../../api/src/modules/shelf/shelf.service';\nexport const shelf = read;\n",
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function violations(): Promise<string[]> {
  const { tsConfig: _projectTsConfig, ...options } = config.options ?? {};
  const result = await cruise(['apps'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
  return result.output.summary.violations.map((found) => `${found.rule.name}: ${found.from} → ${found.to}`);
}

describe('import rules', () => {
  it('refuse Drizzle in a route file, another module’s tables and the API in the web, and allow what belongs', async () => {
    expect((await violations()).sort()).toEqual([
      'api-modules-own-their-tables: apps/api/src/modules/box/box.service.ts → apps/api/src/modules/shelf/shelf.tables.ts',
      'api-routes-without-database: apps/api/src/modules/shelf/shelf.routes.ts → node_modules/drizzle-orm/index.js',
      'apps-apart: apps/web/app/lib/shelf.ts → apps/api/src/modules/shelf/shelf.service.ts',
    ]);
  });
});
