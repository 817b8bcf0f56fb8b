import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineName, importViolations, repositoryRoot } from '../../../scripts/check-imports.mjs';

/**
 * The project's import rules (`npm run lint:imports`): each case lays out a small tree like the
 * project's, with the rules file copied from the project and a stand-in Drizzle package, and runs
 * the lint's own check on it. Each case holds one rule: it finds the import the rule forbids, and
 * lets the imports beside it that the rule allows.
 */
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const drizzle = 'node_modules/drizzle-orm/index.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  roots.push(root);
  const all: Record<string, string> = {
    'node_modules/drizzle-orm/package.json': JSON.stringify({ name: 'drizzle-orm', main: 'index.js' }),
    [drizzle]: 'export const sql = () => undefined;\n',
    ...files,
  };
  copyFileSync(
    path.join(repositoryRoot, '.dependency-cruiser.cjs'),
    path.join(root, '.dependency-cruiser.cjs'),
  );
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const violationsIn = async (files: Record<string, string>) => importViolations(tree(files));

const api = 'apps/api/src';
const web = 'apps/web/app';
/** A module's own tables and a service that reads them: allowed everywhere. */
const shelf = {
  [`${api}/modules/shelf/shelf.tables.ts`]: 'export const shelves = {};\n',
  [`${api}/modules/shelf/shelf.service.ts`]:
    "import { sql } from 'drizzle-orm';\nimport { shelves } from './shelf.tables';\nexport const read = () => [sql, shelves];\n",
};

