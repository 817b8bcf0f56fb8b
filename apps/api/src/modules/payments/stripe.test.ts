import { randomBytes } from 'node:crypto';
import { receiptNumber } from '@promptmarket/contracts/receipts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { recordingLog } from '../../test/log';
import { type FakeSession, startStripeApi } from '../../test/stripe-api';
import { EXPIRED_MESSAGE, GATEWAY_MESSAGE } from '../deposits/deposits.failures';
import { reconcileDeposits } from '../deposits/deposits.reconcile';
import { deposits } from '../deposits/deposits.tables';
import { mailOutbox } from '../mail/mail.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';

const secretKey = 'sk_test_promptmarket0123456789';
const webhookSecret = 'whsec_promptmarket0123456789';
let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
let app: TestApp;
let productIds: Record<string, number>;
let admin: BrowserSession;
// Only its signing helper is used: the signatures the tests send are made as Stripe makes them.
const signer = new Stripe(secretKey);

beforeAll(async () => {
  stripeApi = await startStripeApi(secretKey);
  app = await createTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeApi.url,
  });
  productIds = (
    await createCatalogue(app.db, [
      { slug: 'harbour-at-dusk', category: 'seascapes', priceCents: 1000, title: 'Harbour at dusk' },
      { slug: 'lighthouse', category: 'seascapes', priceCents: 500, title: 'Lighthouse' },
    ])
  ).products;
  admin = await newAdmin(app, 'ledger.boss@example.test');
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

/** Opens a Stripe checkout of the form's deposit; answers its redirect address and order id. */
async function checkout(session: BrowserSession) {
  return (await call(app, session, 'POST', '/api/deposit/checkout', form)).json();
}

async function balance(session: BrowserSession): Promise<number> {
  return (await call(app, session, 'GET', '/api/user/profile')).json().payload.balance;
}

async function orderStatus(session: BrowserSession, orderId: number) {
  return (await call(app, session, 'GET', `/api/deposit/status?order_id=${orderId}`)).json().order;
}

async function depositRow(id: number) {
  const [row] = await app.db.select().from(deposits).where(eq(deposits.id, id));
  if (!row) throw new Error(`no deposit ${id}`);
  return row;
}

function sessionOf(redirectUrl: string): FakeSession {
  const id = redirectUrl.split('/').pop() ?? '';
  const session = stripeApi.sessions.get(id);
  if (!session) throw new Error(`no session for ${redirectUrl}`);
  return session;
}

