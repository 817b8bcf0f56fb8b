// `npm run lint:imports`: the import directions of docs/architecture.md. Most rules are
// dependency-cruiser rules (.dependency-cruiser.cjs); two need to read the code itself, so they are
// here: a file that registers HTTP routes follows the route rules whatever its name, and a table
// leaves its module only as the target of a foreign key.
//
// Imports that broke a rule when it was written are listed in .dependency-cruiser-known-violations.json.
// That list can only shrink: the run fails on a violation that is not listed, on a listed one that
// is gone (`npm run lint:imports -- --write-baseline` removes those, and never adds one), and on a
// list that has more in it than the list committed before it (git history).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const baselineName = '.dependency-cruiser-known-violations.json';
const sources = ['apps/api/src', 'apps/web/app', 'packages/contracts/src'];

/** Tests and their helpers set up what they test across layers (as in .dependency-cruiser.cjs). */
const testFile = /\.test\.tsx?$|^apps\/api\/src\/test\/|^apps\/web\/app\/test\//;
const apiModule = /^apps\/api\/src\/modules\/([^/]+)\//;
const tablesFile = /\.tables\.ts$/;
/** db/schema.ts gathers every table for the database client: it is where tables are meant to meet. */
const schemaFile = 'apps/api/src/db/schema.ts';
/** The rules of `.routes.ts` files, which also hold for any other file that registers a route. */
const routeRulePrefix = 'api-routes-';
const httpMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

const toPosix = (file) => file.split(path.sep).join('/');

function sourceFiles(root, folder) {
  const found = [];
  const walk = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      if (['node_modules', 'build', 'dist', '.react-router'].includes(entry.name)) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(toPosix(child));
    }
  };
  walk(folder);
  return found;
}

function parse(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function visit(node, callback) {
  callback(node);
  ts.forEachChild(node, (child) => visit(child, callback));
}

const stringValue = (node) =>
  node &&
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    ? ts.isTemplateExpression(node)
      ? node.head.text
      : node.text
    : undefined;

/**
 * Whether a file registers an HTTP route: `app.route({ … })`, or an HTTP method called with a path
 * (`x.get('/path', …)`) or on a Fastify instance (a name typed `FastifyInstance` or made by
 * `withTypeProvider()`), whatever the path is held in. A cache's `get(db, key, load)` is neither.
 */
export function registersRoutes(source) {
  const instances = new Set();
  visit(source, (node) => {
    if (!(ts.isParameter(node) || ts.isVariableDeclaration(node)) || !ts.isIdentifier(node.name)) return;
    const typed = node.type?.getText().includes('FastifyInstance');
    const made =
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isPropertyAccessExpression(node.initializer.expression) &&
      node.initializer.expression.name.text === 'withTypeProvider';
    if (typed || made) instances.add(node.name.text);
  });
  let found = false;
  visit(source, (node) => {
    if (found || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const method = node.expression.name.text;
    const receiver = node.expression.expression;
    const [first] = node.arguments;
    if (method === 'route' && first && ts.isObjectLiteralExpression(first)) found = true;
    else if (
      httpMethods.has(method) &&
      node.arguments.length >= 2 &&
      (stringValue(first)?.startsWith('/') || (ts.isIdentifier(receiver) && instances.has(receiver.text)))
    ) {
      found = true;
    }
  });
  return found;
}

/** The file a relative import names, as dependency-cruiser would resolve it (TypeScript sources only). */
function resolveRelative(root, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = toPosix(path.normalize(path.join(path.dirname(from), specifier)));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(path.join(root, file)));
}

/** Whether a node sits where a foreign key names its target: `.references(…)` or `foreignKey(…)`. */
function insideForeignKey(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at)) {
      const callee = at.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'references') return true;
      if (ts.isIdentifier(callee) && callee.text === 'foreignKey') return true;
    }
  }
  return false;
}

function insideFunction(node, until) {
  for (let at = node.parent; at && at !== until; at = at.parent) {
    if (ts.isFunctionLike(at)) return true;
  }
  return false;
}

