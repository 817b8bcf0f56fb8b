// `npm run bench`: figures, not a test. Seeds a catalogue of BENCH_PRODUCTS (default 100,000)
// products on a fresh database (embedded, or a new database on the PostgreSQL server of
// BENCH_DATABASE_URL), starts the production server, and measures in one run each route
// against the bare JSON route of the same server (autocannon); then buying (purchase throughput and
// zip downloads, scripts/bench-buying.mjs); the shop's initial JavaScript; and the key pages with
// Lighthouse (mobile, simulated throttling) in Debian's Chromium. BENCH_PARTS picks some of them.

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchBuying } from './bench-buying.mjs';
import { root } from './build-state.mjs';
import { printInitialJavaScript } from './initial-javascript.mjs';
import { buildIfStale, startProductionServer } from './production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3901);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Which parts to run, comma-separated: routes, buying, javascript, lighthouse (all by default). */
const parts = new Set((process.env.BENCH_PARTS ?? 'routes,buying,javascript,lighthouse').split(','));

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-bench-'));

/** With BENCH_DATABASE_URL: a database of its own on that server, dropped at the end. */
function postgresDatabase() {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return null;
  const name = `pm_bench_${randomBytes(4).toString('hex')}`;
  const run = (statement) =>
    spawnSync(
      'node',
      [
        '-e',
        `const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end())`,
        admin,
        statement,
      ],
      {
        cwd: path.join(root, 'apps', 'api'),
        stdio: 'inherit',
      },
    );
  if (run(`create database ${name}`).status !== 0) process.exit(1);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const postgres = postgresDatabase();
const databaseEnv = { DATABASE_URL: postgres?.url ?? '' };
console.log(
  `Seeding ${productCount} extra products (${postgres ? 'PostgreSQL' : 'embedded database'}; a few minutes for 100,000)…`,
);
const seeded = spawnSync('npx', ['tsx', 'apps/api/src/db/seed-cli.ts', '--products', String(productCount)], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnv },
});
if (seeded.status !== 0) process.exit(1);

const server = await startProductionServer({ port, dataDir, env: databaseEnv });
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

function lighthouse(url) {
  const result = spawnSync(
    'npx',
    [
      'lighthouse',
      `${base}${url}`,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: chromium },
    },
  );
  if (result.status !== 0) return null;
  const report = JSON.parse(result.stdout);
  const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: report.audits['largest-contentful-paint']?.displayValue ?? '',
  };
}

try {
  const sample = await (await fetch(`${base}/api/products?per_page=1&sort=popular`)).json();
  const productPath = `/en/products/${sample.data[0].slug}`;
  const routes = [
    '/api/ping',
    '/api/settings',
    '/api/products',
    '/api/products?search=portrait&category_slugs=portraits&sort=price_asc',
    '/api/products?style_slugs=watercolor&price_min=5&sort=popular&page=3',
    '/api/products?search=protrait',
    '/en',
    '/en/products?category=pets',
    productPath,
  ];
  const total = (await (await fetch(`${base}/api/products?per_page=1`)).json()).meta.total;
  console.log(
    `\n${total} products, ${postgres ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}\n`,
  );
  if (parts.has('routes')) {
    for (const route of routes) await fetch(`${base}${route}`);
    const results = [];
    for (const route of routes) {
      results.push(await measure(route));
      // Let the requests still queued from this route finish before the next one is measured.
      await fetch(`${base}/api/health`);
    }
    const [baseline] = results;
    console.log(`autocannon, ${connections} connections, ${duration} s per route\n`);
    console.log('| route | req/s | p99 ms | non-2xx + errors | req/s vs /api/ping |');
    console.log('|---|---:|---:|---:|---:|');
    for (const result of results) {
      console.log(
        `| ${result.url} | ${result.rps.toFixed(0)} | ${result.p99} | ${result.errors} | ${(result.rps / baseline.rps).toFixed(3)} |`,
      );
    }
  }
  if (parts.has('buying')) await benchBuying({ base, dataDir, connections });
  if (parts.has('javascript')) {
    console.log(
      '\nInitial JavaScript (every script the server-rendered HTML makes the browser load, gzip -9)\n',
    );
    await printInitialJavaScript(base, ['/en', '/en/products']);
  }
  if (parts.has('lighthouse')) console.log('\nLighthouse (mobile, simulated throttling)\n');
  if (parts.has('lighthouse')) {
    console.log('| page | performance | accessibility | best practices | SEO | LCP |');
    console.log('|---|---:|---:|---:|---:|---:|');
  }
  for (const page of parts.has('lighthouse') ? ['/en', '/en/products', productPath] : []) {
    const report = lighthouse(page);
    if (report) {
      console.log(
        `| ${page} | ${report.performance} | ${report.accessibility} | ${report.bestPractices} | ${report.seo} | ${report.lcp} |`,
      );
    } else {
      console.log(`| ${page} | (Lighthouse could not run) | | | | |`);
    }
  }
} finally {
  await server.stop();
  postgres?.drop();
}
