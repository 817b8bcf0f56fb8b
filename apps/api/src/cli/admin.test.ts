import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot, repoRoot } from '../db/paths';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The first line `npm run admin:create` prints, run as its script runs it (tsx) from `cwd` with
 * `env`; the command is stopped there, before it creates anything.
 */
function firstLineOf(cwd: string, env: Record<string, string>): Promise<string> {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !['DATA_DIR', 'DATABASE_URL', 'DATABASE_DIRECT_URL'].includes(name),
  );
  const command = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(apiRoot, 'src/cli/admin.ts'),
      '--email',
      'admin-cli@example.test',
      '--password',
      'a long enough password',
    ],
    { cwd, env: { ...Object.fromEntries(inherited), ...env } },
  );
  let output = '';
  let errors = '';
  command.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    command.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) command.kill();
    });
    command.on('error', reject);
    command.on('close', () => {
      const [line] = output.split('\n');
      if (line) resolve(line);
      else reject(new Error(`admin:create printed nothing: ${errors}`));
    });
  });
}

describe('npm run admin:create', () => {
  it('opens the shop’s own embedded database, from the project’s folder or the api package’s', async () => {
    const relative = path.relative(repoRoot, dataDir);
    const expected = `Database: the embedded one in ${path.join(dataDir, 'db')}`;
    expect(await firstLineOf(apiRoot, { DATA_DIR: relative })).toBe(expected);
    expect(await firstLineOf(repoRoot, { DATA_DIR: relative })).toBe(expected);
    expect(await firstLineOf(apiRoot, { DATA_DIR: dataDir })).toBe(expected);
  });

  it('names a PostgreSQL database by its host, name and user, never its password', async () => {
    const line = await firstLineOf(apiRoot, {
      DATABASE_URL: 'postgres://shop:secret-word@db.invalid:6543/promptmarket',
    });
    expect(line).toBe('Database: PostgreSQL at db.invalid:6543, database promptmarket as shop');
  });
});
