// `npm run bench`: starts the production server on a fresh seeded database and measures,
// in one run, routes against the bare JSON route of the same server. Figures, not a test.
import autocannon from 'autocannon';
import { startProductionServer } from './production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3901);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const server = await startProductionServer({ port });
const base = server.baseURL;

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
  await server.stop();
}