describe('import rules', () => {
  it('contracts-stay-shared: the contracts import neither app', async () => {
    expect(
      await violationsIn({
        'packages/contracts/src/money.ts': 'export const cents = 100;\n',
        'packages/contracts/src/offers.ts':
          "import { cents } from './money';\nimport { shelf } from '../../../apps/web/app/lib/shelf';\nexport const x = [cents, shelf];\n",
        [`${web}/lib/shelf.ts`]: 'export const shelf = 1;\n',
      }),
    ).toEqual(['contracts-stay-shared: packages/contracts/src/offers.ts → apps/web/app/lib/shelf.ts']);
  });

  it('apps-apart: the web never imports the API (its tests may)', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${web}/lib/shelf.ts`]:
          "import { read } from '../../../api/src/modules/shelf/shelf.service';\nexport const shelf = read;\n",
        [`${web}/lib/shelf.test.ts`]:
          "import { read } from '../../../api/src/modules/shelf/shelf.service';\nexport const same = read;\n",
      }),
    ).toEqual(['apps-apart: apps/web/app/lib/shelf.ts → apps/api/src/modules/shelf/shelf.service.ts']);
  });

  it('api-lib-below-everything: lib/ imports no module, plugin or database file', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/lib/clock.ts`]: 'export const now = () => 0;\n',
        [`${api}/lib/csv.ts`]:
          "import { now } from './clock';\nimport { read } from '../modules/shelf/shelf.service';\nexport const csv = [now, read];\n",
      }),
    ).toEqual([
      'api-lib-below-everything: apps/api/src/lib/csv.ts → apps/api/src/modules/shelf/shelf.service.ts',
    ]);
  });

  it('api-schema-lists-tables: db/schema.ts gathers tables and nothing else of the modules', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/db/schema.ts`]:
          "export * from '../modules/shelf/shelf.tables';\nexport * from '../modules/shelf/shelf.service';\n",
        [`${api}/db/client.ts`]: "import * as schema from './schema';\nexport const db = schema;\n",
      }),
    ).toEqual([
      'api-schema-lists-tables: apps/api/src/db/schema.ts → apps/api/src/modules/shelf/shelf.service.ts',
    ]);
  });

  it('api-schema-for-the-client: only the database client reads db/schema.ts, which re-exports every table', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/db/schema.ts`]: "export * from '../modules/shelf/shelf.tables';\n",
        [`${api}/db/client.ts`]: "import * as schema from './schema';\nexport const db = schema;\n",
        [`${api}/modules/box/box.service.ts`]:
          "import { shelves } from '../../db/schema';\nexport const peek = () => shelves;\n",
      }),
    ).toEqual([
      'api-schema-for-the-client: apps/api/src/modules/box/box.service.ts → apps/api/src/db/schema.ts',
    ]);
  });

  it('api-db-below-modules: db/ imports no module or plugin', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/db/client.ts`]: "import { sql } from 'drizzle-orm';\nexport const db = sql;\n",
        [`${api}/db/maintenance.ts`]:
          "import { db } from './client';\nimport { read } from '../modules/shelf/shelf.service';\nexport const tidy = [db, read];\n",
      }),
    ).toEqual([
      'api-db-below-modules: apps/api/src/db/maintenance.ts → apps/api/src/modules/shelf/shelf.service.ts',
    ]);
  });

  it('api-plugins-below-modules: a plugin does not reach into a module', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/errors.ts`]: 'export class AppError extends Error {}\n',
        [`${api}/plugins/errors.ts`]:
          "import { AppError } from '../errors';\nimport { read } from '../modules/shelf/shelf.service';\nexport const p = [AppError, read];\n",
      }),
    ).toEqual([
      'api-plugins-below-modules: apps/api/src/plugins/errors.ts → apps/api/src/modules/shelf/shelf.service.ts',
    ]);
  });

  it('api-routes-without-database: a .routes.ts file uses no Drizzle, db/ or tables file', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/db/client.ts`]: 'export type Db = object;\n',
        [`${api}/modules/shelf/shelf.routes.ts`]: [
          "import { sql } from 'drizzle-orm';",
          "import type { Db } from '../../db/client';",
          "import { shelves } from './shelf.tables';",
          "import { read } from './shelf.service';",
          'export const routes = (db: Db) => [sql, shelves, read, db];',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'api-routes-without-database: apps/api/src/modules/shelf/shelf.routes.ts → apps/api/src/db/client.ts',
      'api-routes-without-database: apps/api/src/modules/shelf/shelf.routes.ts → apps/api/src/modules/shelf/shelf.tables.ts',
      `api-routes-without-database: apps/api/src/modules/shelf/shelf.routes.ts → ${drizzle}`,
    ]);
  });

  it('api-routes-without-database: so is any file that registers a route, whatever its name; a cache’s get is no route', async () => {
    const routes = (file: string, register: string) => ({
      [`${api}/modules/shelf/${file}`]: [
        "import type { FastifyInstance } from 'fastify';",
        "import { sql } from 'drizzle-orm';",
        'const PAGE = `/shelf/page`;',
        `export async function pageRoutes(parent: FastifyInstance) {`,
        '  const app = parent.withTypeProvider();',
        `  ${register}`,
        '}',
        '',
      ].join('\n'),
    });
    expect(
      await violationsIn({
        ...shelf,
        ...routes('by-path.ts', "app.get('/shelf/:id', async () => sql);"),
        ...routes('by-constant.ts', 'app.post(PAGE, { schema: {} }, async () => sql);'),
        ...routes('by-object.ts', "app.route({ method: 'GET', url: PAGE, handler: async () => sql });"),
        [`${api}/modules/shelf/shelf.cache.ts`]: [
          "import { sql } from 'drizzle-orm';",
          'const cache = new Map();',
          'export const cached = (db: unknown) => cache.get(db, `key`, () => sql) ?? cache.get(`key`);',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      `api-routes-without-database: apps/api/src/modules/shelf/by-constant.ts → ${drizzle}`,
      `api-routes-without-database: apps/api/src/modules/shelf/by-object.ts → ${drizzle}`,
      `api-routes-without-database: apps/api/src/modules/shelf/by-path.ts → ${drizzle}`,
    ]);
  });

  it('api-modules-own-their-tables: another module’s tables are read through its services (a table may name them as foreign keys)', async () => {
    expect(
      await violationsIn({
        ...shelf,
        [`${api}/modules/box/box.tables.ts`]:
          "import { column } from 'drizzle-orm';\nimport { shelves } from '../shelf/shelf.tables';\nexport const boxes = { shelf: column.references(() => shelves) };\n",
        [`${api}/modules/box/box.service.ts`]:
          "import { read } from '../shelf/shelf.service';\nimport { shelves } from '../shelf/shelf.tables';\nexport const peek = () => [read, shelves];\n",
        [`${api}/modules/box/box.test.ts`]:
          "import { shelves } from '../shelf/shelf.tables';\nexport const seen = shelves;\n",
      }),
    ).toEqual([
      'api-modules-own-their-tables: apps/api/src/modules/box/box.service.ts → apps/api/src/modules/shelf/shelf.tables.ts',
    ]);
  });

  it('api-tables-stay-in-their-module: no file passes a table on, and a .tables.ts names another module’s only as a foreign key', async () => {
    const wallet = {
      [`${api}/modules/wallet/wallet.tables.ts`]:
        'export const ledgerEntries = { id: 1 };\nexport type Entry = { id: number };\n',
    };
    const orders = (tables: string) => ({
      [`${api}/modules/orders/orders.tables.ts`]: [
        "import { column, pgTable } from 'drizzle-orm';",
        "import { ledgerEntries, type Entry } from '../wallet/wallet.tables';",
        'export const orders = pgTable({ entry: column.references(() => ledgerEntries.id) });',
        'export type OrderEntry = Entry & typeof ledgerEntries;',
        tables,
        '',
      ].join('\n'),
      [`${api}/modules/orders/orders.history.ts`]:
        "import { orders } from './orders.tables';\nexport const history = () => orders;\n",
    });
    const found = async (files: Record<string, string>) =>
      (await violationsIn({ ...wallet, ...files })).filter((line) => line.startsWith('api-tables-stay'));
    const passedOn = (from: string) =>
      `api-tables-stay-in-their-module: apps/api/src/modules/${from} → apps/api/src/modules/wallet/wallet.tables.ts`;

    // Named as a foreign key and in types only: allowed.
    expect(await found(orders(''))).toEqual([]);
    // Re-exported, as `export … from` or after importing it.
    expect(await found(orders("export { ledgerEntries } from '../wallet/wallet.tables';"))).toEqual([
      passedOn('orders/orders.tables.ts'),
    ]);
    expect(await found(orders("export * from '../wallet/wallet.tables';"))).toEqual([
      passedOn('orders/orders.tables.ts'),
    ]);
    expect(await found(orders('export { ledgerEntries as entries };'))).toEqual([
      passedOn('orders/orders.tables.ts'),
    ]);
    // Under another name, or inside another value.
    expect(await found(orders('export const entries = ledgerEntries;'))).toEqual([
      passedOn('orders/orders.tables.ts'),
    ]);
    expect(await found(orders('export const all = { ledgerEntries };'))).toEqual([
      passedOn('orders/orders.tables.ts'),
    ]);
    // A module passing its own table on from a service, to be imported from there; a function that
    // queries it, and the table's types, are what a service is for.
    const service = (text: string) =>
      found({
        [`${api}/modules/wallet/wallet.service.ts`]: [
          "import { sql } from 'drizzle-orm';",
          "import { ledgerEntries } from './wallet.tables';",
          "export type { Entry } from './wallet.tables';",
          'export const balance = () => sql(ledgerEntries.id);',
          text,
          '',
        ].join('\n'),
      });
    expect(await service('')).toEqual([]);
    for (const passing of [
      "export { ledgerEntries } from './wallet.tables';",
      'export { ledgerEntries };',
      'export default ledgerEntries;',
      'export const entries = ledgerEntries;',
      'export const tables = { entries: [ledgerEntries] };',
    ]) {
      expect(await service(passing), passing).toEqual([passedOn('wallet/wallet.service.ts')]);
    }
    // db/schema.ts gathers every table: that is what it is for.
    expect(
      await found({ [`${api}/db/schema.ts`]: "export * from '../modules/wallet/wallet.tables';\n" }),
    ).toEqual([]);
  });

  it('no-test-code-in-production: the code never imports a test helper or a test', async () => {
    expect(
      await violationsIn({
        [`${api}/test/ledger.ts`]: 'export const ledger = 1;\n',
        [`${api}/test/app.ts`]: "import { ledger } from './ledger';\nexport const app = ledger;\n",
        [`${api}/modules/wallet/wallet.service.ts`]:
          "import { ledger } from '../../test/ledger';\nexport const balance = ledger;\n",
        [`${api}/modules/wallet/wallet.test.ts`]:
          "import { ledger } from '../../test/ledger';\nimport { balance } from './wallet.service';\nexport const x = [ledger, balance];\n",
        [`${web}/lib/format.test.ts`]: 'export const sample = 1;\n',
        [`${web}/lib/format.ts`]: "import { sample } from './format.test';\nexport const format = sample;\n",
      }),
    ).toEqual([
      'no-test-code-in-production: apps/api/src/modules/wallet/wallet.service.ts → apps/api/src/test/ledger.ts',
      'no-test-code-in-production: apps/web/app/lib/format.ts → apps/web/app/lib/format.test.ts',
    ]);
  });

  it('web-features-apart: a feature does not import another feature', async () => {
    expect(
      await violationsIn({
        [`${web}/features/orders/rules.ts`]: 'export const rule = 1;\n',
        [`${web}/features/orders/list.ts`]: "import { rule } from './rules';\nexport const list = rule;\n",
        [`${web}/features/wallet/api.ts`]:
          "import { rule } from '../orders/rules';\nexport const api = rule;\n",
      }),
    ).toEqual([
      'web-features-apart: apps/web/app/features/wallet/api.ts → apps/web/app/features/orders/rules.ts',
    ]);
  });

  it('web-features-below-routes: a feature never imports a route, the route table or the root', async () => {
    expect(
      await violationsIn({
        [`${web}/routes/seo/robots.ts`]: 'export const robots = 1;\n',
        [`${web}/routes.ts`]: 'export default [];\n',
        [`${web}/root.tsx`]: 'export const root = 1;\n',
        [`${web}/components/button.ts`]: 'export const button = 1;\n',
        [`${web}/features/wallet/api.ts`]: [
          "import { button } from '../../components/button';",
          "import { robots } from '../../routes/seo/robots';",
          "import routes from '../../routes';",
          "import { root } from '../../root';",
          'export const api = [button, robots, routes, root];',
          '',
        ].join('\n'),
        [`${web}/routes/shop/wallet.ts`]:
          "import { api } from '../../features/wallet/api';\nimport { robots } from '../seo/robots';\nexport const screen = [api, robots];\n",
      }),
    ).toEqual([
      'web-features-below-routes: apps/web/app/features/wallet/api.ts → apps/web/app/root.tsx',
      'web-features-below-routes: apps/web/app/features/wallet/api.ts → apps/web/app/routes.ts',
      'web-features-below-routes: apps/web/app/features/wallet/api.ts → apps/web/app/routes/seo/robots.ts',
    ]);
  });

  it('web-components-below-features: shared components and the lib import no feature or route', async () => {
    expect(
      await violationsIn({
        [`${web}/features/wallet/api.ts`]: 'export const api = 1;\n',
        [`${web}/routes/shop/home.ts`]: 'export const home = 1;\n',
        [`${web}/components/balance.ts`]:
          "import { api } from '../features/wallet/api';\nexport const balance = api;\n",
        [`${web}/lib/links.ts`]: "import { home } from '../routes/shop/home';\nexport const links = home;\n",
      }),
    ).toEqual([
      'web-components-below-features: apps/web/app/components/balance.ts → apps/web/app/features/wallet/api.ts',
      'web-components-below-features: apps/web/app/lib/links.ts → apps/web/app/routes/shop/home.ts',
    ]);
  });

  it('web-lib-below-components: the lib imports no shared component', async () => {
    expect(
      await violationsIn({
        [`${web}/lib/money.ts`]: 'export const money = 1;\n',
        [`${web}/components/price.ts`]:
          "import { money } from '../lib/money';\nexport const price = money;\n",
        [`${web}/lib/format.ts`]:
          "import { price } from '../components/price';\nexport const format = price;\n",
      }),
    ).toEqual(['web-lib-below-components: apps/web/app/lib/format.ts → apps/web/app/components/price.ts']);
  });

  it('no-circular: no circle of imports', async () => {
    expect(
      await violationsIn({
        [`${api}/lib/a.ts`]: "import { b } from './b';\nexport const a = () => b;\n",
        [`${api}/lib/b.ts`]: "import { a } from './a';\nexport const b = () => a;\n",
        [`${api}/lib/c.ts`]: "import { a } from './a';\nexport const c = a;\n",
      }),
    ).toEqual(['no-circular: apps/api/src/lib/a.ts → apps/api/src/lib/b.ts (circular)']);
  });
});

describe('the baseline of known violations', () => {
  const git = (root: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Shop', '-c', 'user.email=shop@example.com', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  const lint = (root: string, ...args: string[]) =>
    spawnSync(
      process.execPath,
      [path.join(repositoryRoot, 'scripts/check-imports.mjs'), '--root', root, ...args],
      {
        encoding: 'utf8',
      },
    );
  const known =
    'web-features-apart: apps/web/app/features/wallet/api.ts → apps/web/app/features/orders/rules.ts';
  const added =
    'web-features-apart: apps/web/app/features/wallet/list.ts → apps/web/app/features/orders/rules.ts';
  /** A checkout whose baseline lists one violation, committed, with a second violation in the code. */
  function checkout(): string {
    const root = tree({
      [`${web}/features/orders/rules.ts`]: 'export const rule = 1;\n',
      [`${web}/features/wallet/api.ts`]:
        "import { rule } from '../orders/rules';\nexport const api = rule;\n",
      [baselineName]: `${JSON.stringify([known])}\n`,
    });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'rules');
    writeFileSync(
      path.join(root, `${web}/features/wallet/list.ts`),
      "import { rule } from '../orders/rules';\nexport const list = rule;\n",
    );
    return root;
  }

  it('--write-baseline never adds a new violation, so the run still fails on it', () => {
    const root = checkout();
    const run = lint(root, '--write-baseline');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`new import against the rules: ${added}`);
    expect(JSON.parse(readFileSync(path.join(root, baselineName), 'utf8'))).toEqual([known]);
  });

  it('--write-baseline removes a violation that is gone, and the run passes', () => {
    const root = checkout();
    rmSync(path.join(root, `${web}/features/wallet/list.ts`));
    writeFileSync(path.join(root, `${web}/features/wallet/api.ts`), 'export const api = 1;\n');
    expect(lint(root).stderr).toContain(`fixed, still in the baseline: ${known}`);
    expect(lint(root, '--write-baseline').status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, baselineName), 'utf8'))).toEqual([]);
  });

  it('may not grow: a line added by hand fails the run, committed or not', () => {
    const root = checkout();
    writeFileSync(path.join(root, baselineName), `${JSON.stringify([known, added])}\n`);
    const uncommitted = lint(root);
    expect(uncommitted.status).toBe(1);
    expect(uncommitted.stderr).toContain(
      `added to the baseline, which may only shrink: ${added} (added in the working copy)`,
    );
    git(root, 'commit', '-q', '-am', 'more');
    const committed = lint(root);
    expect(committed.status).toBe(1);
    expect(committed.stderr).toContain(`added to the baseline, which may only shrink: ${added} (added in `);
    expect(committed.stderr).not.toContain('new import against the rules');
  });
});