function insideType(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) || ts.isTypeAliasDeclaration(at) || ts.isInterfaceDeclaration(at)) return true;
  }
  return false;
}

/**
 * `api-tables-stay-in-their-module`: another module reaches a table only through a file that passes
 * it on, which the path rules cannot see. So: no file but db/schema.ts exports a table it imported
 * (`export … from`, `export { table }`, `export const other = table`), and a `.tables.ts` uses
 * another module's table only as the target of a foreign key.
 */
export function tablesPassedOn(root, file, source) {
  if (file === schemaFile) return [];
  const found = [];
  const own = apiModule.exec(file)?.[1];
  const report = (to) => found.push({ rule: 'api-tables-stay-in-their-module', from: file, to });
  /** Values imported from a tables file, by local name, with the file they come from. */
  const imported = new Map();

  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier && stringValue(statement.moduleSpecifier);
    const target = specifier && resolveRelative(root, file, specifier);
    if (!target || !tablesFile.test(target)) continue;
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const values = statement.exportClause?.elements?.filter((element) => !element.isTypeOnly);
      if (!values || values.length > 0) report(target);
    }
    if (ts.isImportDeclaration(statement) && statement.importClause && !statement.importClause.isTypeOnly) {
      const clause = statement.importClause;
      if (clause.name) imported.set(clause.name.text, target);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, target);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) imported.set(element.name.text, target);
        }
      }
    }
  }
  if (imported.size === 0) return found;

  const exported = (statement) =>
    ts.canHaveModifiers(statement) &&
    ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && !statement.isTypeOnly) {
      for (const element of statement.exportClause?.elements ?? []) {
        const local = (element.propertyName ?? element.name).text;
        if (!element.isTypeOnly && imported.has(local)) report(imported.get(local));
      }
    }
    if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      const target = imported.get(statement.expression.text);
      if (target) report(target);
    }
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        // The table itself, or inside a value (`{ table }`, `[table]`); a function that queries it is the service.
        if (declaration.initializer) {
          visit(declaration.initializer, (node) => {
            if (!ts.isIdentifier(node) || !imported.has(node.text) || insideFunction(node, declaration))
              return;
            const parent = node.parent;
            if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
            report(imported.get(node.text));
          });
        }
      }
    }
  }

  if (tablesFile.test(file)) {
    const used = new Set();
    visit(source, (node) => {
      if (!ts.isIdentifier(node) || !imported.has(node.text)) return;
      const target = imported.get(node.text);
      if (apiModule.exec(target)?.[1] === own || used.has(target)) return;
      const parent = node.parent;
      if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return;
      if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
      if (insideForeignKey(node) || insideType(node)) return;
      used.add(target);
      report(target);
    });
  }
  return found;
}

