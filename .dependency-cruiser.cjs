// The directions imports may take (docs/architecture.md), checked by `npm run lint:imports`
// (scripts/check-imports.mjs) in `npm test`. That script also applies the rules named `api-routes-…`
// to every API file that registers a route, whatever its name, and checks that no file passes a
// table on to another module (`api-tables-stay-in-their-module`), which needs the code itself.
// Imports that broke a rule when it was written are listed in `.dependency-cruiser-known-violations.json`:
// they are the baseline, which may only shrink. Each rule has a case in apps/api/src/import-rules.test.ts.

const api = '^apps/api/src/';
const web = '^apps/web/app/';
/** Tests and their helpers set up what they test across layers; the rules are for the code they test. */
const tests = ['\\.test\\.tsx?$', `${api}test/`, `${web}test/`];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contracts-stay-shared',
      comment: 'The contracts are shared by the API, the web and the tests: they import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      comment:
        'The API and the web share only the contracts: neither imports the other (a test may compare what both write).',
      severity: 'error',
      from: { path: '^apps/(api|web)/', pathNot: tests },
      to: { path: '^apps/(api|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'api-lib-below-everything',
      comment: 'lib/ holds tools with no knowledge of the database, the plugins or the modules.',
      severity: 'error',
      from: { path: `${api}lib/`, pathNot: tests },
      to: { path: `${api}(db|plugins|modules)/` },
    },
    {
      name: 'api-schema-lists-tables',
      comment: "db/schema.ts gathers the modules' tables for the database client, and nothing else of them.",
      severity: 'error',
      from: { path: `${api}db/schema\\.ts$` },
      to: { path: `${api}modules/`, pathNot: '\\.tables\\.ts$' },
    },
    {
      name: 'api-schema-for-the-client',
      comment:
        "db/schema.ts re-exports every table: only the database client reads it, or any file could reach any module's tables.",
      severity: 'error',
      from: { path: api, pathNot: [...tests, `${api}db/(client|schema)\\.ts$`] },
      to: { path: `${api}db/schema\\.ts$` },
    },
    {
      name: 'api-db-below-modules',
      comment:
        'db/ opens, migrates and wraps the database; seeding and the command-line tools sit above the modules.',
      severity: 'error',
      from: { path: `${api}db/`, pathNot: [...tests, `${api}db/schema\\.ts$`] },
      to: { path: `${api}(modules|plugins)/` },
    },
    {
      name: 'api-plugins-below-modules',
      comment: 'Plugins are cross-cutting (session, errors, web): they do not reach into a module.',
      severity: 'error',
      from: { path: `${api}plugins/`, pathNot: tests },
      to: { path: `${api}modules/` },
    },
    {
      name: 'api-routes-without-database',
      comment:
        'Routes validate with the contract, call a service and shape the reply: they never touch the database. ' +
        'scripts/check-imports.mjs adds every other file that registers a route.',
      severity: 'error',
      from: { path: `${api}modules/[^/]+/[^/]+\\.routes\\.ts$` },
      to: { path: [`${api}db/`, '\\.tables\\.ts$', '^node_modules/drizzle-orm/'] },
    },
    {
      name: 'api-modules-own-their-tables',
      comment: "A module's tables are read and written by its own services; others call those services.",
      severity: 'error',
      // A table may reference another module's table (a foreign key): that is the schema, not a query.
      from: { path: `${api}modules/([^/]+)/`, pathNot: [...tests, '\\.tables\\.ts$'] },
      to: { path: `${api}modules/[^/]+/[^/]+\\.tables\\.ts$`, pathNot: `${api}modules/$1/` },
    },
    {
      name: 'no-test-code-in-production',
      comment:
        'Test helpers and test files set up what they test; the code they test never reaches for them.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: tests },
      to: { path: [...tests, '^e2e/', '^packages/[^/]+/src/test/'] },
    },
    {
      name: 'web-features-apart',
      comment: 'A screen composes features; a feature does not import another.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/`, pathNot: tests },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-features-below-routes',
      comment:
        'Routes (screens) compose features: a feature never imports a route, the route table or the root.',
      severity: 'error',
      from: { path: `${web}features/`, pathNot: tests },
      to: { path: `${web}(routes/|routes\\.ts$|root\\.tsx$|entry\\.)` },
    },
    {
      name: 'web-components-below-features',
      comment: 'Shared components and the lib serve every feature and screen, so they import neither.',
      severity: 'error',
      from: { path: `${web}(components|lib)/`, pathNot: tests },
      to: { path: `${web}(features|routes)/` },
    },
    {
      name: 'web-lib-below-components',
      severity: 'error',
      from: { path: `${web}lib/`, pathNot: tests },
      to: { path: `${web}components/` },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports has no bottom to understand it from.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // npm packages stay in the graph as leaves (doNotFollow): a rule about one (Drizzle in a route) needs them.
    exclude: { path: '(^|/)(build|dist|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
