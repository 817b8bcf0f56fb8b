import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { recordingLog } from '../../test/log';
import { type FakeSession, startStripeApi } from '../../test/stripe-api';
import { EXPIRED_MESSAGE, GATEWAY_MESSAGE, reconcileDeposits } from '../deposits/deposits.service';
import { ledgerProblems } from '../wallet/wallet.invariants';

const secretKey = 'sk_test_promptmarket0123456789';
const webhookSecret = 'whsec_promptmarket0123456789';
let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
let app: TestApp;
// Only its signing helper is used: the signatures the tests send are made as Stripe makes them.
const signer = new Stripe(secretKey);

beforeAll(async () => {
  stripeApi = await startStripeApi(secretKey);
  app = await createTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeApi.url,
  });
});
afterAll(async () => {
  await app?.close();
  await stripeApi?.close();
});
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const form = {
  amount: '20.00',
  currency: 'GBP',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.test',
  phone: '+1 202 555 0100',
  country: 'US',
  city: 'Arlington',
  address: '1 Navy Way',
  post_code: '22202',
  terms: true,
  payment_method_id: 'card',
};

async function signedIn(): Promise<BrowserSession> {
  return (await registerVerifiedUser(app)).session;
}

async function balance(session: BrowserSession): Promise<number> {
  return (await call(app, session, 'GET', '/api/user/profile')).json().payload.balance;
}

async function orderStatus(session: BrowserSession, orderId: number) {
  return (await call(app, session, 'GET', `/api/deposit/status?order_id=${orderId}`)).json().order;
}

function sessionOf(redirectUrl: string): FakeSession {
  const id = redirectUrl.split('/').pop() ?? '';
  const session = stripeApi.sessions.get(id);
  if (!session) throw new Error(`no session for ${redirectUrl}`);
  return session;
}

function event(type: string, session: FakeSession, id = `evt_${randomBytes(8).toString('hex')}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  });
}

function deliver(
  payload: string,
  signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('deposits through Stripe Checkout', () => {
  it("creates a Checkout Session with the amount, currency and reference, and sends the browser to Stripe's page", async () => {
    const session = await signedIn();
    const response = await call(app, session, 'POST', '/api/deposit/checkout', form, {
      'frontend-language': 'de',
    });
    expect(response.statusCode).toBe(200);
    const { redirect_url: redirectUrl, order_id: orderId } = response.json();
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = sessionOf(redirectUrl);
    expect(created).toMatchObject({
      amount_total: 2000,
      currency: 'gbp',
      client_reference_id: String(orderId),
      customer_email: 'grace@example.test',
      locale: 'de',
      success_url: `http://shop.test/de/processing-payment?order_id=${orderId}`,
    });
    const request = stripeApi.requests.find((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.idempotencyKey).toBe(`checkout-${orderId}`);
    expect(await orderStatus(session, orderId)).toMatchObject({ status: 'processing' });
  });

  it('credits the wallet for a signed checkout.session.completed, once, from the amount Stripe collected', async () => {
    const session = await signedIn();
    const { redirect_url: redirectUrl, order_id: orderId } = (
      await call(app, session, 'POST', '/api/deposit/checkout', form)
    ).json();
    const paid = stripeApi.pay(sessionOf(redirectUrl).id);
    const body = event('checkout.session.completed', paid);
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    await deliver(body);
    await deliver(event('checkout.session.completed', paid));
    expect(await orderStatus(session, orderId)).toMatchObject({ status: 'success' });
    // 20.00 GBP at 0.85 per EUR is 23.52 EUR, rounded down: 23.52 credits.
    expect(await balance(session)).toBe(23.52);
  });

  it('refuses a webhook that Stripe did not sign, or signed too long ago', async () => {
    const session = await signedIn();
    const { redirect_url: redirectUrl, order_id: orderId } = (
      await call(app, session, 'POST', '/api/deposit/checkout', form)
    ).json();
    const body = event('checkout.session.completed', stripeApi.pay(sessionOf(redirectUrl).id));
    const forged = await deliver(
      body,
      signer.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_somebody_else' }),
    );
    expect(forged.statusCode).toBe(400);
    const stale = await deliver(
      body,
      signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 301,
      }),
    );
    expect(stale.statusCode).toBe(400);
    expect(await orderStatus(session, orderId)).toMatchObject({ status: 'processing' });
    expect(await balance(session)).toBe(0);
  });

  it('fails a deposit whose delayed payment failed, and ignores events it does not handle', async () => {
    const session = await signedIn();
    const { redirect_url: redirectUrl, order_id: orderId } = (
      await call(app, session, 'POST', '/api/deposit/checkout', form)
    ).json();
    const stripeSession = sessionOf(redirectUrl);
    expect((await deliver(event('payment_intent.created', stripeSession))).statusCode).toBe(200);
    expect((await deliver(event('checkout.session.completed', stripeSession))).statusCode).toBe(200);
    expect(await orderStatus(session, orderId)).toMatchObject({ status: 'processing' });
    await deliver(event('checkout.session.async_payment_failed', stripeSession));
    expect(await orderStatus(session, orderId)).toMatchObject({
      status: 'failed',
      error_message: 'The payment failed.',
    });
  });

  it('asks Stripe about deposits it heard nothing of, and expires checkouts left open', async () => {
    const session = await signedIn();
    const paid = (await call(app, session, 'POST', '/api/deposit/checkout', form)).json();
    const open = (await call(app, session, 'POST', '/api/deposit/checkout', form)).json();
    stripeApi.pay(sessionOf(paid.redirect_url).id);
    const log = recordingLog();
    await reconcileDeposits(app.db, app.payments, log, { now: new Date(Date.now() + 20 * 60_000) });
    expect(await orderStatus(session, paid.order_id)).toMatchObject({ status: 'success' });
    expect(await orderStatus(session, open.order_id)).toMatchObject({ status: 'processing' });
    await reconcileDeposits(app.db, app.payments, log, { now: new Date(Date.now() + 25 * 3_600_000) });
    expect(sessionOf(open.redirect_url).status).toBe('expired');
    expect(await orderStatus(session, open.order_id)).toMatchObject({
      status: 'failed',
      error_message: EXPIRED_MESSAGE,
    });
    expect(await balance(session)).toBe(23.52);
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('answers 503 with the gateway text when Stripe cannot be reached, and keeps the deposit as an error', async () => {
    const session = await signedIn();
    stripeApi.fail(true);
    try {
      const response = await call(app, session, 'POST', '/api/deposit/checkout', form);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: GATEWAY_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      stripeApi.fail(false);
    }
    const [deposit] = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect(deposit.status).toBe('error');
  });
});
