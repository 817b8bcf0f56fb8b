// Starts the production build on a fresh data directory, as `npm start` would, for the
// end-to-end tests and the benchmarks. Builds first whatever is missing or stale.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, staleBuilds } from './build-state.mjs';

export function buildIfStale() {
  for (const workspace of staleBuilds()) {
    // Always a production build: the test runner sets NODE_ENV=test, which would bundle React's
    // development build into the client.
    const result = spawnSync('npm', ['run', 'build', '-w', `@promptmarket/${workspace}`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}

async function waitForHealth(baseURL, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Runs apps/api/dist/server.js on 127.0.0.1:`port` with its own data directory (a new
 * temporary one unless given). Returns its address, that directory, and `stop()` which ends
 * it and removes the directory (unless `keepDataDir`). With `captureOutput` its log is kept and
 * read with `output()`.
 */
export async function startProductionServer({
  port,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-')),
  keepDataDir = false,
  captureOutput = false,
}) {
  buildIfStale();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', captureOutput ? 'pipe' : 'ignore', captureOutput ? 'pipe' : 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  if (captureOutput) {
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
  }
  // A first start seeds the demo catalogue, pictures included.
  await waitForHealth(baseURL, server, 180_000);
  return {
    baseURL,
    dataDir,
    /** What the server printed so far (with `captureOutput`). */
    output: () => output,
    /** The server's process id (its supervisor's). */
    pid: server.pid,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        // A supervisor gives its workers 15 s to finish; one that has not ended by then is ended.
        const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
