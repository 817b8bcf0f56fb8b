// `npm run bench`: starts the production server on a fresh seeded database and measures,
// in one run, routes against the bare JSON route of the same server. Figures, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, staleBuilds } from './build-state.mjs';

const port = Number(process.env.BENCH_PORT ?? 3901);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const base = `http://127.0.0.1:${port}`;

for (const workspace of staleBuilds()) {
  const result = spawnSync('npm', ['run', 'build', '-w', `@promptmarket/${workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-bench-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
});

async function waitUntilHealthy() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}${url}`, connections, duration }, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          url,
          rps: result.requests.average,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
    });
  });
}

try {
  await waitUntilHealthy();
  // Warm up every route once so first-request work is not measured.
  const routes = ['/api/ping', '/api/settings', '/api/languages', '/en'];
  for (const route of routes) await fetch(`${base}${route}`);
  const results = [];
  for (const route of routes) results.push(await measure(route));
  const [baseline] = results;
  console.log(`\nautocannon, ${connections} connections, ${duration} s per route, node ${process.version}\n`);
  console.log('| route | req/s | p99 ms | non-2xx + errors | req/s vs /api/ping |');
  console.log('|---|---:|---:|---:|---:|');
  for (const result of results) {
    const ratio = (result.rps / baseline.rps).toFixed(2);
    console.log(`| ${result.url} | ${result.rps.toFixed(0)} | ${result.p99} | ${result.errors} | ${ratio} |`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
