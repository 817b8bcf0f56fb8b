import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, staleBuilds } from '../scripts/build-state.mjs';
import { startMailbox } from './mailbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/** Runs the production build on a fresh data directory, as `npm start` would. */
export default async function setup(project: TestProject) {
  for (const workspace of staleBuilds()) {
    const result = spawnSync('npm', ['run', 'build', '-w', `@promptmarket/${workspace}`], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-e2e-'));
  const mailDir = path.join(dataDir, 'received-mail');
  const mailbox = await startMailbox(mailDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: mailbox.url,
    },
  });
  await waitForHealth(baseURL, server, 60_000);
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