function event(
  type: string,
  session: FakeSession | Record<string, unknown>,
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
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
    const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
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
    const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
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
    // Read in the table: a status check would ask Stripe, which knows of the payment.
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, orderId));
    expect(row?.status).toBe('processing');
    expect(await balance(session)).toBe(0);
  });

  it('fails a deposit whose delayed payment failed, and ignores events it does not handle', async () => {
    const session = await signedIn();
    const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
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

  it("keeps the reason of a signed payment_intent.payment_failed, found through the intent's reference, once; another card on Stripe's page still pays", async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
    const created = stripeApi.requests.find(
      (entry) => entry.path === '/v1/checkout/sessions' && entry.idempotencyKey === `checkout-${orderId}`,
    );
    expect(created?.form.get('payment_intent_data[metadata][reference]')).toBe(String(orderId));
    const intent = stripeApi.refuse(sessionOf(redirectUrl).id, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(intent.metadata).toEqual({ reference: String(orderId) });
    const body = event('payment_intent.payment_failed', intent);
    const forged = await deliver(
      body,
      signer.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_somebody_else' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(await depositRow(orderId)).toMatchObject({ status: 'processing', declineCode: null });

    expect((await deliver(body)).statusCode).toBe(200);
    // The customer may still try another card on Stripe's page: the deposit waits, with the reason.
    const refused = await depositRow(orderId);
    expect(refused).toMatchObject({
      status: 'processing',
      declineCode: 'insufficient_funds',
      paymentRef: intent.id,
    });
    // The same event again changes nothing.
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await depositRow(orderId)).toEqual(refused);

    // Another card on the same page: the intent succeeds and the deposit is credited.
    const paid = stripeApi.pay(sessionOf(redirectUrl).id);
    expect(paid.payment_intent).toBe(intent.id);
    expect((await deliver(event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await orderStatus(session, orderId)).toMatchObject({ status: 'success', decline_code: null });
    expect(await balance(session)).toBe(23.52);
    // A copy of the refusal arriving late changes nothing, and no failure was ever mailed.
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await depositRow(orderId)).toMatchObject({ status: 'success', declineCode: null });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, profile.email));
    expect(
      mails.filter((mail) => mail.text.includes(receiptNumber('deposit', orderId, refused.createdAt))),
    ).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.subject.includes(`deposit no. ${orderId} did not go through`)),
    ).toEqual([]);
  });

  it("fails a refused deposit when its status is asked, ending the checkout at Stripe first, with Stripe's decline code or else its error code", async () => {
    const session = await signedIn();
    const order = await checkout(session);
    const intent = stripeApi.refuse(sessionOf(order.redirect_url).id, {
      type: 'card_error',
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
    });
    expect(await orderStatus(session, order.order_id)).toMatchObject({
      status: 'failed',
      error_code: 'declined',
      error_message: 'Your card was declined.',
      decline_code: 'incorrect_cvc',
    });
    // The checkout can no longer be paid: nothing arrives after the deposit failed.
    expect(sessionOf(order.redirect_url).status).toBe('expired');
    const [listed] = (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
    expect(listed).toMatchObject({ id: order.order_id, decline_code: 'incorrect_cvc' });
    // The webhook that follows finds it settled and changes nothing.
    const settled = await depositRow(order.order_id);
    await deliver(event('payment_intent.payment_failed', intent));
    expect(await depositRow(order.order_id)).toEqual(settled);

    const expired = await checkout(session);
    stripeApi.refuse(sessionOf(expired.redirect_url).id, { type: 'card_error', code: 'expired_card' });
    const unconfirmed = await checkout(session);
    stripeApi.refuse(sessionOf(unconfirmed.redirect_url).id, {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
    });
    const erred = await checkout(session);
    stripeApi.refuse(sessionOf(erred.redirect_url).id, { type: 'api_error', code: null });
    expect(await orderStatus(session, expired.order_id)).toMatchObject({
      status: 'failed',
      error_code: 'declined',
      decline_code: 'expired_card',
    });
    expect(await orderStatus(session, unconfirmed.order_id)).toMatchObject({
      status: 'failed',
      error_code: 'declined',
      decline_code: 'payment_intent_authentication_failure',
    });
    expect(await orderStatus(session, erred.order_id)).toMatchObject({
      status: 'failed',
      error_code: 'failed',
      error_message: 'The payment failed.',
      decline_code: null,
    });
    expect(await balance(session)).toBe(0);
  });

  it('fails a refused deposit whose checkout then expires as declined, with the reason of the refusal', async () => {
    const session = await signedIn();
    const order = await checkout(session);
    const intent = stripeApi.refuse(sessionOf(order.redirect_url).id, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'card_velocity_exceeded',
    });
    await deliver(event('payment_intent.payment_failed', intent));
    const expired = { ...sessionOf(order.redirect_url), status: 'expired', url: null };
    await deliver(event('checkout.session.expired', expired));
    expect(await depositRow(order.order_id)).toMatchObject({
      status: 'failed',
      errorMessage: 'Your card was declined.',
      declineCode: 'card_velocity_exceeded',
    });
  });

  it('credits a refused deposit paid with another card before the status check could end its checkout', async () => {
    const session = await signedIn();
    const order = await checkout(session);
    const stripeSession = sessionOf(order.redirect_url);
    stripeApi.refuse(stripeSession.id, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'do_not_honor',
    });
    // Stripe answers the refusal, then the customer pays before the shop asks to end the checkout.
    stripeApi.onExpire(stripeSession.id, () => stripeApi.pay(stripeSession.id));
    expect(await orderStatus(session, order.order_id)).toMatchObject({
      status: 'success',
      decline_code: null,
    });
    expect(await balance(session)).toBe(23.52);
  });

  it('fails a refused deposit the reconciliation finds, found through Stripe when its intent carries no reference', async () => {
    const session = await signedIn();
    const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
    const intent = stripeApi.refuse(sessionOf(redirectUrl).id, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await deliver(event('payment_intent.payment_failed', { ...intent, metadata: {} }));
    expect(await depositRow(orderId)).toMatchObject({ status: 'processing', declineCode: 'generic_decline' });
    const log = recordingLog();
    await reconcileDeposits(app.db, app.payments, log, { now: new Date(Date.now() + 20 * 60_000) });
    expect(sessionOf(redirectUrl).status).toBe('expired');
    expect(await depositRow(orderId)).toMatchObject({ status: 'failed', declineCode: 'generic_decline' });
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('asks Stripe about deposits it heard nothing of, and expires checkouts left open', async () => {
    const session = await signedIn();
    const paid = await checkout(session);
    const open = await checkout(session);
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

/** A Stripe charge for a paid session, as `charge.refunded` carries it, with its refunds so far. */
function charge(paid: FakeSession, refunds: { id: string; amount: number }[]) {
  return {
    id: `ch_${paid.id.slice(-12)}`,
    object: 'charge',
    amount: paid.amount_total,
    amount_captured: paid.amount_total,
    amount_refunded: refunds.reduce((total, refund) => total + refund.amount, 0),
    currency: paid.currency,
    payment_intent: paid.payment_intent,
    refunded: refunds.reduce((total, refund) => total + refund.amount, 0) === paid.amount_total,
    // Newest first, as Stripe lists them.
    refunds: {
      object: 'list',
      data: [...refunds].reverse().map((refund) => ({ object: 'refund', ...refund })),
    },
  };
}

/** A refund of a paid session, as `charge.refund.updated` carries it. */
function refund(paid: FakeSession, id: string, amount: number, status: string) {
  return {
    id,
    object: 'refund',
    amount,
    currency: paid.currency,
    charge: `ch_${paid.id.slice(-12)}`,
    payment_intent: paid.payment_intent,
    status,
  };
}

/** A Stripe dispute of a paid session. */
function dispute(paid: FakeSession, id: string, status: string, amount = paid.amount_total) {
  return {
    id,
    object: 'dispute',
    amount,
    currency: paid.currency,
    charge: `ch_${paid.id.slice(-12)}`,
    payment_intent: paid.payment_intent,
    status,
  };
}

/** A deposit of 20.00 GBP (23.52 credits) paid and credited through a signed webhook. */
async function paidDeposit(session: BrowserSession) {
  const { redirect_url: redirectUrl, order_id: orderId } = await checkout(session);
  const paid = stripeApi.pay(sessionOf(redirectUrl).id);
  expect((await deliver(event('checkout.session.completed', paid))).statusCode).toBe(200);
  return { paid, orderId: orderId as number };
}

/** The back office's row of a deposit, found by the payment Stripe names. */
async function adminDeposit(paid: FakeSession) {
  const list = (
    await call(app, admin, 'GET', `/api/admin/deposits?search=${paid.payment_intent ?? ''}`)
  ).json().payload;
  expect(list.data).toHaveLength(1);
  return list.data[0];
}

/** Delivers a signed event twice, as Stripe may: the copy changes nothing. */
async function deliverTwice(payload: string) {
  expect((await deliver(payload)).statusCode).toBe(200);
  expect((await deliver(payload)).statusCode).toBe(200);
}

describe('refunds and disputes at Stripe', () => {
  it('takes a full refund back from the wallet, once', async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    expect(await balance(session)).toBe(23.52);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: null, reversed_amount: 0 });
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_full1', amount: 2000 }])));
    expect(await balance(session)).toBe(0);
    expect(await adminDeposit(paid)).toMatchObject({
      status: 'success',
      reversal: 'refunded',
      reversed_amount: 23.52,
    });
  });

  it("takes a partial refund's share of the credit, rounded up, and each later refund only its own part", async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    const first = event('charge.refunded', charge(paid, [{ id: 're_part1', amount: 500 }]));
    await deliverTwice(first);
    // 5.00 of 20.00 GBP is a quarter of 23.52 credits: 5.88.
    expect(await balance(session)).toBe(17.64);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: 'partially_refunded', reversed_amount: 5.88 });
    const second = charge(paid, [
      { id: 're_part1', amount: 500 },
      { id: 're_part2', amount: 333 },
    ]);
    await deliverTwice(event('charge.refunded', second));
    // 8.33 of 20.00 is 9.79608 credits, rounded up to 9.80: 3.92 more.
    expect(await balance(session)).toBe(13.72);
    // A late copy of the first refund under another event id finds more refunded already.
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_part1', amount: 500 }])));
    expect(await balance(session)).toBe(13.72);
    // The rest refunded: never more than was credited.
    await deliverTwice(
      event(
        'charge.refunded',
        charge(paid, [
          { id: 're_part1', amount: 500 },
          { id: 're_part2', amount: 333 },
          { id: 're_part3', amount: 1167 },
        ]),
      ),
    );
    expect(await balance(session)).toBe(0);
  });

  it('restores what a refund took when the refund later fails, once; a later refund takes only its own part', async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_fails1', amount: 500 }])));
    expect(await balance(session)).toBe(17.64);
    // Updates of a refund that still goes through change nothing.
    await deliverTwice(event('charge.refund.updated', refund(paid, 're_fails1', 500, 'pending')));
    expect(await balance(session)).toBe(17.64);
    await deliverTwice(event('charge.refund.updated', refund(paid, 're_fails1', 500, 'failed')));
    // Another event id for the same failure restores nothing more.
    await deliverTwice(event('charge.refund.updated', refund(paid, 're_fails1', 500, 'failed')));
    expect(await balance(session)).toBe(23.52);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: null, reversed_amount: 0 });
    // A late copy of the failed refund takes nothing again.
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_fails1', amount: 500 }])));
    expect(await balance(session)).toBe(23.52);
    // The next refund is counted from what is refunded now: 3.00 of 20.00 GBP is 3.528, rounded up.
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_after2', amount: 300 }])));
    expect(await balance(session)).toBe(19.99);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: 'partially_refunded', reversed_amount: 3.53 });
  });

  it('takes nothing for a refund whose failure arrived before it', async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    await deliverTwice(event('charge.refund.updated', refund(paid, 're_early1', 2000, 'canceled')));
    expect(await balance(session)).toBe(23.52);
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_early1', amount: 2000 }])));
    expect(await balance(session)).toBe(23.52);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: null, reversed_amount: 0 });
  });

  it('finds a deposit paid before the shop kept the payment id by asking Stripe for its checkout', async () => {
    const session = await signedIn();
    const { paid, orderId } = await paidDeposit(session);
    await app.db.update(deposits).set({ paymentRef: null }).where(eq(deposits.id, orderId));
    const before = stripeApi.requests.length;
    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_old1', amount: 2000 }])));
    expect(await balance(session)).toBe(0);
    const asked = stripeApi.requests
      .slice(before)
      .filter((request) => request.method === 'GET' && request.path === '/v1/checkout/sessions');
    // Once: the first delivery keeps the payment id, the copy finds the deposit by it.
    expect(asked).toHaveLength(1);
  });

  it('holds a disputed deposit and credits it again when the dispute is won', async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    await deliverTwice(event('charge.dispute.created', dispute(paid, 'dp_won1', 'needs_response')));
    expect(await balance(session)).toBe(0);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: 'disputed', reversed_amount: 23.52 });
    await deliverTwice(event('charge.dispute.closed', dispute(paid, 'dp_won1', 'won')));
    expect(await balance(session)).toBe(23.52);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: 'dispute_won', reversed_amount: 0 });
  });

  it('keeps a lost dispute reversed, and a close that comes first is not reversed twice', async () => {
    const session = await signedIn();
    const { paid } = await paidDeposit(session);
    await deliverTwice(event('charge.dispute.created', dispute(paid, 'dp_lost1', 'needs_response')));
    await deliverTwice(event('charge.dispute.closed', dispute(paid, 'dp_lost1', 'lost')));
    expect(await balance(session)).toBe(0);
    expect(await adminDeposit(paid)).toMatchObject({ reversal: 'dispute_lost', reversed_amount: 23.52 });

    const other = await signedIn();
    const { paid: otherPaid } = await paidDeposit(other);
    await deliverTwice(event('charge.dispute.closed', dispute(otherPaid, 'dp_lost2', 'lost')));
    expect(await balance(other)).toBe(0);
    await deliverTwice(event('charge.dispute.created', dispute(otherPaid, 'dp_lost2', 'needs_response')));
    expect(await balance(other)).toBe(0);
  });

  it('lets a refund of money already spent take the wallet below zero; nothing can be spent until a deposit settles it', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const { paid } = await paidDeposit(session);
    const bought = await call(app, session, 'POST', '/api/purchase/prompt', {
      prompt_id: productIds['harbour-at-dusk'],
    });
    expect(bought.statusCode).toBe(200);
    expect(await balance(session)).toBe(13.52);

    await deliverTwice(event('charge.refunded', charge(paid, [{ id: 're_spent1', amount: 2000 }])));
    expect(await balance(session)).toBe(-10);

    const refused = await call(app, session, 'POST', '/api/purchase/prompt', {
      prompt_id: productIds.lighthouse,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_IN_DEBT',
      message:
        'A payment of yours was refunded or disputed, so your balance is below zero. Please make a deposit to settle it before spending.',
    });
    const refusedDe = await call(
      app,
      session,
      'POST',
      '/api/purchase/prompt',
      { prompt_id: productIds.lighthouse },
      { 'frontend-language': 'de' },
    );
    expect(refusedDe.json()).toMatchObject({ code: 'ACCOUNT_IN_DEBT' });
    expect(refusedDe.json().message).toMatch(/Guthaben negativ/);
    expect(await balance(session)).toBe(-10);
    // So is a cart checkout.
    await call(app, session, 'POST', '/api/cart', { product_id: productIds.lighthouse });
    const checkout = await call(app, session, 'POST', '/api/purchase/cart');
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json()).toMatchObject({ code: 'ACCOUNT_IN_DEBT' });
    // A generation is refused the same way, and a retry with its key is refused again, not left running.
    const drawing = {
      title: 'Harbour at dawn',
      prompt: 'a quiet harbour at dawn',
      format: 'webp',
      size: '512x512',
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const generation = await call(app, session, 'POST', '/api/purchase/generate-image', drawing, {
        'idempotency-key': `in-debt-${profile.id}`,
      });
      expect(generation.statusCode).toBe(422);
      expect(generation.json()).toMatchObject({ code: 'ACCOUNT_IN_DEBT' });
    }
    // The back office sees the account below zero and the refunded deposit.
    const users = (
      await call(app, admin, 'GET', `/api/admin/users?search=${encodeURIComponent(profile.email)}`)
    ).json().payload.data;
    expect(users).toEqual([expect.objectContaining({ id: profile.id, balance: -10 })]);
    const detail = (await call(app, admin, 'GET', `/api/admin/users/${profile.id}`)).json().payload;
    expect(detail.profile.balance).toBe(-10);
    expect(detail.deposits).toEqual([
      expect.objectContaining({ status: 'success', reversal: 'refunded', reversed_amount: 23.52 }),
    ]);

    await paidDeposit(session);
    expect(await balance(session)).toBe(13.52);
    const after = await call(app, session, 'POST', '/api/purchase/cart');
    expect(after.statusCode).toBe(200);
    expect(await balance(session)).toBe(8.52);
  });
});
