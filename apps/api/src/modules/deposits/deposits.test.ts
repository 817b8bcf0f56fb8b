import { receiptNumber } from '@promptmarket/contracts/receipts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerUser, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { testDatabaseKind } from '../../test/database';
import { depositForm, untilALockIsAwaited } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { signal } from '../../test/signal';
import { users } from '../accounts/accounts.tables';
import { runDueJobs } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.tables';
import { mailOutbox } from '../mail/mail.tables';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox';
import { sandboxSessions } from '../payments/sandbox.tables';
import { signatureHeader } from '../payments/signature';
import { seedCurrencies } from '../site/site.defaults';
import { eurCentsOf, minimumInCurrency } from '../site/site.rates';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { EXPIRED_MESSAGE } from './deposits.failures';
import { currentDeposit, reconcileDeposits, STATUS_REFRESH_MS } from './deposits.reconcile';
import { deposits } from './deposits.tables';

let app: TestApp;
const secret = 'sandbox-secret-for-the-tests-0123456789';

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: secret });
  // The sandbox delivers its webhooks over HTTP to this server, as a real provider would.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function signedIn(): Promise<BrowserSession> {
  const { session } = await registerVerifiedUser(app);
  return session;
}

async function checkout(session: BrowserSession, body: Record<string, unknown> = {}, headers = {}) {
  return call(
    app,
    session,
    'POST',
    '/api/deposit/checkout',
    { ...depositForm, payment_method_id: 'card', ...body },
    headers,
  );
}

async function balance(session: BrowserSession): Promise<number> {
  return (await call(app, session, 'GET', '/api/user/profile')).json().payload.balance;
}

async function status(session: BrowserSession, orderId: number) {
  return (await call(app, session, 'GET', `/api/deposit/status?order_id=${orderId}`)).json().order;
}

