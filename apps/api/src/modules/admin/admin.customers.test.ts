import type { AdminCustomer, AdminStatementEntry } from '@promptmarket/contracts/admin-orders';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  lastMailTo,
  newAdmin,
  registerUser,
  registerVerifiedUser,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { users } from '../accounts/accounts.tables';
import { sessions } from '../session/session.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit } from '../wallet/wallet.service';

/** The back office's customer page: what the shop holds of one account, and the operator's actions. */

let app: TestApp;
let admin: BrowserSession;
let adminId: string;
let deposits = 8_000_000;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'customers-boss@example.test');
  const [row] = await app.db.select().from(users).where(eq(users.email, 'customers-boss@example.test'));
  adminId = row?.id ?? '';
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function fund(userId: string, amount: number) {
  deposits += 1;
  await creditDeposit(app.db, { userId, provider: 'sandbox', depositId: deposits, amount });
}

async function auditOf(userId: string, action: string) {
  const response = await call(app, admin, 'GET', `/api/admin/audit?action=${action}&subject_id=${userId}`);
  return response.json().payload.data as { admin_id: string; before: unknown; after: unknown }[];
}

describe('the customer page', () => {
  it('is found in the users list by name, case and accents folded', async () => {
    const { profile } = await registerVerifiedUser(app, { first_name: 'Żaneta', last_name: 'Weiß' });
    for (const term of ['zaneta weiss', 'ZANETA', 'weiß']) {
      const found = (
        await call(app, admin, 'GET', `/api/admin/users?search=${encodeURIComponent(term)}`)
      ).json().payload.data as { id: string }[];
      expect(
        found.map((user) => user.id),
        term,
      ).toContain(profile.id);
    }
    // Taken literally: a wildcard is a character.
    const none = (await call(app, admin, 'GET', '/api/admin/users?search=%25')).json().payload.data;
    expect(none).toEqual([]);
  });

  it('shows the profile, balance, ledger, deposits, offers, payouts, verifications and live sessions', async () => {
    const { profile, email } = await registerVerifiedUser(app, { first_name: 'Żaneta', last_name: 'Weiß' });
    await fund(profile.id, 2500);
    // A second sign-in from another browser: each session keeps its browser, never its secret.
    const browser = await startBrowserSession(app);
    const login = await call(
      app,
      browser,
      'POST',
      '/api/login',
      { email, password: strongPassword },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    );
    expect(login.statusCode, login.body).toBe(200);

    const response = await call(app, admin, 'GET', `/api/admin/customers/${profile.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const customer = response.json().payload as AdminCustomer;
    expect(customer.profile).toMatchObject({
      id: profile.id,
      first_name: 'Żaneta',
      last_name: 'Weiß',
      email,
      balance: 25,
      blocked: false,
      two_factor: false,
      is_email_verified: true,
      created_at: expect.any(String),
    });
    expect(customer.ledger).toEqual([expect.objectContaining({ amount: 25, kind: 'deposit' })]);
    expect(customer.offers).toEqual([]);
    expect(customer.payouts).toEqual([]);
    expect(customer.verifications).toEqual([]);
    expect(customer.sessions).toContainEqual({
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    const stored = await app.db.select().from(sessions).where(eq(sessions.userId, profile.id));
    for (const secret of stored.flatMap((session) => [session.idHash, session.csrfToken])) {
      expect(response.body).not.toContain(secret);
    }
    expect(
      Object.keys(customer.sessions[0] ?? {})
        .sort()
        .join(),
    ).toBe('created_at,expires_at,last_seen_at,user_agent');
  });

  it('pages the wallet statement newest first, with the balance after each entry', async () => {
    const { profile } = await registerVerifiedUser(app);
    for (const amount of [1000, 250, 75]) await fund(profile.id, amount);
    const adjusted = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/adjust`, {
      amount: '-2.50',
      reason: 'Correction of a test',
    });
    expect(adjusted.statusCode).toBe(200);
    const page = async (query: string) =>
      (await call(app, admin, 'GET', `/api/admin/users/${profile.id}/ledger?${query}`)).json().payload as {
        data: AdminStatementEntry[];
        meta: Record<string, number>;
      };
    const first = await page('per_page=3');
    expect(first.meta).toEqual({ current_page: 1, per_page: 3, total: 4, last_page: 2 });
    expect(first.data.map((entry) => [entry.kind, entry.amount, entry.balance_after])).toEqual([
      ['adjustment', -2.5, 10.75],
      ['deposit', 0.75, 13.25],
      ['deposit', 2.5, 12.5],
    ]);
    const second = await page('per_page=3&page=2');
    expect(second.data.map((entry) => [entry.amount, entry.balance_after])).toEqual([[10, 10]]);
    const empty = await registerVerifiedUser(app);
    expect(
      (await call(app, admin, 'GET', `/api/admin/users/${empty.profile.id}/ledger`)).json().payload,
    ).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
  });

  it('answers 404 for an account that does not exist, 422 for an id that is none, and refuses a customer', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/admin/customers/${unknown}`, `/api/admin/users/${unknown}/ledger`]) {
      expect((await call(app, admin, 'GET', url)).statusCode, url).toBe(404);
    }
    for (const url of [
      `/api/admin/users/${unknown}/reset-two-factor`,
      `/api/admin/users/${unknown}/resend-verification`,
    ]) {
      expect((await call(app, admin, 'POST', url)).statusCode, url).toBe(404);
    }
    expect((await call(app, admin, 'GET', '/api/admin/customers/12')).statusCode).toBe(422);
    const { session, profile } = await registerVerifiedUser(app);
    for (const [method, url] of [
      ['GET', `/api/admin/customers/${profile.id}`],
      ['GET', `/api/admin/users/${profile.id}/ledger`],
      ['POST', `/api/admin/users/${profile.id}/reset-two-factor`],
      ['POST', `/api/admin/users/${profile.id}/resend-verification`],
    ] as const) {
      expect((await call(app, session, method, url)).statusCode, url).toBe(403);
    }
  });
});

describe("resetting an admin's two-factor sign-in", () => {
  it('turns it off, ends their sessions and audits it; the admin sets it up again at the next sign-in', async () => {
    const email = 'lost-phone@example.test';
    const other = await newAdmin(app, email);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    const otherId = row?.id ?? '';
    expect((await call(app, other, 'GET', '/api/admin/stats')).statusCode).toBe(200);

    const reset = await call(app, admin, 'POST', `/api/admin/users/${otherId}/reset-two-factor`);
    expect(reset.statusCode, reset.body).toBe(200);
    const [after] = await app.db.select().from(users).where(eq(users.id, otherId));
    expect(after?.totpEnabledAt).toBeNull();
    expect(after?.totpSecret).toBeNull();
    expect((await call(app, other, 'GET', '/api/admin/stats')).statusCode).toBe(401);
    expect(await auditOf(otherId, 'user.reset_two_factor')).toEqual([
      expect.objectContaining({
        admin_id: adminId,
        before: { two_factor: true },
        after: { two_factor: false },
      }),
    ]);
    const customer = (await call(app, admin, 'GET', `/api/admin/customers/${otherId}`)).json().payload;
    expect(customer.profile.two_factor).toBe(false);
    expect(customer.sessions).toEqual([]);

    // Signed in again with the password alone, the back office asks for the setup first.
    const again = await startBrowserSession(app);
    expect(
      (await call(app, again, 'POST', '/api/login', { email, password: strongPassword })).statusCode,
    ).toBe(200);
    const stats = await call(app, again, 'GET', '/api/admin/stats');
    expect(stats.statusCode).toBe(403);
    expect(stats.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
  });

  it("refuses a customer's account and the admin's own, and audits nothing then", async () => {
    const { profile } = await registerVerifiedUser(app);
    const customer = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/reset-two-factor`);
    expect(customer.statusCode).toBe(409);
    expect(customer.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Only an admin account has two-factor sign-in to reset.',
    });
    const own = await call(app, admin, 'POST', `/api/admin/users/${adminId}/reset-two-factor`);
    expect(own.statusCode).toBe(409);
    expect(await auditOf(profile.id, 'user.reset_two_factor')).toEqual([]);
    expect(await auditOf(adminId, 'user.reset_two_factor')).toEqual([]);
    expect((await call(app, admin, 'GET', '/api/admin/stats')).statusCode).toBe(200);
  });
});