/** The project's dependency-cruiser rules, with the route rules extended to every file that registers a route. */
export function rulesFor(config, routeFiles) {
  const escaped = routeFiles.map((file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return config.forbidden.map((rule) =>
    rule.name.startsWith(routeRulePrefix) && escaped.length > 0
      ? { ...rule, from: { ...rule.from, path: [rule.from.path].flat().concat(escaped) } }
      : rule,
  );
}

/** Every import against the rules in the tree at `root`, as `rule: from → to`, sorted. */
export async function importViolations(root = repositoryRoot, folders = sources) {
  const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
  const files = folders.flatMap((folder) => sourceFiles(root, folder)).filter((file) => !testFile.test(file));
  const parsed = new Map(files.map((file) => [file, parse(root, file)]));
  const routeFiles = files.filter(
    (file) => file.startsWith('apps/api/') && registersRoutes(parsed.get(file)),
  );

  const { tsConfig, ...options } = config.options ?? {};
  const tsConfigFile = tsConfig?.fileName && path.join(root, tsConfig.fileName);
  const result = await cruise(
    folders.filter((folder) => existsSync(path.join(root, folder))),
    { ...options, baseDir: root, validate: true, ruleSet: { forbidden: rulesFor(config, routeFiles) } },
    undefined,
    tsConfigFile && existsSync(tsConfigFile) ? { tsConfig: extractTSConfig(tsConfigFile) } : undefined,
  );
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');

  const found = [
    ...result.output.summary.violations.map(keyOf),
    ...files
      .filter((file) => file.startsWith('apps/api/src/'))
      .flatMap((file) => tablesPassedOn(root, file, parsed.get(file)))
      .map(keyOf),
  ];
  return [...new Set(found)].sort();
}

/** A violation's line in the baseline; older baselines hold dependency-cruiser's objects. */
export function keyOf(violation) {
  if (typeof violation === 'string') return violation;
  const rule = typeof violation.rule === 'string' ? violation.rule : violation.rule.name;
  return `${rule}: ${violation.from} → ${violation.to}${violation.cycle ? ' (circular)' : ''}`;
}

const keysOf = (text) => (text.trim() ? JSON.parse(text).map(keyOf) : []);

function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/**
 * Lines the baseline gained, which it may never do: each committed version against the one before
 * it, and the working copy against the last commit. The history starts at the first version written
 * as plain lines (the older ones were dependency-cruiser's own format, written whole by the tool).
 * Outside a git checkout only the working copy is known, and nothing can be compared.
 */
export function baselineGrowth(root = repositoryRoot) {
  let commits;
  try {
    commits = git(root, ['log', '--format=%H', '--reverse', '--', baselineName]).split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const versions = commits.map((commit) => {
    try {
      return { commit, text: git(root, ['show', `${commit}:${baselineName}`]) };
    } catch {
      return { commit, text: '[]' };
    }
  });
  const file = path.join(root, baselineName);
  versions.push({ commit: 'the working copy', text: existsSync(file) ? readFileSync(file, 'utf8') : '[]' });
  const start = versions.findIndex(
    ({ text }) => text.trim() && JSON.parse(text).every((entry) => typeof entry === 'string'),
  );
  const grown = [];
  for (let index = Math.max(start, 0) + 1; start >= 0 && index < versions.length; index++) {
    const before = new Set(keysOf(versions[index - 1].text));
    for (const key of keysOf(versions[index].text)) {
      if (!before.has(key)) grown.push(`${key} (added in ${versions[index].commit})`);
    }
  }
  return grown;
}

/** The baseline `--write-baseline` writes: the known violations still found, never a new one. */
export const prunedBaseline = (known, found) => known.filter((key) => found.includes(key));

async function main() {
  // `--root <dir>` checks another tree laid out like this one (the rules' own tests do).
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : repositoryRoot;
  const file = path.join(root, baselineName);
  const known = existsSync(file) ? keysOf(readFileSync(file, 'utf8')) : [];
  const found = await importViolations(root);

  if (process.argv.includes('--write-baseline')) {
    const kept = prunedBaseline(known, found);
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
    console.log(`${kept.length} known import violations left in ${baselineName}; new ones are never added.`);
  }

  const baseline = existsSync(file) ? keysOf(readFileSync(file, 'utf8')) : [];
  const added = found.filter((key) => !baseline.includes(key));
  const gone = baseline.filter((key) => !found.includes(key));
  const grown = baselineGrowth(root);

  for (const key of added) console.error(`new import against the rules: ${key}`);
  for (const key of gone) console.error(`fixed, still in the baseline: ${key}`);
  for (const key of grown) console.error(`added to the baseline, which may only shrink: ${key}`);
  if (gone.length > 0) {
    console.error(
      '\nThe baseline only shrinks: run `npm run lint:imports -- --write-baseline` and commit it.',
    );
  }
  if (added.length > 0) console.error('\nSee docs/architecture.md for the directions imports may take.');
  console.log(
    `Import directions: ${found.length - added.length} known violations left, ${added.length} new, ${gone.length} fixed.`,
  );
  process.exit(added.length > 0 || gone.length > 0 || grown.length > 0 ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
