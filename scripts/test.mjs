// `npm test`: typecheck, lint, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

const reports = path.join(root, 'test-results');
mkdirSync(reports, { recursive: true });

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function vitest(label, projects, report) {
  const output = path.join(reports, report);
  rmSync(output, { force: true });
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  try {
    const summary = JSON.parse(readFileSync(output, 'utf8'));
    // A run can fail with no failed test (a suite that did not load): count that as one failure.
    const failed = summary.numFailedTests || (ok ? 0 : 1);
    return { ok, passed: summary.numPassedTests, failed };
  } catch {
    return { ok, passed: 0, failed: 1 };
  }
}

const totals = { passed: 0, failed: 0 };
let ok = run('typecheck', 'npm', ['run', 'typecheck']) && run('lint', 'npm', ['run', 'lint']);

if (ok) {
  const projects = ['api-pglite', 'api-pglite-alone', 'web-unit'];
  if (process.env.TEST_DATABASE_URL) projects.push('api-postgres', 'api-postgres-alone');
  else
    console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL run of the integration tests is skipped.)');
  const integration = vitest('unit and integration tests', projects, 'integration.json');
  totals.passed += integration.passed;
  totals.failed += integration.failed;
  ok = integration.ok;
}

if (ok) {
  const e2e = vitest('end-to-end tests (Chromium, production build)', ['e2e'], 'e2e.json');
  totals.passed += e2e.passed;
  totals.failed += e2e.failed;
  ok = e2e.ok;
} else {
  totals.failed = Math.max(totals.failed, 1);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
