// `npm run bench`: figures, not a test. Seeds a catalogue of BENCH_PRODUCTS (default 100,000)
// products on a fresh database (embedded, or a new database on the PostgreSQL server of
// BENCH_DATABASE_URL), starts the production server, and measures in one run each route
// against the bare JSON route of the same server (autocannon); then buying (purchase throughput and
// zip downloads, scripts/bench-buying.mjs); the shop's initial JavaScript; and the key pages, a
// member's too, with Lighthouse (mobile, simulated throttling) in Debian's Chromium, once with a fresh
// Chromium per run and once with one Chromium kept for every page and run; and pictures: one render of the demo
// engine and one near-duplicate lookup of an offer's picture (apps/api/src/cli/bench-pictures.ts).
// BENCH_PARTS picks some of them.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchBuying, signedInVisitor } from './bench-buying.mjs';
import { benchQueries } from './bench-queries.mjs';
import { root } from './build-state.mjs';
import { printInitialJavaScript } from './initial-javascript.mjs';
import { buildIfStale, freePort, startProductionServer } from './production-server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3901);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Which parts to run, comma-separated: routes, buying, javascript, lighthouse, pictures (all by default). */
const parts = new Set((process.env.BENCH_PARTS ?? 'routes,buying,javascript,lighthouse,pictures').split(','));
/** Which rows of the routes part, as comma-separated parts of their labels (all by default); the bare route always runs. */
const onlyRows = process.env.BENCH_ROWS?.split(',').filter(Boolean) ?? [];
const chosen = ([label]) =>
  label === 'bare route' || onlyRows.length === 0 || onlyRows.some((part) => label.includes(part));

buildIfStale();
// A reused database keeps its pictures where it was seeded: BENCH_REUSE_DATA_DIR (`npm run seed`
// writes them to ./data, as `npm start` reads them); that directory is kept afterwards. BENCH_REUSE_DATA_DIR alone
// reuses the embedded database seeded there.
const reusedDataDir =
  process.env.BENCH_REUSE_DATABASE_URL || process.env.BENCH_REUSE_DATA_DIR
    ? path.resolve(process.env.BENCH_REUSE_DATA_DIR ?? path.join(root, 'data'))
    : null;
const dataDir = reusedDataDir ?? mkdtempSync(path.join(tmpdir(), 'promptmarket-bench-'));

/**
 * With BENCH_DATABASE_URL: a database of its own on that server, seeded here and dropped at the
 * end. With BENCH_REUSE_DATABASE_URL: that database as it is (seeded by an earlier run or by
 * `npm run seed`), kept afterwards, for measuring one change after another.
 */
function postgresDatabase() {
  const reuse = process.env.BENCH_REUSE_DATABASE_URL;
  if (reuse) return { url: reuse, reused: true, drop: () => {} };
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
if (!postgres?.reused && !(postgres === null && reusedDataDir)) {
  console.log(
    `Seeding ${productCount} extra products (${postgres ? 'PostgreSQL' : 'embedded database'}; a few minutes for 100,000)…`,
  );
  const seeded = spawnSync('npx', ['tsx', 'apps/api/src/cli/seed.ts', '--products', String(productCount)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnv },
  });
  if (seeded.status !== 0) process.exit(1);
}

// Measured before the server starts: the embedded database has one opener.
const pictures = parts.has('pictures')
  ? spawnSync('npx', ['tsx', 'apps/api/src/cli/bench-pictures.ts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnv },
    })
  : null;

/**
 * BENCH_NODES=2 (PostgreSQL only): two nodes of one worker each on the one database, behind HAProxy
 * from deploy/haproxy.cfg, as docs/deploy.md runs them, rather than one node of WEB_CONCURRENCY
 * workers. On one machine the two rows' ratio shows what the balancer and the nodes' shared caches
 * cost, not how the shop scales.
 */
