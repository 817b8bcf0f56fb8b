import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer } from '../scripts/production-server.mjs';
import { ADMIN, signInAsAdmin } from './admin-account';
import { adminQuery, apiVisitor } from './api-visitor';

// No behaviour of a client may end the server or another visitor's request: hanging up at any
// moment, reading slowly, announcing a body and never sending it, sending garbage. Each case is
// played over a raw socket against the production build, then the server must still answer, its
// workers must all be the ones it started with, and nothing may have escaped to the process.

// On PostgreSQL when the tests have a server (two workers under the supervisor, as `npm start`
// runs them there), else on the embedded database.
const admin = process.env.TEST_DATABASE_URL;
let databaseName = '';
let server: Awaited<ReturnType<typeof startProductionServer>>;
let host = '';
let port = 0;
/** Every kind of answer the shop gives, as browsers ask for it. */
const targets: { name: string; path: string; headers: Record<string, string> }[] = [];

const GZIP = { 'accept-encoding': 'gzip' };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const CONSENT = { cookie: 'cookie_consent=all' };

type Exchange = { socket: Socket; firstByte: Promise<void>; closed: Promise<void> };

/** Sends a raw request; `firstByte` resolves when the answer starts, `closed` when the socket ends. */
function send(text: string | Buffer): Exchange {
  const socket = connect(port, host);
  socket.on('error', () => {});
  let started: () => void = () => {};
  const firstByte = new Promise<void>((resolve) => (started = resolve));
  socket.once('data', () => started());
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(text);
  return { socket, firstByte, closed };
}

function request(path: string, headers: Record<string, string>, method = 'GET'): string {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}:${port}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ways a client hangs up, from before the first byte to the middle of a slow read. */
const hangUps: { name: string; play: (exchange: Exchange) => Promise<void> }[] = [
  { name: 'at once', play: async () => {} },
  { name: 'at the first byte', play: ({ firstByte }) => Promise.race([firstByte, sleep(3_000)]) },
  {
    name: 'while reading slowly',
    play: async ({ socket, firstByte }) => {
      await Promise.race([firstByte, sleep(3_000)]);
      socket.pause();
      await sleep(150);
    },
  },
];

/** How long a whole answer takes, the middle of three. */
async function answerTime(text: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const exchange = send(text);
    exchange.socket.resume();
    await Promise.race([exchange.closed, sleep(10_000)]);
    exchange.socket.destroy();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

/**
 * Hangs up at 40 moments spread over the answer's usual time and a half: one of them falls while
 * the page renders, others while its compressed bytes are on their way (a window of a few ms).
 */
async function hangUpAcross(text: string) {
  const span = Math.max(10, (await answerTime(text)) * 1.5);
  for (let step = 0; step < 40; step++) {
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        const exchange = send(text);
        await sleep((span * step) / 40);
        exchange.socket.destroy();
      }),
    );
  }
}

