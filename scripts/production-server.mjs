// Starts the production build on a fresh data directory, as `npm start` would, for the
// end-to-end tests and the benchmarks. Builds first whatever is missing or stale.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** A loopback port nothing listens on now, chosen by the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const answer = await fetch(`${baseURL}/api/health`);
      if (answer.ok) return;
      last = `${answer.status} ${(await answer.text()).slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error); // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms (its last answer: ${last})`);
}

/** How much of what a server printed last is kept for the error when it does not start. */
const KEPT_OUTPUT_CHARS = 8_000;

/** Ends `server` (its supervisor ends its workers), forcibly when it takes longer than a supervisor may. */
async function end(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  // A supervisor gives its workers 15 s to finish; one that has not ended by then is ended.
  const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs apps/api/dist/server.js on 127.0.0.1:`port` (a free one unless given) with its own data
 * directory (a new temporary one unless given). Returns its address, that directory, and `stop()`
 * which ends it and removes the directory (unless `keepDataDir`). With `captureOutput` its log is
 * kept and read with `output()`. A server that does not start is ended, and the error says what it
 * answered and printed last.
 */
export async function startProductionServer({
  port: chosenPort,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-')),
  keepDataDir = false,
  captureOutput = false,
}) {
  buildIfStale();
  const port = chosenPort ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
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
  // What it prints goes to the caller's stderr as before (its log only with `captureOutput`);
  // the last of it is kept either way, for the error when it does not start.
  let output = '';
  let recent = '';
  const keep = (chunk) => {
    if (captureOutput) output += chunk;
    recent = (recent + chunk).slice(-KEPT_OUTPUT_CHARS);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', (chunk) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  try {
    // A first start seeds the demo catalogue, pictures included.
    await waitForHealth(baseURL, server, 180_000);
  } catch (error) {
    await end(server);
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}\nWhat it printed last:\n${recent}`, { cause: error });
  }
  return {
    baseURL,
    dataDir,
    /** What the server printed so far (with `captureOutput`). */
    output: () => output,
    /** The server's process id (its supervisor's). */
    pid: server.pid,
    /** How the server ended (its exit code or signal), or null while it runs. */
    ended: () => server.exitCode ?? server.signalCode,
    /** The last of what it printed, whether or not its output is captured. */
    printedLast: () => recent,
    stop: async () => {
      await end(server);
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