const nodeCount = Number(process.env.BENCH_NODES ?? 1);
if (nodeCount !== 1 && (nodeCount !== 2 || !postgres)) {
  console.error('BENCH_NODES: 1, or 2 with BENCH_DATABASE_URL or BENCH_REUSE_DATABASE_URL');
  process.exit(1);
}
const nodeEnv = nodeCount === 2 ? { WEB_CONCURRENCY: '1', TRUST_PROXY: '127.0.0.1' } : {};
const servers = [
  await startProductionServer({
    port,
    dataDir,
    keepDataDir: reusedDataDir !== null,
    env: { ...databaseEnv, ...nodeEnv },
  }),
];
// The second node shares the first one's folder (its pictures and signing key), which the first removes.
if (nodeCount === 2) {
  servers.push(
    await startProductionServer({ dataDir, keepDataDir: true, env: { ...databaseEnv, ...nodeEnv } }),
  );
}
const balancer =
  nodeCount === 2
    ? await (async () => {
        const { hostPort, startHaproxy } = await import('../e2e/pooler.ts');
        const started = await startHaproxy([hostPort(servers[0].baseURL), hostPort(servers[1].baseURL)]);
        console.log(`Two nodes behind HAProxy at ${started.baseURL}`);
        return started;
      })()
    : null;
const base = balancer?.baseURL ?? servers[0].baseURL;

/** How many products a list answer holds: one preview address per tile, counted without parsing. */
function tilesIn(body) {
  let count = 0;
  for (let at = body.indexOf('"thumb_url":'); at !== -1; at = body.indexOf('"thumb_url":', at + 1)) count++;
  return count;
}

/**
 * What each address must answer under load, taken from one request before: a 200 and, for a
 * list, the same number of products; for anything else, a text about as long as the one read
 * before.
 */
async function expectationsFor(paths) {
  const expected = new Map();
  for (const path of paths) {
    const response = await fetch(`${base}${path}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} before the run`);
    expected.set(path, path.startsWith('/api/products') ? { tiles: tilesIn(body) } : { length: body.length });
  }
  return expected;
}

/**
 * A page's text is checked by its length: reading it (searching it for `</html>`) costs the
 * measuring client more than the server's answer, so the figures would measure the client, not
 * the server. The length of a page varies a little (a page is cached for whoever asks first, and
 * a crawler's copy is written out whole, a little longer); an error page or a page cut short is
 * far shorter than nine tenths of it.
 */
function hasLength(body, length) {
  return body.length >= 0.9 * length;
}

/** What a browser asks for: its pages compressed. */
const browserEncodings = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Clock ticks a second, as `/proc/<pid>/stat` counts a process's CPU time (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time in ms the server's processes (the supervisor and its workers) have used so far, from
 * Linux's `/proc`; null where there is none. With the load generator's own CPU, it tells whether
 * a row measured the server or the client: a light route's row can be bound by the client.
 */
function serverCpuMs() {
  try {
    const used = (stat) => {
      // The fields after the command's name, which may hold spaces: state is the first.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    };
    const supervisors = new Set(servers.map((server) => server.pid));
    let ticks = 0;
    for (const pid of supervisors) ticks += used(readFileSync(`/proc/${pid}/stat`, 'utf8')).ticks;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const child = used(readFileSync(`/proc/${entry}/stat`, 'utf8'));
        if (supervisors.has(child.parent)) ticks += child.ticks;
      } catch {
        // Ended meanwhile.
      }
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * One autocannon run of `requests`: throughput, p99 and failures, the server's CPU time per
 * answer and the load generator's share of a core, with what `row()` adds once it is over.
 */
function load(requests, row) {
  const serverBefore = serverCpuMs();
  const clientBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration, requests }, (error, result) => {
      if (error) return reject(error);
      const serverAfter = serverCpuMs();
      const client = process.cpuUsage(clientBefore);
      resolve({
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        serverUsPerAnswer:
          serverBefore === null || serverAfter === null || result.requests.total === 0
            ? null
            : ((serverAfter - serverBefore) * 1000) / result.requests.total,
        clientCore: (client.user + client.system) / 1000 / (duration * 1000),
        ...row(),
      });
    });
  });
}

/**
 * Loads the server with `paths` in turn on every connection; counts every answer that differs.
 * With `headers` asking for compression, an answer is right when it is a compressed 200 (a
 * compressed body cannot be read here; the same address was read whole before the run).
 */
