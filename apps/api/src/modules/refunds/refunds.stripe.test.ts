import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, lastMailTo, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { recordingLog } from '../../test/log';
import { type FakeSession, startStripeApi } from '../../test/stripe-api';
import { deposits } from '../deposits/deposits.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { walletBalance } from '../wallet/wallet.service';
import { finishPendingRefunds } from './refunds.deposits';
import { refunds } from './refunds.tables';

/** A deposit refunded by the back office through Stripe's Refunds API (decision 0048). */

const secretKey = 'sk_test_refunds0123456789';
const webhookSecret = 'whsec_refunds0123456789';
let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
let app: TestApp;
let admin: BrowserSession;
const signer = new Stripe(secretKey);

beforeAll(async () => {
  stripeApi = await startStripeApi(secretKey);
  app = await createTestApp({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeApi.url,
  });
  admin = await newAdmin(app, 'stripe-refunds-boss@example.test');
});
afterAll(async () => {
  await app?.close();
  await stripeApi?.close();
});
afterEach(async () => {
  stripeApi.fail(false);
  expect(await ledgerProblems(app.db)).toEqual([]);
});

function event(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
}

function deliver(payload: string) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    payload,
  });
}

/** A 20.00 GBP deposit (23.52 credits) paid at Stripe and credited by its webhook. */
async function paidDeposit() {
  const { session, profile, email } = await registerVerifiedUser(app);
  const checkout = (
    await call(app, session, 'POST', '/api/deposit/checkout', {
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
    })
  ).json();
  const id = (checkout.redirect_url as string).split('/').pop() ?? '';
  const paid = stripeApi.pay(id);
  expect((await deliver(event('checkout.session.completed', { ...paid }))).statusCode).toBe(200);
  expect(await walletBalance(app.db, profile.id)).toBe(2352);
  return { session, userId: profile.id, email, depositId: checkout.order_id as number, paid };
}

const refund = (body: Record<string, unknown>, key: string) =>
  call(app, admin, 'POST', '/api/admin/refunds', body, { 'idempotency-key': key });

/** `charge.refunded` as Stripe sends it after the refunds so far. */
function chargeRefunded(paid: FakeSession, made: { id: string; amount: number }[]) {
  const total = made.reduce((sum, one) => sum + one.amount, 0);
  return event('charge.refunded', {
    id: `ch_${paid.id.slice(-12)}`,
    object: 'charge',
    amount: paid.amount_total,
    amount_captured: paid.amount_total,
    amount_refunded: total,
    currency: paid.currency,
    payment_intent: paid.payment_intent,
    refunded: total === paid.amount_total,
    refunds: { object: 'list', data: [...made].reverse().map((one) => ({ object: 'refund', ...one })) },
  });
}

