// The buying part of `npm run bench`: a buyer made the way a person is (register, the mailed
// link, a deposit paid on the sandbox's page), then purchase throughput and zip downloads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A visitor with a cookie jar and the XSRF header, as a browser would send them. */
export function visitor(base) {
  const jar = new Map();
  async function request(method, url, { body, form, headers = {}, redirect = 'manual' } = {}) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = jar.get('XSRF-TOKEN');
    const response = await fetch(`${base}${url}`, {
      method,
      redirect,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      body:
        body === undefined
          ? form === undefined
            ? undefined
            : new URLSearchParams(form)
          : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  /** The jar as a Cookie header, as the browser sends it with a page. */
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return { request, cookieHeader };
}

async function ok(response, what) {
  if (response.status >= 400) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** The verification link of the newest mail to `email` in the server's mail folder. */
async function mailedLink(mailDir, email) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(mailDir).sort().reverse();
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
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** A registered, verified, signed-in visitor (its e-mail address is `email`). */
export async function signedInVisitor(base, dataDir) {
  const buyer = visitor(base);
  const email = `bench.${Date.now()}@example.test`;
  await ok(await buyer.request('GET', '/sanctum/csrf-cookie'), 'csrf cookie');
  await ok(
    await buyer.request('POST', '/api/register', {
      body: {
        first_name: 'Bench',
        last_name: 'Buyer',
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        terms: true,
      },
    }),
    'register',
  );
  const link = await mailedLink(path.join(dataDir, 'mail'), email);
  await ok(
    await buyer.request('GET', link.pathname + link.search, { headers: { accept: 'text/html' } }),
    'verify',
  );
  return Object.assign(buyer, { email });
}

/** A verified, signed-in buyer whose balance was paid in through the sandbox provider. */
async function fundedBuyer(base, dataDir, euros) {
  const buyer = await signedInVisitor(base, dataDir);
  const { email } = buyer;
  const form = {
    amount: String(euros),
    currency: 'EUR',
    first_name: 'Bench',
    last_name: 'Buyer',
    email,
    phone: '+44 20 7946 0000',
    country: 'GB',
    city: 'London',
    address: '12 St James Square',
    post_code: 'SW1Y 4JH',
    payment_method_id: 'card',
  };
  const checkout = await (
    await ok(await buyer.request('POST', '/api/deposit/checkout', { body: form }), 'checkout')
  ).json();
  const payPage = new URL(checkout.redirect_url, base);
  await ok(await buyer.request('POST', payPage.pathname, { form: { action: 'pay' } }), 'sandbox pay');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const profile = await (await buyer.request('GET', '/api/user/profile')).json();
    if (profile.payload.balance >= euros) return buyer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the deposit was not credited');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50).toFixed(1), p95: percentile(sorted, 95).toFixed(1) };
}

/** Runs `task(i)` for i < count with `concurrency` at a time; the wall time in ms. */
async function pool(count, concurrency, task) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
  return performance.now() - started;
}

export async function benchBuying({ base, dataDir, purchases = 400, downloads = 40, connections = 20 }) {
  const buyer = await fundedBuyer(base, dataDir, 10_000);
  const prompts = [];
  for (let page = 1; prompts.length < purchases; page += 1) {
    const answer = await (await fetch(`${base}/api/products?per_page=60&sort=price_asc&page=${page}`)).json();
    if (answer.data.length === 0) throw new Error(`only ${prompts.length} prompts to buy`);
    prompts.push(...answer.data.map((product) => product.id));
  }

  const statuses = new Map();
  const buyLatencies = [];
  const wall = await pool(purchases, connections, async (index) => {
    const started = performance.now();
    const response = await buyer.request('POST', '/api/purchase/prompt', {
      body: { prompt_id: prompts[index] },
      headers: { 'idempotency-key': `bench-${index}-${prompts[index]}` },
    });
    await response.arrayBuffer();
    buyLatencies.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  });

  const history = await (await buyer.request('GET', '/api/purchase/history')).json();
  // One order per picture: the generated catalogue reuses the demo pictures, and a converted
  // picture is cached for every order of it, so only distinct pictures measure a first download.
  const seen = new Set();
  const orders = [];
  for (const order of history.payload) {
    if (seen.has(order.image) || orders.length >= downloads) continue;
    seen.add(order.image);
    orders.push(order.id);
  }
  const download = async (order) => {
    const started = performance.now();
    const response = await buyer.request('GET', `/api/purchase/${order}/download?format=webp&size=1024x1024`);
    const body = await response.arrayBuffer();
    if (response.status !== 200 || body.byteLength < 1000)
      throw new Error(`download ${order}: ${response.status}`);
    return performance.now() - started;
  };
  const first = [];
  for (const order of orders) first.push(await download(order));
  const cached = [];
  for (const order of orders) cached.push(await download(order));

  console.log(`\nBuying (one buyer, ${connections} requests at a time, distinct prompts)\n`);
  console.log('| measure | figure |');
  console.log('|---|---:|');
  console.log(
    `| purchases | ${purchases} in ${(wall / 1000).toFixed(1)} s = ${((purchases / wall) * 1000).toFixed(0)} per s |`,
  );
  const buying = summary(buyLatencies);
  console.log(`| purchase latency p50 / p95 ms | ${buying.p50} / ${buying.p95} |`);
  console.log(`| answers | ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')} |`);
  const uncached = summary(first);
  const warm = summary(cached);
  console.log(
    `| 1024x1024 webp zip, first download p50 / p95 ms (${orders.length}) | ${uncached.p50} / ${uncached.p95} |`,
  );
  console.log(`| 1024x1024 webp zip, cached p50 / p95 ms (${orders.length}) | ${warm.p50} / ${warm.p95} |`);
}