async function measure(label, paths, headers = {}) {
  const expected = await expectationsFor(paths);
  const compressed = 'accept-encoding' in headers;
  let wrong = 0;
  const requests = paths.map((path) => ({
    method: 'GET',
    path,
    headers,
    onResponse: (status, body, _context, responseHeaders) => {
      const { tiles, length } = expected.get(path);
      const fine =
        status === 200 &&
        (compressed
          ? ['gzip', 'br', 'zstd'].includes(responseHeaders['content-encoding'])
          : tiles === undefined
            ? hasLength(body, length)
            : tilesIn(body) === tiles);
      if (!fine) wrong++;
    },
  }));
  return load(requests, () => ({ url: label, wrong }));
}

/**
 * Loads the server with addresses nobody asked for before: every request takes the next of
 * `paths` (across all connections), so no cached page or answer can serve it. An answer is right
 * when it is a 200 (compressed when `headers` ask for it and it is not too small to be).
 */
async function measureDistinct(label, paths, headers = {}, warmUp = []) {
  if (warmUp.length > 0) await warmUpWith(warmUp, headers);
  const compressed = 'accept-encoding' in headers;
  let next = 0;
  let wrong = 0;
  const requests = [
    {
      method: 'GET',
      headers,
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      onResponse: (status, body, _context, responseHeaders) => {
        // Answers under 1 KB go as they are (an empty list): compressing them saves nothing.
        const fine =
          status === 200 &&
          (!compressed ||
            ['gzip', 'br', 'zstd'].includes(responseHeaders['content-encoding']) ||
            body.length < 1024);
        if (!fine) wrong++;
      },
    },
  ];
  const asked = () =>
    next > paths.length ? `all ${paths.length} asked, ${next - paths.length} of them again` : `${next} asked`;
  return load(requests, () => ({ url: `${label} (${asked()})`, wrong }));
}

/**
 * `WARM_UP_S` seconds of other never-asked addresses before a never-asked row, not counted: a
 * run of only these rows (`BENCH_ROWS`) then meets a server that has run for a while, as the
 * rows of a whole run do, rather than one whose code is still being compiled. None of the
 * measured addresses is among them.
 */
const WARM_UP_S = 3;

