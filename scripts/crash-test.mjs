// `npm run crash-test`: kills the production server with SIGKILL while users move money, restarts it
// on the same database, and checks that nothing acknowledged was lost and nothing was charged twice.
// Runs on the embedded database (a fresh DATA_DIR) and, with TEST_DATABASE_URL, on a fresh PostgreSQL
// database (created and dropped). `--short` is the quick run the end-to-end tests use; the full run
// has more users and more kills. `--database=pglite` or `--database=postgres` runs one of them.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import sharp from 'sharp';
import { root } from './build-state.mjs';
import { buildIfStale, freePort } from './production-server.mjs';

export const MODES = {
  short: { users: 3, kills: 3, products: 8, gapMs: [1200, 2500], tailMs: 1000 },
  full: { users: 8, kills: 8, products: 40, gapMs: [2000, 6000], tailMs: 3000 },
};

/** Short, so that generations cut off by a kill are given up (after twice this) within the run. */
const IMAGE_TIMEOUT_SECONDS = 3;
const ADMIN = { email: 'admin@crash-test.example', password: 'a crash test admin password' };
const PASSWORD = 'correct horse battery';
const GENERATION_FAILED = 'The image could not be generated. The cost has been refunded to your balance.';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]) => low + Math.random() * (high - low);
const cents = (amount) => Math.round(Number(amount) * 100);

/** Waits until no process of the group `pid` leads is left. */
async function gone(pid) {
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
}

/** A request that did not get an answer: the server was killed, or not up yet. */
class Cut extends Error {}

/**
 * The production server on one database, which can be killed and started again. While it is
 * down, `up()` waits for it to be back.
 */
function serverOn({ env, log }) {
  let child = null;
  let output = '';
  let back = Promise.resolve();
  let markBack = () => undefined;
  const remember = (chunk) => {
    output = (output + chunk).slice(-200_000);
  };

  async function healthy(baseURL) {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`the server exited with code ${child.exitCode}:\n${output.slice(-4000)}`);
      }
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server did not become healthy:\n${output.slice(-4000)}`);
  }

  return {
    baseURL: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    up: () => back,
    async start() {
      const started = Date.now();
      child = spawn(process.execPath, ['apps/api/dist/server.js'], {
        cwd: root,
        // A process group of its own, so that a kill takes the workers of a supervisor with it.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      child.stdout.on('data', remember);
      child.stderr.on('data', remember);
      const current = child;
      current.once('exit', (code, signal) => {
        if (signal === 'SIGKILL' || current.stopping) return;
        // Nobody will start it again: whoever waits for it is told.
        back = Promise.reject(new Error(`the server exited by itself (code ${code}, signal ${signal})`));
        back.catch(() => undefined);
        log(`  the server exited by itself (code ${code}, signal ${signal}):\n${output.slice(-3000)}`);
      });
      await healthy(this.baseURL);
      markBack();
      log(`  server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    /** SIGKILL to the server's whole process group: its supervisor and every worker die at once. */
    async kill() {
      back = new Promise((resolve) => {
        markBack = resolve;
      });
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await gone(child.pid);
    },
    async stop() {
      if (!child) return;
      child.stopping = true;
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await gone(child.pid);
    },
  };
}

