import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const setupFiles = ['apps/api/src/test/setup.ts'];
const globalSetup = ['apps/api/src/test/global-setup.ts'];

/**
 * Files that need the modules as they are first loaded: they replace a module with vi.mock, or read
 * the process's metrics from zero. Each runs in a module registry of its own (`-alone` projects).
 */
const aloneTests = [
  'apps/api/src/modules/catalogue/catalogue.index-version.test.ts',
  'apps/api/src/modules/accounts/login-throttle.test.ts',
  'apps/api/src/lib/metrics.test.ts',
];

/**
 * The API's tests on one database engine, as two projects. The other files share the modules each
 * worker has loaded, so the app's modules are loaded once per worker rather than once per file
 * (docs/performance.md, "the test suite's time"). Every file builds its own app and database.
 */
function apiProjects(engine: 'pglite' | 'postgres', include: string[]) {
  const common = {
    setupFiles,
    globalSetup,
    env: { TEST_DB: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    { test: { ...common, name: `api-${engine}`, include, exclude: aloneTests, isolate: false } },
    { test: { ...common, name: `api-${engine}-alone`, include: aloneTests } },
  ];
}

export default defineConfig({
  test: {
    // Two test files at a time even on two cores (Vitest's default leaves one core to itself): much
    // of a file's time is loading modules and waiting for its database, which the other core covers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...apiProjects('pglite', ['apps/api/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts']),
      ...apiProjects('postgres', ['apps/api/src/**/*.test.ts']),
      { test: { name: 'web-unit', include: ['apps/web/app/**/*.test.{ts,tsx}'], setupFiles } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