function warmUpWith(paths, headers) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: WARM_UP_S,
        requests: [
          {
            method: 'GET',
            headers,
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error) => (error ? reject(error) : resolve()),
    );
  }).then(async () => {
    // What the warm-up left in flight is answered before the row starts.
    await fetch(`${base}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });
}

/** Never-asked addresses of `prefix` for a warm-up, none of them in `measured`. */
function warmUpPaths(measured, seed, prefix) {
  const taken = new Set(measured);
  return benchQueries(5_000, seed, prefix).filter((path) => !taken.has(path));
}

/** One request at a time, each address once (so no cache has seen it): the median in ms. */
async function singleRequestMs(paths) {
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Lighthouse runs vary from one to the next (in headless Chromium a first frame is now and then
 * shown about a second late, whatever the page), so each page is measured
 * `BENCH_LIGHTHOUSE_RUNS` times (5 by default) and the median run by performance is reported,
 * with every run's score. `browserPort` set: Lighthouse attaches to the Chromium listening there
 * instead of starting one of its own. `cookies` go into the browser's own cookie jar before each
 * run, where the page's scripts see them too (a Cookie header from Lighthouse's `--extra-headers`
 * reaches only the server: the cookie banner, which reads the consent in the browser, would show).
 * A page with cookies measured in a fresh browser gets a Chromium started here for each run.
 */
async function medianLighthouse(url, { cookies = [], browserPort } = {}) {
  const count = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
  const reports = [];
  for (let run = 0; run < count; run += 1) {
    const fresh = !browserPort && cookies.length > 0 ? await startChromium() : null;
    const port = browserPort ?? fresh?.port;
    try {
      if (port) {
        // Cookies the shop set in an earlier run would make the next one a returning visitor's.
        await browserCommand(port, 'Storage.clearCookies');
        if (cookies.length > 0) {
          await browserCommand(port, 'Storage.setCookies', {
            cookies: cookies.map((cookie) => ({ ...cookie, url: base })),
          });
        }
      }
      const report = lighthouse(url, { signedIn: cookies.length > 0, browserPort: port });
      if (report) reports.push(report);
    } finally {
      await fresh?.stop();
    }
  }
  if (reports.length === 0) return null;
  const byScore = [...reports].sort((a, b) => a.performance - b.performance);
  const median = byScore[Math.floor(byScore.length / 2)];
  return { ...median, runs: reports.map((report) => report.performance).join(', ') };
}

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function lighthouse(url, { signedIn, browserPort } = {}) {
  const result = spawnSync(
    'npx',
    [
      'lighthouse',
      `${base}${url}`,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices,seo',
      ...(browserPort ? [`--port=${browserPort}`] : [`--chrome-flags=${chromeFlags.join(' ')}`]),
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
  // A signed-in page that sent the browser to the login page measured the login page.
  if (signedIn && new URL(report.finalDisplayedUrl).pathname !== url) return null;
  const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const shown = (audit) => report.audits[audit]?.displayValue ?? '';
  // The audits a category lost points on, by id: a private page's SEO loses only `is-crawlable`,
  // its `noindex` (decision 0060).
  const failing = (name) =>
    (report.categories[name]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    seoFailing: failing('seo'),
    accessibilityFailing: failing('accessibility'),
    tbt: shown('total-blocking-time'),
    lcp: shown('largest-contentful-paint'),
    fcp: shown('first-contentful-paint'),
    cls: shown('cumulative-layout-shift'),
  };
}

/**
 * A Chromium started with the flags Lighthouse gives its own and a debugging port Lighthouse attaches
 * to, on a new profile; `stop()` ends it and removes that profile.
 */
async function startChromium() {
  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'promptmarket-chromium-'));
  const browser = spawn(
    chromium,
    [...chromeFlags, `--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || browser.exitCode !== null) throw new Error('Chromium did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port: debuggingPort,
    async stop() {
      if (browser.exitCode === null) {
        const exited = new Promise((resolve) => browser.once('exit', resolve));
        browser.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Sends one DevTools command to the browser target of the Chromium listening on `browserPort`. */
async function browserCommand(browserPort, method, params = {}) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${browserPort}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener('message', (event) => {
        const answer = JSON.parse(event.data);
        if (answer.id === 1) (answer.error ? reject(new Error(answer.error.message)) : resolve)();
      });
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/** The ids of the audits a score lost points on, after it: " (is-crawlable)". */
const failed = (ids) => (ids.length > 0 ? ` (${ids.join(', ')})` : '');

/** The Lighthouse rows of `pages` (each `[label, path, cookies]`) as one table. */
async function lighthouseTable(title, pages, browserPort) {
  console.log(`\n${title}\n`);
  console.log(
    '| page | performance (every run) | TBT | LCP | FCP | CLS | accessibility | best practices | SEO |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, page, cookies] of pages) {
    const report = await medianLighthouse(page, { cookies, browserPort });
    if (report) {
      console.log(
        `| ${label} | ${report.performance} (${report.runs}) | ${report.tbt} | ${report.lcp} | ${report.fcp} | ${report.cls} | ${report.accessibility}${failed(report.accessibilityFailing)} | ${report.bestPractices} | ${report.seo}${failed(report.seoFailing)} |`,
      );
    } else {
      console.log(`| ${label} | (Lighthouse could not run) | | | | | | | |`);
    }
  }
}

try {
  const sample = await (await fetch(`${base}/api/products?per_page=1&sort=popular`)).json();
  const productPath = `/en/products/${sample.data[0].slug}`;
  const similarPath = (id, limit = 8) => `/api/products/${id}/similar-pictures?limit=${limit}`;
  // "More like this picture" of products never asked about: each address once, every limit of each
  // product from 8 to 24 (1 to 7 for the warm-up). Ids from the list's pages, as a visitor finds them.
  const similarIds = [];
  if (parts.has('routes') && chosen(['similar pictures'])) {
    for (let page = 1; page <= 40; page += 1) {
      const listed = await (await fetch(`${base}/api/products?per_page=60&page=${page}`)).json();
      similarIds.push(...listed.data.map((product) => product.id));
    }
  }
  const similarPaths = (limits) => limits.flatMap((limit) => similarIds.map((id) => similarPath(id, limit)));
  const routes = [
    ['bare route', ['/api/ping']],
    ['/api/settings', ['/api/settings']],
    ['/api/products (default list)', ['/api/products']],
    [
      'search + category + price sort',
      ['/api/products?search=portrait&category_slugs=portraits&sort=price_asc'],
    ],
    [
      'style + price + popular, page 3',
      ['/api/products?style_slugs=watercolor&price_min=5&sort=popular&page=3'],
    ],
    ['typo search (protrait)', ['/api/products?search=protrait']],
    ['deep page (page=2000)', ['/api/products?page=2000']],
    ['mix of 200 list queries', benchQueries()],
    ['/en', ['/en']],
    ['/en/products', ['/en/products']],
    ['a product page', [productPath]],
    ['/en, compressed as browsers ask', ['/en'], browserEncodings],
    ['/en/products, compressed', ['/en/products'], browserEncodings],
    ['a product page, compressed', [productPath], browserEncodings],
    ['similar pictures of one product', [similarPath(sample.data[0].id)]],
  ];
  // Returning visitors: the cookie banner's choice, or a session (a registered, verified user).
  const consent = { ...browserEncodings, cookie: 'cookie_consent=all' };
  // Registered only for the rows that need a member: a run of other rows adds no account.
  const member = parts.has('routes') && chosen(['signed in']) ? await signedInVisitor(base, dataDir) : null;
  const signedIn = { ...browserEncodings, cookie: `cookie_consent=all; ${member?.cookieHeader() ?? ''}` };
  routes.push(
    ['/en, consent cookie', ['/en'], consent],
    ['/en/products, consent cookie', ['/en/products'], consent],
    ['/en, signed in', ['/en'], signedIn],
    ['a product page, signed in', [productPath], signedIn],
  );
  const neverAskedPages = benchQueries(5_000, 7, '/en/products');
  // As many as the fastest machine asks for in a row's time: each is asked once. With fewer, a fast
  // machine runs out within the row and asks the rest again, answered from the cache.
  const neverAskedLists = benchQueries(100_000, 11);
  const distinctRoutes = [
    [
      '/en/products?… never asked, consent cookie',
      neverAskedPages,
      consent,
      warmUpPaths(neverAskedPages, 70, '/en/products'),
    ],
    [
      '/api/products?… distinct queries, each asked once',
      neverAskedLists,
      // Compressed as a browser asks for it, as the pages' rows are.
      browserEncodings,
      warmUpPaths(neverAskedLists, 110, '/api/products'),
    ],
    [
      'similar pictures of products never asked about, each asked once',
      similarPaths([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]),
      browserEncodings,
      similarPaths([1, 2, 3, 4, 5, 6, 7]),
    ],
  ];
  const total = (await (await fetch(`${base}/api/products?per_page=1`)).json()).meta.total;
  console.log(
    `\n${total} products, ${postgres ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}\n`,
  );
  if (parts.has('routes')) {
    const single = {
      typo: await singleRequestMs(
        [1, 2, 3, 4, 5].map((page) => `/api/products?search=protrait&page=${page}`),
      ),
      // Five other misspellings, each asked once: nothing of theirs is cached yet.
      typoFirst: await singleRequestMs(
        ['portriat', 'cyberpnuk', 'watrcolor', 'landscpae', 'fantsay'].map(
          (typo) => `/api/products?search=${typo}`,
        ),
      ),
      firstPage: await singleRequestMs(
        [1, 2, 3, 4, 5].map((page) => `/api/products?page=${page}&sort=newest`),
      ),
      deep: await singleRequestMs([2000, 2001, 2002, 2003, 2004].map((page) => `/api/products?page=${page}`)),
      // Five products of the popular order's second page, none asked about before.
      similar: await singleRequestMs(
        (await (await fetch(`${base}/api/products?per_page=5&page=2&sort=popular`)).json()).data.map(
          (product) => similarPath(product.id),
        ),
      ),
    };
    const results = [];
    for (const [label, paths, headers] of routes.filter(chosen)) {
      results.push(await measure(label, paths, headers));
      // Let the requests still queued from this route finish before the next one is measured.
      await fetch(`${base}/api/health`);
    }
    for (const [label, paths, headers, warmUp] of distinctRoutes.filter(chosen)) {
      results.push(await measureDistinct(label, paths, headers, warmUp));
      await fetch(`${base}/api/health`);
    }
    const [baseline] = results;
    console.log(`autocannon, ${connections} connections, ${duration} s per route\n`);
    console.log(
      '| route | req/s | p99 ms | non-2xx + errors | wrong answers | req/s vs bare route | server CPU µs per answer | load generator, share of a core |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const result of results) {
      const serverUs = result.serverUsPerAnswer === null ? '–' : result.serverUsPerAnswer.toFixed(0);
      console.log(
        `| ${result.url} | ${result.rps.toFixed(0)} | ${result.p99} | ${result.errors} | ${result.wrong} | ${((100 * result.rps) / baseline.rps).toFixed(2)} % | ${serverUs} | ${(100 * result.clientCore).toFixed(0)} % |`,
      );
    }
    console.log('\nOne request at a time, never seen before (median of five addresses)\n');
    console.log('| request | ms |');
    console.log('|---|---:|');
    console.log(`| typo search (protrait), pages 1-5 | ${single.typo.toFixed(1)} |`);
    console.log(`| five other typos, first page each | ${single.typoFirst.toFixed(1)} |`);
    console.log(`| list, pages 1-5 | ${single.firstPage.toFixed(1)} |`);
    console.log(`| deep page, pages 2000-2004 | ${single.deep.toFixed(1)} |`);
    console.log(`| similar pictures (8) of five products | ${single.similar.toFixed(1)} |`);
  }
  if (parts.has('buying')) await benchBuying({ base, dataDir, connections });
  if (pictures) {
    console.log("\nPictures: the demo engine and the offers' near-duplicate lookup, one at a time\n");
    console.log(pictures.status === 0 ? pictures.stdout.trim() : '(the pictures part failed)');
  }
  if (parts.has('javascript')) {
    console.log(
      '\nInitial JavaScript (every script the server-rendered HTML makes the browser load, gzip -9)\n',
    );
    await printInitialJavaScript(base, ['/en', '/en/products']);
  }
  if (parts.has('lighthouse')) {
    // A registered, verified member who accepted the cookie banner, as the routes part's signed-in rows.
    const bench = await signedInVisitor(base, dataDir);
    const session = [
      { name: 'cookie_consent', value: 'all' },
      ...bench
        .cookieHeader()
        .split('; ')
        .map((pair) => ({
          name: pair.slice(0, pair.indexOf('=')),
          value: pair.slice(pair.indexOf('=') + 1),
        })),
    ];
    const pages = [
      ['/en', '/en'],
      ['/en/products', '/en/products'],
      ['a product page', productPath],
      ['/en, signed in', '/en', session],
      ['/en/cart, signed in', '/en/cart', session],
      ['/en/dashboard/orders, signed in', '/en/dashboard/orders', session],
      ['/en/dashboard/wallet, signed in', '/en/dashboard/wallet', session],
      ['/en/dashboard/deposits/create, signed in', '/en/dashboard/deposits/create', session],
    ];
    await lighthouseTable('Lighthouse (mobile, simulated throttling), a fresh Chromium per run', pages);
    const reused = await startChromium();
    try {
      await lighthouseTable(
        'Lighthouse (mobile, simulated throttling), one Chromium for every page and run',
        pages,
        reused.port,
      );
    } finally {
      await reused.stop();
    }
  }
} finally {
  await balancer?.stop();
  // The first node last: it removes the folder the second one uses.
  for (const server of servers.toReversed()) await server.stop();
  postgres?.drop();
}