describe('resending the e-mail verification', () => {
  it("mails a new link in the customer's language and audits it", async () => {
    const { profile, email } = await registerUser(app);
    await app.db.update(users).set({ locale: 'de' }).where(eq(users.id, profile.id));
    const before = await lastMailTo(app, email);
    const response = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/resend-verification`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', message: 'Verification mail sent' });
    const mail = await lastMailTo(app, email);
    expect(mail.id).not.toBe(before.id);
    expect(mail.text).toMatch(/\/de\/email\/verify\//);
    expect(await auditOf(profile.id, 'user.resend_verification')).toEqual([
      expect.objectContaining({ admin_id: adminId, after: { sent: true } }),
    ]);
    // A second one within the minute is refused, as the customer's own resend is.
    const soon = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/resend-verification`);
    expect(soon.statusCode).toBe(429);
    expect(await auditOf(profile.id, 'user.resend_verification')).toHaveLength(1);
  });

  it('sends nothing to a verified address, and says so (audited)', async () => {
    const { profile, email } = await registerVerifiedUser(app);
    const before = await lastMailTo(app, email);
    const response = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/resend-verification`);
    expect(response.json()).toEqual({ status: 'OK', message: 'The e-mail address is verified already' });
    expect((await lastMailTo(app, email)).id).toBe(before.id);
    expect(await auditOf(profile.id, 'user.resend_verification')).toEqual([
      expect.objectContaining({ after: { sent: false } }),
    ]);
  });
});

describe('an admin account made at start-up', () => {
  it('is a customer page like any other', async () => {
    expect(await ensureAdmin(app.db, 'second-boss@example.test', strongPassword)).toBe('created');
    const [row] = await app.db.select().from(users).where(eq(users.email, 'second-boss@example.test'));
    const customer = (await call(app, admin, 'GET', `/api/admin/customers/${row?.id}`)).json().payload;
    expect(customer.profile).toMatchObject({ role: 'admin', two_factor: false, balance: 0 });
  });
});