async function stillServing() {
  const ping = await fetch(`${server.baseURL}/api/ping`);
  expect(ping.status).toBe(200);
  const page = await fetch(`${server.baseURL}/en`, { headers: { ...GZIP, ...CONSENT } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('</html>');
  const log = server.output();
  expect(log).not.toMatch(/a worker died|escaped its handler|was not handled|second error/);
}

/** A signed-in admin's cookies and a bought prompt's download address. */
async function boughtZip(): Promise<{ path: string; cookie: string }> {
  const visitor = apiVisitor();
  const call = (method: string, path: string, body?: unknown) =>
    visitor.call(server.baseURL, method, path, body);
  await call('GET', '/sanctum/csrf-cookie');
  const login = await signInAsAdmin(server.baseURL, call);
  expect(login.status).toBe(200);
  const { payload: me } = (await login.json()) as { payload: { id: string } };
  const adjusted = await call('POST', `/api/admin/users/${me.id}/adjust`, {
    amount: '500',
    reason: 'money for the hang-up tests',
  });
  expect(adjusted.status).toBe(200);
  const { data } = (await (await call('GET', '/api/products?per_page=1')).json()) as {
    data: { id: number }[];
  };
  const bought = await call('POST', '/api/purchase/prompt', { prompt_id: data[0]?.id });
  expect(bought.status).toBe(200);
  const { payload } = (await bought.json()) as { payload: { orders: { id: number }[] } };
  return {
    path: `/api/purchase/${payload.orders[0]?.id}/download?format=png&size=1024x1024`,
    cookie: visitor.cookie(),
  };
}

beforeAll(async () => {
  let databaseUrl = '';
  if (admin) {
    databaseName = `pm_e2e_hangups_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(admin);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  server = await startProductionServer({
    captureOutput: true,
    env: {
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      // A home page of a full shop: its compressed answer is still on its way for a few ms.
      SEED_DEMO_PRODUCTS: '40',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const url = new URL(server.baseURL);
  host = url.hostname;
  port = Number(url.port);
  const home = await (await fetch(`${server.baseURL}/en`)).text();
  const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const zip = await boughtZip();
  const search = () => `/en/products?search=never-asked-${Math.random().toString(36).slice(2)}`;
  targets.push(
    { name: 'a page, compressed, with a cookie', path: '/en', headers: { ...GZIP, ...CONSENT } },
    { name: 'a page, as browsers ask, with a cookie', path: '/en', headers: { ...BROWSER, ...CONSENT } },
    { name: 'a page, plain, with a cookie', path: '/en', headers: CONSENT },
    { name: 'a kept page, compressed', path: '/en', headers: GZIP },
    { name: 'a kept page, plain', path: '/en', headers: {} },
    { name: 'a search never asked', path: search(), headers: { ...GZIP, ...CONSENT } },
    { name: 'a signed-in page', path: '/en/products', headers: { ...GZIP, cookie: zip.cookie } },
    { name: 'an API list', path: '/api/products?per_page=50', headers: GZIP },
    { name: 'a sitemap', path: '/sitemap-pages.xml', headers: GZIP },
    { name: 'a static file', path: script ?? '/', headers: GZIP },
    { name: 'a zip download', path: zip.path, headers: { ...GZIP, cookie: zip.cookie } },
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe('a client that hangs up', () => {
  it('never ends the server, whatever it asked for and whenever it leaves', async () => {
    for (const target of targets) {
      const text = request(target.path, target.headers);
      for (const hangUp of hangUps) {
        // Ten at once, as a flaky connection retrying would.
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const exchange = send(text);
            await hangUp.play(exchange);
            exchange.socket.destroy();
          }),
        );
      }
      await hangUpAcross(text);
      await sleep(100);
      await stillServing().catch((error: Error) => {
        throw new Error(`after hanging up on ${target.name}: ${error.message}`);
      });
    }
  }, 240_000);

  it('leaves other visitors answered while a client announces a body and never sends it', async () => {
    const stalled = Array.from({ length: 20 }, () =>
      send(
        `${request('/api/login', { 'content-type': 'application/json', 'content-length': '5000', ...GZIP }, 'POST')}{"email":`,
      ),
    );
    await sleep(200);
    await stillServing();
    for (const exchange of stalled) exchange.socket.destroy();
    await sleep(100);
    await stillServing();
  });

  it('answers garbage after the headers with 400 and goes on', async () => {
    const exchange = send(request('/api/ping', {}).replace('connection: close', 'connection: keep-alive'));
    let answer = '';
    exchange.socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    await exchange.firstByte;
    await sleep(50);
    exchange.socket.write(Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10]));
    exchange.socket.write('\u0000NOT HTTP AT ALL\r\n\r\n');
    await Promise.race([exchange.closed, sleep(5_000)]);
    exchange.socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('HTTP/1.1 400');
    await stillServing();
  });

  it('holds up no other visitor while one reads slowly', async () => {
    // A client reading slowly holds its own answer only; the others keep coming.
    const slow = send(request('/api/products?per_page=50', {}));
    slow.socket.pause();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.baseURL}/api/ping`).then((response) => response.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    slow.socket.destroy();
    await stillServing();
  });
});
