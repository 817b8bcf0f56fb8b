import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startProductionServer } from '../scripts/production-server.mjs';
import { ADMIN, signInAsAdmin } from './admin-account';
import { adminQuery, apiVisitor } from './api-visitor';

// DESIGN section 7: the shop grows past one process by running more of them on one PostgreSQL
// database. Two production servers here share one fresh database: sessions, login limits, jobs
// and cache clears must behave as if there were one.
const admin = process.env.TEST_DATABASE_URL;
let databaseName = '';
let first: Awaited<ReturnType<typeof startProductionServer>>;
let second: Awaited<ReturnType<typeof startProductionServer>>;

/** A visitor of one address whose cookies work on either server, as behind a load balancer. */
function visitor(address: string) {
  const client = apiVisitor(address);
  return (base: string, method: string, url: string, body?: unknown) => client.call(base, method, url, body);
}

beforeAll(async () => {
  if (!admin) return;
  databaseName = `pm_e2e_two_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(admin);
  url.pathname = `/${databaseName}`;
  const env = {
    DATABASE_URL: url.toString(),
    SMTP_URL: inject('smtpUrl'),
    SEED_DEMO_PRODUCTS: '6',
    TRUST_PROXY: '127.0.0.1',
    // Both sign their cookies and links with the same key, as servers behind one address must.
    APP_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // The first seeds the database; the second finds it seeded.
  first = await startProductionServer({ env });
  second = await startProductionServer({ env });
}, 240_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe.runIf(Boolean(admin))('two server processes on one PostgreSQL database', () => {
  it('share sessions and login limits, send a mail once though both run the jobs, and show each other’s changes at once', async () => {
    const a = first.baseURL;
    const b = second.baseURL;
    const email = `twin.${Date.now()}@example.test`;
    const password = 'correct horse battery';

    // Signed up on one server, signed in on the other.
    const browser = visitor('203.0.113.10');
    expect((await browser(a, 'GET', '/sanctum/csrf-cookie')).status).toBe(204);
    const registered = await browser(a, 'POST', '/api/register', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password,
      password_confirmation: password,
      terms: true,
    });
    expect(registered.status).toBe(200);
    const profile = await browser(b, 'GET', '/api/user/profile');
    expect(profile.status).toBe(200);
    expect((await profile.json()).payload.email).toBe(email);

    // The verification mail is one job, sent once though both servers run the job worker.
    const mailDir = inject('mailDir');
    const mailsTo = () =>
      readdirSync(mailDir).filter((file) =>
        readFileSync(path.join(mailDir, file), 'utf8').startsWith(`X-Envelope-To: ${email}`),
      ).length;
    await expect.poll(mailsTo, { timeout: 15_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mailsTo()).toBe(1);

    // Wrong passwords count on both: five tries in all, then the sixth waits, on either server.
    const guesser = visitor('203.0.113.11');
    await guesser(a, 'GET', '/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      statuses.push((await guesser(server, 'POST', '/api/login', { email, password: 'wrong guess' })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);

    // A change made through one server is shown by the other at once, though both keep answers.
    const shopper = visitor('203.0.113.12');
    const listed = await (await shopper(b, 'GET', '/api/products?per_page=1')).json();
    const { id, slug } = listed.data[0] as { id: number; slug: string };
    const before = await (await shopper(b, 'GET', `/api/products/${slug}`)).json();
    expect(before.data.title).not.toBe('Renamed on the first server');
    const staff = visitor('203.0.113.13');
    await staff(a, 'GET', '/sanctum/csrf-cookie');
    expect((await signInAsAdmin(a, (method, path, body) => staff(a, method, path, body))).status).toBe(200);
    const renamed = await staff(a, 'PUT', `/api/admin/products/${id}`, {
      translations: { en: { title: 'Renamed on the first server' } },
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => (await (await shopper(b, 'GET', `/api/products/${slug}`)).json()).data.title, {
        timeout: 1_000,
        interval: 50,
      })
      .toBe('Renamed on the first server');
  }, 120_000);
});
