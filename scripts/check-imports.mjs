// `npm run lint:imports`: the import directions of docs/architecture.md (.dependency-cruiser.cjs).
// Imports that broke them when the rules were written are listed in
// .dependency-cruiser-known-violations.json; that list may only shrink. The run fails on an import
// that breaks a rule and is not listed, and on a listed one that is gone (remove it with
// `npm run lint:imports -- --write-baseline`, so it cannot come back unnoticed).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-state.mjs';

const baselineFile = path.join(root, '.dependency-cruiser-known-violations.json');
const sources = ['apps/api/src', 'apps/web/app', 'packages/contracts/src'];

function cruise(outputType) {
  const result = spawnSync(
    'npx',
    ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', outputType, ...sources],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error || (result.status !== 0 && !result.stdout)) {
    console.error(result.stderr || result.error);
    process.exit(2);
  }
  return result.stdout;
}

const keyOf = (violation) =>
  `${violation.rule.name}: ${violation.from} → ${violation.to}${violation.cycle ? ' (circular)' : ''}`;

const found = JSON.parse(cruise('json')).summary.violations;

if (process.argv.includes('--write-baseline')) {
  writeFileSync(baselineFile, cruise('baseline'));
  console.log(`${found.length} known import violations written to ${path.relative(root, baselineFile)}.`);
  process.exit(0);
}

const known = new Set(JSON.parse(readFileSync(baselineFile, 'utf8')).map(keyOf));
const current = new Set(found.map(keyOf));
const added = [...current].filter((key) => !known.has(key));
const gone = [...known].filter((key) => !current.has(key));

for (const key of added) console.error(`new import against the rules: ${key}`);
for (const key of gone) console.error(`fixed, still in the baseline: ${key}`);
if (gone.length > 0) {
  console.error('\nThe baseline only shrinks: run `npm run lint:imports -- --write-baseline` and commit it.');
}
if (added.length > 0) console.error('\nSee docs/architecture.md for the directions imports may take.');
console.log(
  `Import directions: ${current.size} known violations left, ${added.length} new, ${gone.length} fixed.`,
);
process.exit(added.length > 0 || gone.length > 0 ? 1 : 0);