describe('a deposit refunded through Stripe', () => {
  it('asks Stripe for the refund of its payment with the amount and an idempotency key; the webhook that follows takes nothing again', async () => {
    const { userId, depositId, paid, email } = await paidDeposit();
    const key = `stripe-refund-${randomBytes(6).toString('hex')}`;
    // 10.00 credits of 23.52 are worth 8.50 GBP, rounded down: never more money than the credits.
    const made = await refund({ deposit_id: depositId, amount: '10', reason: 'Customer asked' }, key);
    expect(made.statusCode, made.body).toBe(200);
    const payload = made.json().payload;
    expect(payload).toMatchObject({
      status: 'succeeded',
      amount: 10,
      provider_amount: 8.5,
      currency: 'GBP',
      provider: 'stripe',
    });
    const asked = stripeApi.requests.filter((request) => request.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.method).toBe('POST');
    expect(asked[0]?.form.get('payment_intent')).toBe(paid.payment_intent);
    expect(asked[0]?.form.get('amount')).toBe('850');
    expect(asked[0]?.idempotencyKey).toBe(`refund-${payload.id}`);
    const atStripe = stripeApi.refunds.get(payload.provider_refund_id);
    expect(atStripe).toMatchObject({ amount: 850, payment_intent: paid.payment_intent, status: 'succeeded' });
    expect(await walletBalance(app.db, userId)).toBe(1352);
    expect((await lastMailTo(app, email)).text).toContain('We refunded 8.50 GBP of your deposit');

    // The same request again: the same answer, Stripe not asked again.
    const again = await refund({ deposit_id: depositId, amount: '10', reason: 'Customer asked' }, key);
    expect(again.json()).toEqual(made.json());
    expect(stripeApi.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(1);

    // Stripe reports the refund: counted already, it takes nothing from the wallet.
    expect(
      (await deliver(chargeRefunded(paid, [{ id: payload.provider_refund_id, amount: 850 }]))).statusCode,
    ).toBe(200);
    expect(await walletBalance(app.db, userId)).toBe(1352);
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row).toMatchObject({ refundedMinor: 850, refundedAmount: 1000 });

    // The rest: the whole remaining payment, 11.50 GBP for the 13.52 credits left.
    const rest = await refund({ deposit_id: depositId, reason: 'Customer asked' }, `${key}-rest`);
    expect(rest.json().payload).toMatchObject({ amount: 13.52, provider_amount: 11.5 });
    expect(await walletBalance(app.db, userId)).toBe(0);
    const second = stripeApi.refunds.get(rest.json().payload.provider_refund_id);
    expect(
      (
        await deliver(
          chargeRefunded(paid, [
            { id: payload.provider_refund_id, amount: 850 },
            { id: second?.id ?? '', amount: 1150 },
          ]),
        )
      ).statusCode,
    ).toBe(200);
    expect(await walletBalance(app.db, userId)).toBe(0);

    // Days later the card cannot take the first refund: Stripe gives the money back to the shop,
    // the shop gives the credits back to the balance, once for any number of copies.
    const failed = event('charge.refund.updated', {
      id: payload.provider_refund_id,
      object: 'refund',
      amount: 850,
      currency: 'gbp',
      payment_intent: paid.payment_intent,
      status: 'failed',
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed.replace(/"id":"evt_\w+"/, '"id":"evt_copy_of_failure"'))).statusCode).toBe(
      200,
    );
    expect(await walletBalance(app.db, userId)).toBe(1000);
    const told = await lastMailTo(app, email);
    expect(told.subject).toBe(`The refund of your deposit no. ${depositId} did not go through`);
    expect(told.text).toContain('The 10 credits it had taken are back on your PromptMarket balance.');
    const [first] = await app.db.select().from(refunds).where(eq(refunds.id, payload.id));
    expect(first).toMatchObject({ status: 'failed' });
    const [after] = await app.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(after).toMatchObject({ refundedMinor: 1150, refundedAmount: 1352 });
  });

  it('gives the credits back when Stripe refuses the refund, and keeps it pending when Stripe does not answer', async () => {
    const { userId, depositId, paid } = await paidDeposit();
    // Refunded at Stripe's dashboard meanwhile, unknown to the shop yet.
    const intentId = paid.payment_intent ?? '';
    stripeApi.refunds.set('re_dashboard', {
      id: 're_dashboard',
      object: 'refund',
      amount: 2000,
      currency: 'gbp',
      payment_intent: intentId,
      status: 'succeeded',
    });
    const refused = await refund({ deposit_id: depositId, reason: 'Customer asked' }, 'stripe-refused-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The payment provider refused the refund: Charge for pi_\w+ has already been refunded\.$/,
    );
    expect(await walletBalance(app.db, userId)).toBe(2352);
    // Sent again with its key: refused again, nothing asked or moved.
    const asked = stripeApi.requests.length;
    const replay = await refund({ deposit_id: depositId, reason: 'Customer asked' }, 'stripe-refused-1');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(refused.json().message);
    expect(stripeApi.requests.length).toBe(asked);
    const [failed] = await app.db.select().from(refunds).where(eq(refunds.subjectId, depositId));
    expect(failed).toMatchObject({ status: 'failed', subject: 'deposit' });
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, depositId));
    expect(row).toMatchObject({ refundedMinor: 0, refundedAmount: 0 });
    stripeApi.refunds.delete('re_dashboard');

    // Stripe down: the credits stay taken, the refund pending; the same key asks again and finishes.
    stripeApi.fail(true);
    const down = await refund({ deposit_id: depositId, reason: 'Customer asked' }, 'stripe-down-1');
    expect(down.statusCode).toBe(503);
    expect(await walletBalance(app.db, userId)).toBe(0);
    stripeApi.fail(false);
    const retried = await refund({ deposit_id: depositId, reason: 'Customer asked' }, 'stripe-down-1');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().payload).toMatchObject({ status: 'succeeded', amount: 23.52, provider_amount: 20 });
    const keys = stripeApi.requests
      .filter((request) => request.path === '/v1/refunds')
      .map((request) => request.idempotencyKey);
    const id = retried.json().payload.id as number;
    expect(keys.filter((sent) => sent === `refund-${id}`).length).toBeGreaterThanOrEqual(2);
    expect([...stripeApi.refunds.values()].filter((one) => one.payment_intent === intentId)).toHaveLength(1);
    expect(await walletBalance(app.db, userId)).toBe(0);
  });

  it('finishes a refund left pending in the background, under the same idempotency key', async () => {
    const { userId, depositId, email } = await paidDeposit();
    stripeApi.fail(true);
    const down = await refund(
      { deposit_id: depositId, amount: '5', reason: 'Customer asked' },
      'stripe-down-2',
    );
    expect(down.statusCode).toBe(503);
    expect(await walletBalance(app.db, userId)).toBe(1852);
    const log = recordingLog();
    // Still down: it waits for the next round.
    expect(await finishPendingRefunds(app.db, app.payments, log, { olderThanMs: 0 })).toBe(0);
    stripeApi.fail(false);
    expect(await finishPendingRefunds(app.db, app.payments, log, { olderThanMs: 0 })).toBe(1);
    const [row] = await app.db.select().from(refunds).where(eq(refunds.subjectId, depositId));
    expect(row).toMatchObject({ status: 'succeeded', amount: 500 });
    const sent = stripeApi.requests.filter(
      (request) => request.path === '/v1/refunds' && request.idempotencyKey === `refund-${row?.id}`,
    );
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(stripeApi.refunds.get(row?.providerRefundId ?? '')).toMatchObject({ amount: 425 });
    expect(await walletBalance(app.db, userId)).toBe(1852);
    expect((await lastMailTo(app, email)).subject).toBe(`Your deposit no. ${depositId} was refunded`);
    // Nothing is left pending: another round does nothing.
    expect(await finishPendingRefunds(app.db, app.payments, log, { olderThanMs: 0 })).toBe(0);
  });
});