/** Presses a button on the sandbox's page, as the browser does. */
async function press(redirectUrl: string, action: 'pay' | 'decline' | 'pending', reason?: string) {
  return app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}${reason ? `&reason=${reason}` : ''}`,
  });
}

async function deliverWebhooks() {
  return runDueJobs(app.db, app.paymentJobs, recordingLog());
}

function sandboxEvent(
  id: string,
  type: string,
  ref: string,
  amount: number,
  currency = 'EUR',
  failure: string | null = null,
  sessionStatus = 'paid',
) {
  return JSON.stringify({
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: ref,
        reference: '0',
        amount_total: amount,
        currency,
        status: sessionStatus,
        failure_message: failure,
      },
    },
  });
}

function postWebhook(body: string, signature = signatureHeader(secret, body)) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

async function refOf(orderId: number): Promise<string> {
  const [row] = await app.db.select().from(deposits).where(eq(deposits.id, orderId));
  return row?.providerRef ?? '';
}

describe('POST /deposit/validate-amount', () => {
  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/deposit/validate-amount', payload: {} });
    expect([401, 419]).toContain(response.statusCode);
  });

  it('needs a verified e-mail address', async () => {
    const { session } = await registerUser(app);
    const response = await call(app, session, 'POST', '/api/deposit/validate-amount', { amount: '10' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your email address is not verified.');
  });

  it('accepts the minimum of 10.00 EUR and refuses a cent less, with the minimum in the text', async () => {
    const session = await signedIn();
    const ok = await call(app, session, 'POST', '/api/deposit/validate-amount', {
      amount: '10',
      currency: 'EUR',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'OK',
      payload: { amount: 10, currency: 'EUR', minimum: 10, internal_amount: 10 },
      errors: [],
    });
    const low = await call(app, session, 'POST', '/api/deposit/validate-amount', {
      amount: 9.99,
      currency: 'EUR',
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.amount).toEqual(['The minimum amount is 10.00 EUR.']);
    const german = await call(
      app,
      session,
      'POST',
      '/api/deposit/validate-amount',
      { amount: '5', currency: 'EUR' },
      { 'frontend-language': 'de' },
    );
    expect(german.json().errors.amount).toEqual(['Der Mindestbetrag ist 10.00 EUR.']);
  });

  it.each(seedCurrencies.map((currency) => [currency.code, currency.rate] as const))(
    'sets a minimum in %s that is never worth less than 10.00 EUR, rounded up to the cent',
    async (code, rate) => {
      const session = await signedIn();
      const minimum = minimumInCurrency(1000, rate);
      // Rounded up: a cent less is below the euro minimum.
      expect(eurCentsOf(minimum, rate)).toBeGreaterThanOrEqual(1000);
      expect(((minimum - 1) * 100_000_000) / (Number(rate) * 100_000_000)).toBeLessThan(1000);
      const at = await call(app, session, 'POST', '/api/deposit/validate-amount', {
        amount: (minimum / 100).toFixed(2),
        currency: code,
      });
      expect(at.statusCode).toBe(200);
      expect(at.json().payload.minimum).toBe(minimum / 100);
      expect(at.json().payload.internal_amount).toBeGreaterThanOrEqual(10);
      const below = await call(app, session, 'POST', '/api/deposit/validate-amount', {
        amount: ((minimum - 1) / 100).toFixed(2),
        currency: code,
      });
      expect(below.statusCode).toBe(422);
      expect(below.json().errors.amount).toEqual([
        `The minimum amount is ${(minimum / 100).toFixed(2)} ${code}.`,
      ]);
    },
  );

  it('knows the minimums of the seeded currencies', () => {
    expect(minimumInCurrency(1000, '1.08')).toBe(1080);
    expect(minimumInCurrency(1000, '0.85')).toBe(850);
    expect(minimumInCurrency(1000, '4.30')).toBe(4300);
    expect(minimumInCurrency(1000, '0.95')).toBe(950);
    // A rate with more digits rounds up, never down.
    expect(minimumInCurrency(1000, '1.23456789')).toBe(1235);
  });

  it('refuses amounts that are not money and currencies the shop does not have', async () => {
    const session = await signedIn();
    for (const amount of ['abc', '1.234', '-5', '1e3', '', 0, Number.NaN, '99999999999']) {
      const response = await call(app, session, 'POST', '/api/deposit/validate-amount', {
        amount,
        currency: 'EUR',
      });
      expect(response.statusCode, String(amount)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['amount']);
    }
    const unknown = await call(app, session, 'POST', '/api/deposit/validate-amount', {
      amount: '50',
      currency: 'XYZ',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.currency).toEqual(['This currency is not available.']);
  });
});

describe('POST /deposit/validate', () => {
  it('answers the payment methods for the form, in either shape', async () => {
    const session = await signedIn();
    const web = await call(app, session, 'POST', '/api/deposit/validate', depositForm);
    expect(web.statusCode).toBe(200);
    expect(web.json()).toEqual({
      status: 'OK',
      payload: [{ id: 1, name: 'Card', type: 'card' }],
      errors: [],
    });
    const original = await call(app, session, 'POST', '/api/deposit/validate', {
      name: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      country: 'GB',
      currency: 'USD',
      city: 'London',
      address: '12 St James Square',
      postCode: 'SW1Y 4JH',
      amount: 20,
    });
    expect(original.statusCode).toBe(200);
  });

  it('takes the country as its id from /countries (a number or its digits) as well as its ISO code', async () => {
    const session = await signedIn();
    const listed = (await call(app, session, 'GET', '/api/countries')).json().payload as {
      id: number;
      iso: string;
    }[];
    const britain = listed.find((country) => country.iso === 'GB');
    if (!britain) throw new Error('GB is not listed');
    for (const country of [britain.id, String(britain.id), 'gb']) {
      const validated = await call(app, session, 'POST', '/api/deposit/validate', {
        ...depositForm,
        country,
      });
      expect(validated.statusCode).toBe(200);
    }
    const created = (await checkout(session, { country: britain.id })).json();
    const history = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect(history).toMatchObject([{ id: created.order_id, countryIso: 'GB' }]);
    const highest = Math.max(...listed.map((country) => country.id));
    for (const country of [highest + 1000, String(highest + 1000), 'QQ', 0, 1.5, 'G1']) {
      const refused = await call(app, session, 'POST', '/api/deposit/validate', { ...depositForm, country });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ country: ['Country is required'] });
      const unpaid = await checkout(session, { country });
      expect(unpaid.json().errors).toEqual({ country: ['Country is required'] });
    }
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toHaveLength(1);
  });

  it('names every missing field, and needs the terms agreed when the form sends them', async () => {
    const session = await signedIn();
    const empty = await call(app, session, 'POST', '/api/deposit/validate', { amount: '20', terms: false });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      country: ['Country is required'],
      city: ['City is required'],
      address: ['Address is required'],
      post_code: ['Post code is required'],
      terms: ['You must agree to the terms and conditions.'],
    });
  });
});

describe('checkout through the sandbox', () => {
  it('creates a deposit and a sandbox checkout, and only its owner sees it', async () => {
    const session = await signedIn();
    const response = await checkout(session);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'OK', order_id: expect.any(Number), message: expect.any(String) });
    expect(body.redirect_url).toMatch(/^http:\/\/shop\.test\/sandbox\/checkout\/cs_sandbox_[\w-]+$/);
    expect(await status(session, body.order_id)).toEqual({
      id: body.order_id,
      status: 'processing',
      error_message: null,
      error_code: null,
      decline_code: null,
      redirect_url: null,
      internal_amount: 25,
      order_number: String(body.order_id),
    });
    const stranger = await signedIn();
    const foreign = await call(app, stranger, 'GET', `/api/deposit/status?order_id=${body.order_id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(app, stranger, 'GET', '/api/deposit/history')).json().payload).toEqual([]);
    const page = await app.inject({ method: 'GET', url: body.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('25.00 EUR');
    for (const label of ['>Pay<', '>Decline<', '>Keep pending<']) expect(page.body).toContain(label);
  });

  it('answers the address and phone of the last deposit for the next form, to its owner only', async () => {
    const session = await signedIn();
    const lastDetails = async (who: BrowserSession) =>
      (await call(app, who, 'GET', '/api/deposit/last-details')).json().payload;
    expect(await lastDetails(session)).toBeNull();
    expect((await checkout(session)).statusCode).toBe(200);
    expect(
      (await checkout(session, { city: 'Bath', address: '1 Royal Crescent', post_code: 'BA1 2LR' }))
        .statusCode,
    ).toBe(200);
    expect(await lastDetails(session)).toEqual({
      phone: depositForm.phone,
      country: 'GB',
      city: 'Bath',
      address: '1 Royal Crescent',
      post_code: 'BA1 2LR',
    });
    expect(await lastDetails(await signedIn())).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/deposit/last-details' })).statusCode).toBe(401);
  });

  it('answers the same deposit for a repeated Idempotency-Key', async () => {
    const session = await signedIn();
    const key = { 'idempotency-key': `key-${Date.now()}-abc` };
    const first = (await checkout(session, {}, key)).json();
    const second = (await checkout(session, {}, key)).json();
    expect(second.order_id).toBe(first.order_id);
    expect(second.redirect_url).toBe(first.redirect_url);
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toHaveLength(1);
  });

  it('refuses a repeated Idempotency-Key sent with another amount or other details, and keeps keys apart per user', async () => {
    const session = await signedIn();
    const key = { 'idempotency-key': `reuse-${Date.now()}-key` };
    const first = (await checkout(session, {}, key)).json();
    for (const other of [{ amount: 26 }, { city: 'Lyon' }]) {
      const reused = await checkout(session, other, key);
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    const german = await checkout(session, { amount: 26 }, { ...key, 'frontend-language': 'de' });
    expect(german.json().message).not.toBe((await checkout(session, { amount: 26 }, key)).json().message);
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toHaveLength(1);
    const stranger = await signedIn();
    const theirs = (await checkout(stranger, {}, key)).json();
    expect(theirs.order_id).not.toBe(first.order_id);
  });

  it('opens the checkout on a retry when the first request was cut off before it stored one', async () => {
    const session = await signedIn();
    const key = { 'idempotency-key': `cut-${Date.now()}-key` };
    const first = (await checkout(session, {}, key)).json();
    // The server was killed between writing the deposit and storing the provider's checkout.
    await app.db
      .update(deposits)
      .set({ providerRef: null, redirectUrl: null })
      .where(eq(deposits.id, first.order_id));
    const retry = await checkout(session, {}, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order_id).toBe(first.order_id);
    expect(retry.json().redirect_url).toMatch(/^http:\/\/shop\.test\/sandbox\/checkout\/cs_sandbox_/);
    expect((await checkout(session, {}, key)).json().redirect_url).toBe(retry.json().redirect_url);
    await press(retry.json().redirect_url, 'pay');
    await deliverWebhooks();
    expect(await status(session, first.order_id)).toMatchObject({ status: 'success' });
    expect(await balance(session)).toBe(25);
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toHaveLength(1);
  });

  it("chooses the method by the original's numeric id, by paymentType alone, or by both when they agree", async () => {
    const session = await signedIn();
    const chosen = [
      { paymentType: 'card', payment_method_id: 1 },
      { paymentType: 'card', payment_method_id: '1' },
      { payment_method_id: 1 },
      { paymentType: 'card' },
    ];
    for (const choice of chosen) {
      const response = await call(app, session, 'POST', '/api/deposit/checkout', {
        ...depositForm,
        ...choice,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().redirect_url).toMatch(/^http:\/\/shop\.test\/sandbox\/checkout\//);
    }
    const refused = [
      { paymentType: 'card', payment_method_id: 2 },
      { paymentType: 'sepa' },
      { payment_method_id: 7 },
      {},
    ];
    for (const choice of refused) {
      const response = await call(app, session, 'POST', '/api/deposit/checkout', {
        ...depositForm,
        ...choice,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ payment_method_id: ['Please choose a payment method.'] });
    }
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toHaveLength(
      chosen.length,
    );
  });

  it('refuses an unknown payment method and a low amount, and creates nothing', async () => {
    const session = await signedIn();
    const method = await checkout(session, { payment_method_id: 'bitcoin' });
    expect(method.statusCode).toBe(422);
    expect(method.json().errors.payment_method_id).toEqual(['Please choose a payment method.']);
    const low = await checkout(session, { amount: '9.99' });
    expect(low.statusCode).toBe(422);
    expect((await call(app, session, 'GET', '/api/deposit/history')).json().payload).toEqual([]);
  });

  it('credits the wallet once the sandbox reports the payment, from the amount paid and the server rates', async () => {
    const session = await signedIn();
    // 27.00 USD at 1.08 per EUR is 25.00 EUR: 25 credits; whatever the client claims.
    const order = (
      await checkout(session, { amount: '27.00', currency: 'USD', internal_amount: 9999 })
    ).json();
    const pressed = await press(order.redirect_url, 'pay');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`/en/processing-payment?order_id=${order.order_id}`);
    expect(await balance(session)).toBe(0);
    expect(await deliverWebhooks()).toBe(1);
    expect(await status(session, order.order_id)).toMatchObject({ status: 'success', error_message: null });
    expect(await balance(session)).toBe(25);
    const profile = (await call(app, session, 'GET', '/api/user/profile')).json().payload;
    expect(profile.balance_eur).toBe(25);
    const [deposit] = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect(deposit).toEqual({
      id: order.order_id,
      sum: 27,
      currency: 'USD',
      internal_currency_name: 'Credits',
      internal_amount: 25,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      countryIso: 'GB',
      city: 'London',
      address: '12 St James Square',
      zip: 'SW1Y 4JH',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'success',
      decline_code: null,
      order_number: String(order.order_id),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(deposit.date).toBe(deposit.created_at);
    // The page now says the payment is complete and offers no buttons.
    const page = await app.inject({ method: 'GET', url: order.redirect_url });
    expect(page.body).toContain('This payment is complete.');
    expect(page.body).not.toContain('>Pay<');
  });

  it('fails the deposit with the decline message and credits nothing', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    await press(order.redirect_url, 'decline');
    await deliverWebhooks();
    expect(await status(session, order.order_id)).toMatchObject({
      status: 'failed',
      error_message: 'Your card was declined.',
      // The payment-failure page shows its own text for the code, in the visitor's language.
      error_code: 'declined',
    });
    expect(await balance(session)).toBe(0);
  });

  it("takes a decline from the sandbox's declined session, not from the words of its message", async () => {
    const session = await signedIn();
    const declined = (await checkout(session)).json();
    await postWebhook(
      sandboxEvent(
        `evt_declined_${declined.order_id}`,
        'checkout.session.payment_failed',
        await refOf(declined.order_id),
        2500,
        'EUR',
        'Karte abgelehnt.',
        'declined',
      ),
    );
    expect(await status(session, declined.order_id)).toMatchObject({
      status: 'failed',
      error_message: 'Karte abgelehnt.',
      error_code: 'declined',
    });
    const failed = (await checkout(session, {}, { 'idempotency-key': 'decline-words-1' })).json();
    await postWebhook(
      sandboxEvent(
        `evt_failed_${failed.order_id}`,
        'checkout.session.payment_failed',
        await refOf(failed.order_id),
        2500,
        'EUR',
        'Your card was declined.',
        'open',
      ),
    );
    expect(await status(session, failed.order_id)).toMatchObject({
      status: 'failed',
      error_message: 'Your card was declined.',
      error_code: 'failed',
    });
  });

  it('keeps the reason of a decline chosen at the provider, and answers its code with the status and in the history', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    const page = await app.inject({ method: 'GET', url: order.redirect_url });
    expect(page.body).toContain('<option value="insufficient_funds">');
    await press(order.redirect_url, 'decline', 'insufficient_funds');
    await deliverWebhooks();
    expect(await status(session, order.order_id)).toMatchObject({
      status: 'failed',
      error_code: 'declined',
      decline_code: 'insufficient_funds',
    });
    const history = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect(history[0]).toMatchObject({
      id: order.order_id,
      status: 'failed',
      decline_code: 'insufficient_funds',
    });

    // A decline without a reason is the issuer's generic refusal; a paid deposit has no code.
    const other = (await checkout(session, {}, { 'idempotency-key': 'decline-generic-1' })).json();
    await press(other.redirect_url, 'decline');
    await deliverWebhooks();
    expect((await status(session, other.order_id)).decline_code).toBe('generic_decline');
    const paid = (await checkout(session, {}, { 'idempotency-key': 'paid-no-code-1' })).json();
    await press(paid.redirect_url, 'pay');
    await deliverWebhooks();
    expect(await status(session, paid.order_id)).toMatchObject({ status: 'success', decline_code: null });
  });

  it('refuses a decline reason the sandbox does not know, and changes nothing', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    expect((await press(order.redirect_url, 'decline', 'made_up')).statusCode).toBe(422);
    expect((await status(session, order.order_id)).status).toBe('processing');
  });

  it('answers a payment as paid at the first status check after the browser is back, before the webhook arrives', async () => {
    const session = await signedIn();
    const order = (await checkout(session, { amount: '12.50' })).json();
    await press(order.redirect_url, 'pay');
    // The webhook is still queued: the status check asks the provider itself.
    expect(await status(session, order.order_id)).toMatchObject({
      status: 'success',
      internal_amount: 12.5,
      order_number: String(order.order_id),
    });
    expect(await balance(session)).toBe(12.5);
    // The webhook that follows credits nothing more.
    expect(await deliverWebhooks()).toBe(1);
    expect(await balance(session)).toBe(12.5);
  });

  it('keeps a pending payment processing, and credits it when it is paid later', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    const pending = await press(order.redirect_url, 'pending');
    expect(pending.statusCode).toBe(303);
    expect(await deliverWebhooks()).toBe(0);
    expect((await status(session, order.order_id)).status).toBe('processing');
    await press(order.redirect_url, 'pay');
    await deliverWebhooks();
    expect((await status(session, order.order_id)).status).toBe('success');
    expect(await balance(session)).toBe(25);
  });

  it('retries a webhook the shop did not take, until it does', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    await press(order.redirect_url, 'pay');
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'sandbox-webhook'), eq(jobs.status, 'pending')));
    if (!job) throw new Error('no webhook queued');
    // A delivery that fails (the shop is down) leaves the job waiting for its next attempt.
    await runDueJobs(
      app.db,
      { 'sandbox-webhook': { run: async () => Promise.reject(new Error('connection refused')) } },
      recordingLog(),
    );
    const [waiting] = await app.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    // Read in the table: a status check would ask the sandbox itself and settle the deposit.
    const statusOf = async () =>
      (await app.db.select().from(deposits).where(eq(deposits.id, order.order_id)))[0]?.status;
    expect(await statusOf()).toBe('processing');
    await app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
    await deliverWebhooks();
    expect(await statusOf()).toBe('success');
    expect(await balance(session)).toBe(25);
  });
});