/** A browser-like client of one address: cookies, the XSRF header, and cuts told apart from answers. */
function visitor(server, address) {
  const jar = new Map();
  return async function request(method, url, { body, form, multipart, headers = {} } = {}) {
    const xsrf = jar.get('XSRF-TOKEN');
    let response;
    try {
      response = await fetch(new URL(url, server.baseURL), {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
        headers: {
          accept: 'application/json',
          'x-forwarded-for': address,
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...headers,
        },
        body:
          body !== undefined
            ? JSON.stringify(body)
            : form !== undefined
              ? new URLSearchParams(form)
              : multipart,
      });
    } catch (error) {
      throw new Cut(`${method} ${url}: ${error.cause?.code ?? error.message}`);
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    let payload;
    try {
      const text = await response.text();
      payload = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch (error) {
      throw new Cut(`${method} ${url}: answer cut (${error.cause?.code ?? error.message})`);
    }
    // A 502/503 is a server on its way down or up; a 500 other than a refunded generation is a failure
    // the client cannot tell from a cut either.
    if (response.status >= 500 && payload?.message !== GENERATION_FAILED) {
      throw new Cut(`${method} ${url}: ${response.status} ${JSON.stringify(payload).slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, payload };
  };
}

/** The verification link of the mail to `email` in the server's mail folder. */
async function mailedLink(mailDir, email) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(mailDir);
    } catch {
      // not written yet
    }
    for (const file of files) {
      const raw = readFileSync(path.join(mailDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(email)) continue;
      const link = /https?:\/\/\S+?\/en\/email\/verify\/[^\s"<>]+/.exec(raw);
      if (link) return new URL(link[0].replace(/&amp;/g, '&'));
    }
    await sleep(200);
  }
  throw new Error(`no verification mail to ${email}`);
}

/**
 * One run: a fresh database, users, concurrent money operations, `kills` kills at random moments,
 * then the checks. Returns what happened and the problems found (none when all is well).
 */
export async function crashRun({ database, mode = 'short', adminUrl, log = console.log }) {
  const settings = MODES[mode];
  const problems = [];
  const problem = (line) => {
    problems.push(line);
    log(`  PROBLEM: ${line}`);
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'promptmarket-crash-'));
  let databaseUrl = null;
  let databaseName = null;
  if (database === 'postgres') {
    if (!adminUrl) throw new Error('the PostgreSQL run needs TEST_DATABASE_URL');
    databaseName = `pm_crash_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const server = serverOn({
    log,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      SEED_DEMO_PRODUCTS: String(settings.products),
      // The server is killed and started again and again: a warm-up would only lengthen each start.
      WARM_UP_MS: '0',
      TRUST_PROXY: '127.0.0.1',
      APP_KEY: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      IMAGE_TIMEOUT_SECONDS: String(IMAGE_TIMEOUT_SECONDS),
      SMTP_URL: '',
      S3_BUCKET: '',
      STRIPE_SECRET_KEY: '',
      IMAGE_API_URL: '',
    },
  });
  const report = { database, mode, kills: 0, operations: {}, problems };
  const count = (name) => {
    report.operations[name] = (report.operations[name] ?? 0) + 1;
  };

  try {
    log(`${database}: starting the server on a fresh database`);
    await server.start();
    const users = await Promise.all(
      Array.from({ length: settings.users }, (_, index) => signedUpUser(server, dataDir, index)),
    );
    const admin = visitor(server, '192.0.2.250');
    await admin('GET', '/sanctum/csrf-cookie');
    const login = await admin('POST', '/api/login', { body: ADMIN });
    if (login.status !== 200)
      throw new Error(`admin login: ${login.status} ${JSON.stringify(login.payload)}`);
    // The back office answers an admin only with two-factor sign-in on: turned on with a code of its key.
    const setup = await admin('POST', '/api/admin/two-factor/setup');
    const code = new TOTP({ secret: Secret.fromBase32(setup.payload.payload.secret) }).generate();
    const enabled = await admin('POST', '/api/admin/two-factor/enable', { body: { code } });
    if (enabled.status !== 200)
      throw new Error(`admin two-factor sign-in: ${enabled.status} ${JSON.stringify(enabled.payload)}`);
    const catalogue = await shopFacts(users[0].request);
    log(`  ${users.length} users, ${catalogue.products.length} products`);

    // Load: every user moves money until told to stop; the killer meanwhile kills the server.
    let stopping = false;
    const generating = new Set();
    const ops = { server, admin, catalogue, count, problem, generating };
    const workers = users.map(async (user) => {
      await deposit(ops, user);
      while (!stopping) {
        await randomOperation(ops, user);
        // A user who has done all an operation allows returns at once, without a request: without a
        // pause between operations its loop would hold this process (and the killer's timers) for good.
        await sleep(10);
      }
    });
    let lastStart = Date.now();
    for (let kill = 1; kill <= settings.kills; kill += 1) {
      await sleep(between(settings.gapMs));
      // The first kill waits for a generation under way, to cut one between its debit and its picture.
      if (kill === 1) {
        const deadline = Date.now() + 5000;
        while (generating.size === 0 && Date.now() < deadline) await sleep(20);
        await sleep(30 + Math.random() * 120);
      }
      await server.kill();
      report.kills += 1;
      log(`  kill ${kill}: SIGKILL, ${generating.size} generation(s) under way`);
      await sleep(Math.random() * 300);
      await server.start();
      lastStart = Date.now();
    }
    await sleep(settings.tailMs);
    stopping = true;
    await Promise.all(workers);
    log(`  operations: ${JSON.stringify(report.operations)}`);

    // Settle: paid deposits are credited (a webhook cut by a kill waits for its lease), and the
    // generations cut off are given up by the recovery (twice the timeout, looked for every timeout).
    const settleBy = lastStart + (3 * IMAGE_TIMEOUT_SECONDS + 2) * 1000;
    await waitForDeposits(users, problem);
    if (Date.now() < settleBy) await sleep(settleBy - Date.now());

    for (const user of users) await replayPurchases(user, problem);
    for (const user of users) await checkUser(user, problem);
    await server.stop();
    await checkDatabase({ kind: database, dataDir, url: databaseUrl }, users, problem);
    report.recovered = (server.output().match(/an abandoned generation was given up/g) ?? []).length;
    log(`  generations given up by the recovery: ${report.recovered}`);
    log(problems.length === 0 ? `${database}: no problems` : `${database}: ${problems.length} problem(s)`);
    return report;
  } catch (error) {
    error.message = `${error.message}\n--- server output ---\n${server.output().slice(-4000)}`;
    throw error;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
  }
}

async function adminQuery(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A verified, signed-in user of an address of their own (the per-address limits see many visitors). */
async function signedUpUser(server, dataDir, index) {
  const request = visitor(server, `198.51.100.${index + 1}`);
  const email = `crash.${index}.${randomBytes(3).toString('hex')}@example.test`;
  await request('GET', '/sanctum/csrf-cookie');
  const registered = await request('POST', '/api/register', {
    body: {
      first_name: 'Crash',
      last_name: `Tester ${index}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
    },
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.status}`);
  const link = await mailedLink(path.join(dataDir, 'mail'), email);
  const verified = await request('GET', `${link.pathname.replace(/^\/en\//, '/api/')}${link.search}`);
  if (verified.status !== 200)
    throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.payload)}`);
  return {
    index,
    email,
    request,
    owned: new Set(),
    deposits: [],
    orders: [],
    /** Generations answered with their picture, and when the last few were asked for (10 a minute at most). */
    generations: { acknowledged: [], times: [] },
    offers: [],
  };
}

async function shopFacts(request) {
  const products = (await request('GET', '/api/products?per_page=100')).payload.data;
  const categories = (await request('GET', '/api/categories')).payload.data;
  const styles = (await request('GET', '/api/styles')).payload.data;
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  return {
    products: products.map((product) => ({ id: product.id })),
    categoryId: categories[0].id,
    styleIds: styles.slice(0, 2).map((style) => style.id),
    picture,
  };
}

/**
 * Sends a request until it is answered: a cut waits for the server to be back and tries again,
 * the same request with the same Idempotency-Key. Returns the answer and whether it was cut first.
 */
async function untilAnswered(ops, send) {
  let cut = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { answer: await send(), cut };
    } catch (error) {
      if (!(error instanceof Cut) || attempt >= 40) throw error;
      cut = true;
      await ops.server.up();
      await sleep(100);
    }
  }
}

const depositForm = (user) => ({
  amount: String(20 + Math.floor(Math.random() * 20)),
  currency: 'EUR',
  first_name: 'Crash',
  last_name: 'Tester',
  email: user.email,
  phone: '+44 20 7946 0000',
  country: 'GB',
  city: 'London',
  address: '12 St James Square',
  post_code: 'SW1Y 4JH',
  terms: true,
  payment_method_id: 'card',
});

/** A deposit paid on the sandbox's page; acknowledged when the page answers the Pay button. */
async function deposit(ops, user) {
  if (user.deposits.length >= 10) return;
  const key = randomUUID();
  const body = depositForm(user);
  const checkout = await untilAnswered(ops, () =>
    user.request('POST', '/api/deposit/checkout', { body, headers: { 'idempotency-key': key } }),
  );
  if (checkout.answer.status !== 200) {
    ops.problem(`user ${user.index}: deposit checkout answered ${checkout.answer.status}`);
    return;
  }
  const { order_id: orderId, redirect_url: redirectUrl } = checkout.answer.payload;
  if (!redirectUrl) {
    ops.problem(`user ${user.index}: deposit ${orderId} came back without a checkout (cut: ${checkout.cut})`);
    return;
  }
  const paid = await untilAnswered(ops, () => user.request('POST', redirectUrl, { form: { action: 'pay' } }));
  if (paid.answer.status !== 303) {
    ops.problem(`user ${user.index}: paying deposit ${orderId} answered ${paid.answer.status}`);
    return;
  }
  user.deposits.push({ orderId, cut: checkout.cut || paid.cut });
  ops.count(checkout.cut || paid.cut ? 'deposit (cut, retried)' : 'deposit');
}

function unowned(ops, user, count) {
  const free = ops.catalogue.products.filter((product) => !user.owned.has(product.id));
  return free.sort(() => Math.random() - 0.5).slice(0, count);
}

/** A purchase answered in the end: an order (kept), or a refusal (nothing charged). */
function settlePurchase(ops, user, kind, key, products, { answer, cut }) {
  const label = `${kind}${cut ? ' (cut, retried)' : ''}`;
  if (answer.status === 200) {
    user.orders.push({
      key,
      orderId: answer.payload.payload.order_id,
      productIds: products.map((p) => p.id),
      cut,
    });
    for (const product of products) user.owned.add(product.id);
    ops.count(label);
  } else if (answer.status === 422) {
    ops.count(`${label} refused`);
  } else {
    ops.problem(`user ${user.index}: ${kind} answered ${answer.status} ${JSON.stringify(answer.payload)}`);
  }
}

async function buyPrompt(ops, user) {
  const [product] = unowned(ops, user, 1);
  if (!product) return;
  const key = randomUUID();
  const result = await untilAnswered(ops, () =>
    user.request('POST', '/api/purchase/prompt', {
      body: { prompt_id: product.id },
      headers: { 'idempotency-key': key },
    }),
  );
  settlePurchase(ops, user, 'purchase', key, [product], result);
}

async function checkOutCart(ops, user) {
  const products = unowned(ops, user, 2);
  if (products.length < 2) return;
  // What an earlier refused checkout left in the cart goes first.
  const cart = await untilAnswered(ops, () => user.request('GET', '/api/cart'));
  for (const item of cart.answer.payload.payload.items) {
    await untilAnswered(ops, () => user.request('DELETE', `/api/cart/${item.id}`));
  }
  for (const product of products) {
    await untilAnswered(ops, () => user.request('POST', '/api/cart', { body: { product_id: product.id } }));
  }
  const key = randomUUID();
  const result = await untilAnswered(ops, () =>
    user.request('POST', '/api/purchase/cart', { headers: { 'idempotency-key': key } }),
  );
  settlePurchase(ops, user, 'cart checkout', key, products, result);
}

/** A generation is not retried when cut (it has no Idempotency-Key): it must end drawn or refunded. */
async function generate(ops, user) {
  const times = user.generations.times.filter((time) => time > Date.now() - 60_000);
  if (times.length >= 8) return;
  user.generations.times = [...times, Date.now()];
  const token = {};
  ops.generating.add(token);
  try {
    const answer = await user.request('POST', '/api/purchase/generate-image', {
      body: {
        title: `Storm ${user.index}`,
        prompt: 'a lighthouse in a storm',
        format: 'png',
        size: '512x512',
      },
    });
    if (answer.status === 200) {
      user.generations.acknowledged.push(Number(answer.headers.get('x-generation-id')));
      ops.count('generation');
    } else if (answer.status === 422) {
      ops.count('generation refused');
    } else if (answer.status === 500) {
      ops.count('generation failed and refunded');
    } else {
      ops.problem(`user ${user.index}: generation answered ${answer.status}`);
    }
  } catch (error) {
    if (!(error instanceof Cut)) throw error;
    ops.count('generation (cut)');
    await ops.server.up();
  } finally {
    ops.generating.delete(token);
  }
}

/** An offer of the user's work: sent, answered by the back office with a price, accepted with SEPA. */
async function sellWork(ops, user) {
  if (user.offers.length >= 2) return;
  const title = `Crash work ${user.index}.${user.offers.length}`;
  const history = async () =>
    (await untilAnswered(ops, () => user.request('GET', '/api/offer/history'))).answer;
  const mine = async () => (await history()).payload.payload.find((offer) => offer.title === title);

  let offer = null;
  for (let attempt = 0; !offer && attempt < 10; attempt += 1) {
    const form = new FormData();
    form.set('title', title);
    form.set('category_id', String(ops.catalogue.categoryId));
    for (const id of ops.catalogue.styleIds) form.append('style_ids[]', String(id));
    form.set('price', '60');
    form.set('description', 'A lighthouse in a storm.');
    form.set('add_text', 'Made for the crash test.');
    form.set('prompt', 'A lighthouse in a storm, crashing waves, dramatic light');
    form.set('confirm', '1');
    form.set('media', new Blob([ops.catalogue.picture], { type: 'image/png' }), 'work.png');
    try {
      const created = await user.request('POST', '/api/offer/create', { multipart: form });
      if (created.status !== 200) {
        ops.problem(
          `user ${user.index}: offer answered ${created.status} ${JSON.stringify(created.payload)}`,
        );
        return;
      }
      offer = created.payload.payload;
    } catch (error) {
      if (!(error instanceof Cut)) throw error;
      await ops.server.up();
      // Sent before the cut, perhaps: then it is there and is not sent again.
      offer = (await mine()) ?? null;
    }
  }
  if (!offer) return;
  user.offers.push({ id: offer.id, title, approved: false });
  const countered = await untilAnswered(ops, () =>
    ops.admin('POST', `/api/admin/offers/${offer.id}/counter`, { body: { service_price: 50 } }),
  );
  if (countered.answer.status !== 200 && (await mine())?.status !== 'offer') {
    ops.problem(`user ${user.index}: counter-offer answered ${countered.answer.status}`);
    return;
  }
  const accepted = await untilAnswered(ops, () =>
    user.request('POST', '/api/offer/approve', {
      body: {
        id: offer.id,
        name: 'Crash',
        surname: 'Tester',
        email: user.email,
        phone: '+44 20 7946 0000',
        address: '12 St James Square',
        city: 'London',
        postCode: 'SW1Y 4JH',
        country: 'GB',
        full_name: 'Crash Tester',
        iban: 'DE89370400440532013000',
        terms: true,
      },
    }),
  );
  // A retry of an acceptance the server made before it was killed is told it was already made.
  if (accepted.answer.status === 200 || (accepted.cut && (await mine())?.status === 'approved')) {
    user.offers.at(-1).approved = true;
    ops.count(accepted.cut ? 'offer accepted (cut, retried)' : 'offer accepted');
  } else {
    ops.problem(`user ${user.index}: accepting offer ${offer.id} answered ${accepted.answer.status}`);
  }
}

async function randomOperation(ops, user) {
  const roll = Math.random();
  if (roll < 0.15) return deposit(ops, user);
  if (roll < 0.45) return buyPrompt(ops, user);
  if (roll < 0.6) return checkOutCart(ops, user);
  if (roll < 0.9) return generate(ops, user);
  return sellWork(ops, user);
}

async function waitForDeposits(users, problem) {
  const deadline = Date.now() + 120_000;
  for (const user of users) {
    for (const paid of user.deposits) {
      for (;;) {
        const { payload } = await user.request('GET', `/api/deposit/status?order_id=${paid.orderId}`);
        if (payload.order.status === 'success') break;
        if (payload.order.status !== 'processing' || Date.now() > deadline) {
          problem(`user ${user.index}: paid deposit ${paid.orderId} is ${payload.order.status}`);
          break;
        }
        await sleep(250);
      }
    }
  }
}

/** Purchases sent again with their Idempotency-Key after the crashes answer the same order and charge nothing. */
async function replayPurchases(user, problem) {
  const balance = async () => (await user.request('GET', '/api/user/profile')).payload.payload.balance;
  const before = await balance();
  for (const order of user.orders.filter((order) => order.cut).concat(user.orders.slice(0, 2))) {
    const headers = { 'idempotency-key': order.key };
    const again =
      order.productIds.length === 1
        ? await user.request('POST', '/api/purchase/prompt', {
            body: { prompt_id: order.productIds[0] },
            headers,
          })
        : await user.request('POST', '/api/purchase/cart', { headers });
    if (again.status !== 200 || again.payload.payload.order_id !== order.orderId) {
      problem(
        `user ${user.index}: key ${order.key} answered ${again.status} ${JSON.stringify(again.payload)}`,
      );
    }
  }
  const after = await balance();
  if (after !== before)
    problem(`user ${user.index}: purchases sent again moved the balance from ${before} to ${after}`);
}

/** What the user sees after the crashes: everything acknowledged is there, and the balance adds up. */
async function checkUser(user, problem) {
  const who = `user ${user.index}`;
  const get = async (url) => (await user.request('GET', url)).payload.payload;
  const [history, depositHistory, generations, offers, profile] = await Promise.all([
    get('/api/purchase/history'),
    get('/api/deposit/history'),
    get('/api/purchase/generations'),
    get('/api/offer/history'),
    get('/api/user/profile'),
  ]);

  // The purchase history lists generations too (as the original API did); they are checked below.
  const purchases = history.filter((item) => item.type === 'purchase');
  const ordersSeen = new Set(purchases.map((item) => item.order_id));
  for (const order of user.orders) {
    const items = purchases.filter((item) => item.order_id === order.orderId).map((item) => item.product_id);
    if (items.sort().join() !== [...order.productIds].sort().join()) {
      problem(
        `${who}: order ${order.orderId} (key ${order.key}) shows products [${items}], not [${order.productIds}]`,
      );
    }
  }
  const answered = new Set(user.orders.map((order) => order.orderId));
  for (const orderId of ordersSeen) {
    if (!answered.has(orderId))
      problem(`${who}: order ${orderId} was never answered to the client (charged twice?)`);
  }

  const credited = depositHistory.filter((row) => row.status === 'success');
  for (const paid of user.deposits) {
    if (!credited.some((row) => row.id === paid.orderId))
      problem(`${who}: paid deposit ${paid.orderId} not credited`);
  }

  const listed = new Set(generations.map((generation) => generation.id));
  for (const id of user.generations.acknowledged) {
    if (!listed.has(id)) problem(`${who}: generation ${id} was delivered but is not listed`);
  }

  for (const sold of user.offers.filter((offer) => offer.approved)) {
    const offer = offers.find((row) => row.id === sold.id);
    if (offer?.status !== 'approved' || !offer.payout)
      problem(`${who}: accepted offer ${sold.id} is ${offer?.status}`);
  }

  const expected =
    credited.reduce((sum, row) => sum + cents(row.internal_amount), 0) -
    purchases.reduce((sum, item) => sum + cents(item.price), 0) -
    generations.reduce((sum, generation) => sum + cents(generation.price), 0);
  if (cents(profile.balance) !== expected) {
    problem(
      `${who}: balance ${profile.balance} is not deposits minus purchases minus generations (${expected / 100})`,
    );
  }
}

/** The database itself, opened once the server has stopped: the ledger's invariants and every row's money. */
async function checkDatabase({ kind, dataDir, url }, users, problem) {
  const { openPglite, openPostgres } = await import('../apps/api/src/db/client.ts');
  const { ledgerProblems } = await import('../apps/api/src/modules/wallet/wallet.invariants.ts');
  const { sql } = await import('drizzle-orm');
  const database =
    kind === 'postgres' ? await openPostgres(url, 2) : await openPglite(path.join(dataDir, 'db'));
  const rows = async (statement) => {
    const result = await database.db.execute(statement);
    return Array.isArray(result) ? result : result.rows;
  };
  try {
    for (const line of await ledgerProblems(database.db)) problem(`ledger: ${line}`);
    for (const row of await rows(sql`select id from generations where status = 'processing'`)) {
      problem(`generation ${row.id} is still processing after the recovery's time`);
    }
    const generationMoney = await rows(sql`
      select g.id, g.status,
        exists (select 1 from ledger_transactions t where t.idempotency_key = 'generation:' || g.id) as debited,
        exists (select 1 from ledger_transactions t where t.idempotency_key = 'generation:' || g.id || ':refund') as refunded
      from generations g`);
    for (const row of generationMoney) {
      if (row.status === 'failed' && row.debited && !row.refunded)
        problem(`generation ${row.id} failed but was not refunded`);
      if (row.status === 'done' && (!row.debited || row.refunded)) {
        problem(`generation ${row.id} is done but debited ${row.debited}, refunded ${row.refunded}`);
      }
    }
    // A wallet holds its deposits, less its orders and pictures, plus any correction the shop made by
    // hand (an `adjustment` move: the back office's, or the demo buyers' credits the shop starts with).
    const wallets = await rows(sql`
      select u.email,
        coalesce((select a.balance from ledger_accounts a where a.code = 'wallet:' || u.id), 0) as balance,
        coalesce((select sum(d.internal_amount) from deposits d where d.user_id = u.id and d.status = 'success'), 0)
          - coalesce((select sum(o.total) from orders o where o.user_id = u.id), 0)
          - coalesce((select sum(g.cost) from generations g where g.user_id = u.id and g.status = 'done'), 0)
          + coalesce((select sum(e.amount) from ledger_entries e
              join ledger_transactions t on t.id = e.transaction_id
              join ledger_accounts a on a.id = e.account_id
              where a.code = 'wallet:' || u.id and t.kind = 'adjustment'), 0)
          as expected
      from users u`);
    for (const row of wallets) {
      if (BigInt(row.balance) !== BigInt(row.expected)) {
        problem(
          `${row.email}: wallet ${row.balance} but deposits - orders - generations + adjustments = ${row.expected}`,
        );
      }
    }
    const [offers] = await rows(sql`
      select (select count(*) from offers where status = 'approved') as approved,
             (select count(*) from ledger_transactions where kind = 'offer') as moves`);
    if (Number(offers.approved) !== Number(offers.moves)) {
      problem(`${offers.approved} accepted offers but ${offers.moves} offer moves in the ledger`);
    }
    const accepted = users.flatMap((user) => user.offers.filter((offer) => offer.approved));
    if (Number(offers.approved) !== accepted.length) {
      problem(`${offers.approved} offers approved in the database, ${accepted.length} acknowledged`);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const mode = args.includes('--short') ? 'short' : 'full';
  const only = args.find((arg) => arg.startsWith('--database='))?.split('=')[1];
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databases = only ? [only] : ['pglite', ...(adminUrl ? ['postgres'] : [])];
  if (!only && !adminUrl) console.log('(TEST_DATABASE_URL is not set: the PostgreSQL run is skipped.)');
  buildIfStale();
  let failed = false;
  for (const database of databases) {
    const started = Date.now();
    const report = await crashRun({ database, mode, adminUrl });
    console.log(`${database}: ${report.kills} kills in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    failed ||= report.problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
