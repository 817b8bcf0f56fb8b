import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'];
const setupFiles = ['apps/api/src/test/setup.ts'];
const globalSetup = ['apps/api/src/test/global-setup.ts'];

export default defineConfig({
  test: {
    // Two test files at a time even on two cores (Vitest's default leaves one core to itself): much
    // of a file's time is loading modules and waiting for its database, which the other core covers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          setupFiles,
          globalSetup,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          setupFiles,
          globalSetup,
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