describe('POST /webhooks/sandbox', () => {
  it('refuses a forged or stale signature with 400 and changes nothing', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    const body = sandboxEvent(
      'evt_forged_1',
      'checkout.session.completed',
      await refOf(order.order_id),
      2500,
    );
    const forged = await postWebhook(body, signatureHeader('not-the-secret-0123456789', body));
    expect(forged.statusCode).toBe(400);
    const stale = await postWebhook(body, signatureHeader(secret, body, Math.floor(Date.now() / 1000) - 301));
    expect(stale.statusCode).toBe(400);
    const missing = await postWebhook(body, '');
    expect(missing.statusCode).toBe(400);
    const tampered = await postWebhook(body.replace('2500', '250000'), signatureHeader(secret, body));
    expect(tampered.statusCode).toBe(400);
    expect((await status(session, order.order_id)).status).toBe('processing');
    expect(await balance(session)).toBe(0);
  });

  it('credits once for ten concurrent copies of one event', async () => {
    const session = await signedIn();
    const order = (await checkout(session)).json();
    const body = sandboxEvent(
      `evt_copy_${order.order_id}`,
      'checkout.session.completed',
      await refOf(order.order_id),
      2500,
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await balance(session)).toBe(25);
    // Another event id for the same payment does not credit twice either.
    await postWebhook(
      sandboxEvent(
        `evt_other_${order.order_id}`,
        'checkout.session.completed',
        await refOf(order.order_id),
        2500,
      ),
    );
    expect(await balance(session)).toBe(25);
  });

  it('does not undo a credit for a late failure, and credits a payment that comes after a failure', async () => {
    const session = await signedIn();
    const paid = (await checkout(session)).json();
    const ref = await refOf(paid.order_id);
    await postWebhook(sandboxEvent(`evt_paid_${paid.order_id}`, 'checkout.session.completed', ref, 2500));
    await postWebhook(
      sandboxEvent(
        `evt_fail_${paid.order_id}`,
        'checkout.session.payment_failed',
        ref,
        2500,
        'EUR',
        'Declined',
      ),
    );
    expect((await status(session, paid.order_id)).status).toBe('success');
    expect(await balance(session)).toBe(25);

    const later = (await checkout(session)).json();
    const laterRef = await refOf(later.order_id);
    await postWebhook(
      sandboxEvent(
        `evt_fail_${later.order_id}`,
        'checkout.session.payment_failed',
        laterRef,
        2500,
        'EUR',
        'Declined',
      ),
    );
    expect((await status(session, later.order_id)).status).toBe('failed');
    await postWebhook(
      sandboxEvent(`evt_paid_${later.order_id}`, 'checkout.session.completed', laterRef, 2500),
    );
    expect((await status(session, later.order_id)).status).toBe('success');
    expect(await balance(session)).toBe(50);
  });

  it('acknowledges an event for an unknown order and logs it', async () => {
    const response = await postWebhook(
      sandboxEvent('evt_unknown_1', 'checkout.session.completed', 'cs_sandbox_unknown', 2500),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('refuses a webhook for the provider that is not in use', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('reconciliation', () => {
  it('settles a deposit whose webhook never came, and expires one left open', async () => {
    const session = await signedIn();
    const paid = (await checkout(session)).json();
    await press(paid.redirect_url, 'pay');
    // The webhook is lost: the job is removed before it runs.
    await app.db.delete(jobs).where(eq(jobs.queue, 'sandbox-webhook'));
    const open = (await checkout(session)).json();
    const log = recordingLog();
    // Too early: nothing is asked yet.
    expect(await reconcileDeposits(app.db, app.payments, log)).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    await reconcileDeposits(app.db, app.payments, log, { now: later });
    expect((await status(session, paid.order_id)).status).toBe('success');
    expect((await status(session, open.order_id)).status).toBe('processing');
    expect(await balance(session)).toBe(25);

    await reconcileDeposits(app.db, app.payments, log, { now: new Date(Date.now() + 25 * 3_600_000) });
    expect(await status(session, open.order_id)).toMatchObject({
      status: 'failed',
      error_message: EXPIRED_MESSAGE,
      error_code: 'expired',
    });
    const [sandbox] = await app.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, await refOf(open.order_id)));
    expect(sandbox?.status).toBe('expired');
    // The expired checkout can no longer be paid.
    await press(open.redirect_url, 'pay');
    expect(await deliverWebhooks()).toBe(0);
    expect(await balance(session)).toBe(25);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('deposits under concurrency (PostgreSQL)', () => {
  it('creates one deposit for concurrent checkouts with one Idempotency-Key', async () => {
    const session = await signedIn();
    const key = { 'idempotency-key': `race-${Date.now()}-key` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(session, {}, key)));
    expect(new Set(answers.map((answer) => answer.json().order_id)).size).toBe(1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Every answer can be paid: the one checkout that was stored.
    const redirects = new Set(answers.map((answer) => answer.json().redirect_url));
    expect([...redirects]).toEqual([expect.stringMatching(/^http:\/\/shop\.test\/sandbox\/checkout\//)]);
  });

  it('makes no deposit for an account deleted while its checkout was on the way', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const finished = signal();
    const rowLocked = signal();
    // A deletion as deleteAccount makes it: the account's row locked, then marked deleted.
    const deletion = app.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, profile.id)).for('update');
      await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, profile.id));
      rowLocked.fire();
      await finished.promise;
    });
    await rowLocked.promise;
    // The checkout was let in before the deletion ends; it waits for the account's row.
    const answer = checkout(session);
    await untilALockIsAwaited(app.db);
    finished.fire();
    await deletion;
    expect((await answer).statusCode).toBe(401);
    expect(await app.db.select().from(deposits).where(eq(deposits.userId, profile.id))).toEqual([]);
  });

  it('credits a payment once when status checks, webhooks and the reconciliation settle it at the same moment', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const order = (await checkout(session)).json();
    await press(order.redirect_url, 'pay');
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, order.order_id));
    if (!row) throw new Error('no deposit');
    const ref = await refOf(order.order_id);
    const log = recordingLog();
    const start = Date.now();
    await Promise.all([
      // Status checks from several processes: each asks the provider (distinct clocks pass the throttle).
      ...Array.from({ length: 6 }, (_, index) =>
        currentDeposit(app.db, app.payments, row, log, start + (index + 1) * 10 * STATUS_REFRESH_MS),
      ),
      // The provider's webhook, and its copies under other event ids.
      ...Array.from({ length: 4 }, (_, index) =>
        postWebhook(
          sandboxEvent(`evt_race_${order.order_id}_${index}`, 'checkout.session.completed', ref, 2500),
        ),
      ),
      deliverWebhooks(),
      reconcileDeposits(app.db, app.payments, log, { now: new Date(start + 20 * 60_000) }),
    ]);
    expect(await status(session, order.order_id)).toMatchObject({ status: 'success', internal_amount: 25 });
    expect(await balance(session)).toBe(25);
    const credits = await app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `deposit:${order.order_id}`));
    expect(credits.map((credit) => [credit.kind, credit.amount])).toEqual([['deposit', 2500]]);
    // One settlement: one mail saying the deposit was credited.
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, profile.email));
    expect(
      mails.filter((mail) => mail.text.includes(receiptNumber('deposit', row.id, row.createdAt))),
    ).toHaveLength(1);
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
