import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { multipart } from '../../test/multipart';
import { cardPayoutDetails } from '../../test/offers';
import { categories, styles } from '../catalogue/catalogue.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { reconcileCardPayouts, sendCardPayout } from './payouts.service';
import { payouts } from './payouts.tables';
import { stripePayoutProvider } from './stripe';

const secretKey = 'sk_test_connect';

type FakePayout = {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  destination: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  failure_message: string | null;
  metadata: Record<string, string>;
};

/**
 * A local HTTP server that speaks the part of Stripe's API a Connect card payout uses: card
 * tokens, Custom accounts with the card as external account, transfers, payouts on a connected
 * account (Stripe-Account header) with cancelling, idempotency keys and API-key authentication.
 */
async function startConnectApi() {
  const cards = new Map<string, { number: string; name: string }>();
  const accounts = new Map<string, { card: { id: string; brand: string; last4: string }; balance: number }>();
  const payouts = new Map<string, FakePayout & { account: string }>();
  const byKey = new Map<string, unknown>();
  const requests: { method: string; path: string; account?: string; form: URLSearchParams }[] = [];
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { error: { type: 'invalid_request_error', message } });
  const brandOf = (number: string) => (number.startsWith('4') ? 'Visa' : 'MasterCard');

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const account = request.headers['stripe-account'] as string | undefined;
    const key = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, account, form });
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return error(response, 401, 'Invalid API Key');
    if (key && request.method === 'POST' && byKey.has(key)) return send(response, 200, byKey.get(key));
    const answer = (body: unknown) => {
      if (key && request.method === 'POST') byKey.set(key, body);
      send(response, 200, body);
    };

    if (request.method === 'POST' && path === '/v1/tokens') {
      const id = `tok_${randomBytes(8).toString('hex')}`;
      cards.set(id, { number: form.get('card[number]') ?? '', name: form.get('card[name]') ?? '' });
      return answer({ id, object: 'token', type: 'card' });
    }
    if (request.method === 'POST' && path === '/v1/accounts') {
      const card = cards.get(form.get('external_account') ?? '');
      if (!card || form.get('type') !== 'custom') return error(response, 400, 'No such token');
      const id = `acct_${randomBytes(8).toString('hex')}`;
      const external = {
        id: `card_${randomBytes(8).toString('hex')}`,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
      };
      accounts.set(id, { card: external, balance: 0 });
      return answer({
        id,
        object: 'account',
        country: form.get('country'),
        external_accounts: { object: 'list', data: [{ ...external, object: 'card', account: id }] },
      });
    }
    const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (request.method === 'DELETE' && accountPath) {
      if (!accounts.delete(accountPath[1] ?? '')) return error(response, 404, 'No such account');
      return answer({ id: accountPath[1], object: 'account', deleted: true });
    }
    if (request.method === 'POST' && path === '/v1/transfers') {
      const to = accounts.get(form.get('destination') ?? '');
      if (!to) return error(response, 400, 'No such destination');
      to.balance += Number(form.get('amount'));
      return answer({
        id: `tr_${randomBytes(8).toString('hex')}`,
        object: 'transfer',
        amount: Number(form.get('amount')),
      });
    }
    if (request.method === 'POST' && path === '/v1/payouts') {
      const holder = accounts.get(account ?? '');
      const amount = Number(form.get('amount'));
      if (!holder || holder.card.id !== form.get('destination'))
        return error(response, 400, 'No such destination');
      if (holder.balance < amount) return error(response, 400, 'Insufficient funds in the connected account');
      holder.balance -= amount;
      const payout = {
        id: `po_${randomBytes(8).toString('hex')}`,
        object: 'payout' as const,
        amount,
        currency: form.get('currency') ?? '',
        destination: holder.card.id,
        status: 'pending' as const,
        failure_message: null,
        metadata: { reference: form.get('metadata[reference]') ?? '' },
        account: account ?? '',
      };
      payouts.set(payout.id, payout);
      return answer(payout);
    }
    const payoutPath = /^\/v1\/payouts\/(po_\w+)(\/cancel)?$/.exec(path);
    const payout = payoutPath ? payouts.get(payoutPath[1] ?? '') : undefined;
    if (payoutPath && (!payout || payout.account !== account)) return error(response, 404, 'No such payout');
    if (payout && request.method === 'GET') return send(response, 200, payout);
    if (payout && request.method === 'POST' && payoutPath?.[2]) {
      if (payout.status !== 'pending')
        return error(response, 400, 'Payouts can only be canceled while pending');
      payout.status = 'canceled';
      return answer(payout);
    }
    return error(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => error(response, 500, String(caught)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    payouts,
    requests,
    /** The card network's answer arrives. */
    complete(id: string, outcome: 'paid' | 'failed') {
      const payout = payouts.get(id);
      if (!payout) throw new Error(`no payout ${id}`);
      payout.status = outcome;
      payout.failure_message = outcome === 'failed' ? 'The card was declined by its issuer.' : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stripe: Awaited<ReturnType<typeof startConnectApi>>;
beforeAll(async () => {
  stripe = await startConnectApi();
});
afterAll(() => stripe?.close());

describe('the Stripe Connect payout provider', () => {
  it('keeps the card at Stripe as a connected account and answers its token, brand and last four', async () => {
    const provider = stripePayoutProvider({ secretKey, apiUrl: stripe.url, country: 'FR' });
    const saved = await provider.saveCard({
      number: '4000056655665556',
      holder: 'Ada Lovelace',
      expireMonth: 12,
      expireYear: 2031,
    });
    expect(saved).toMatchObject({ brand: 'visa', last4: '5556' });
    const [account, card] = saved.token.split('/');
    expect(stripe.accounts.get(account ?? '')?.card.id).toBe(card);
    const created = stripe.requests.find((request) => request.path === '/v1/accounts');
    expect(created?.form.get('country')).toBe('FR');
    expect(created?.form.get('capabilities[transfers][requested]')).toBe('true');
    // The number went to Stripe's token endpoint only.
    const withNumber = stripe.requests.filter((request) =>
      request.form.toString().includes('4000056655665556'),
    );
    expect(withNumber.map((request) => request.path)).toEqual(['/v1/tokens']);
  });

  it('pays once per attempt, learns the outcome by status, and cancels only a pending payout', async () => {
    const provider = stripePayoutProvider({ secretKey, apiUrl: stripe.url, country: 'DE' });
    const saved = await provider.saveCard({
      number: '5555555555554444',
      holder: 'Ada',
      expireMonth: 1,
      expireYear: 2030,
    });
    const request = {
      reference: 'payout:41',
      cardToken: saved.token,
      amountMinor: 4550,
      currency: 'EUR',
      attempt: 1,
    };
    const first = await provider.createPayout(request);
    const again = await provider.createPayout(request);
    expect(again.ref).toBe(first.ref);
    expect(first.state).toEqual({ state: 'pending' });
    const [account, payoutId] = first.ref.split('/');
    expect(
      stripe.requests.filter(
        (call) => call.path === '/v1/transfers' && call.form.get('destination') === account,
      ),
    ).toHaveLength(2);
    expect(stripe.accounts.get(account ?? '')?.balance, 'the repeated transfer moved nothing').toBe(0);
    expect(stripe.payouts.get(payoutId ?? '')).toMatchObject({
      amount: 4550,
      currency: 'eur',
      metadata: { reference: 'payout:41' },
    });

    expect(await provider.fetchState(first.ref)).toEqual({ state: 'pending' });
    stripe.complete(payoutId ?? '', 'paid');
    expect(await provider.fetchState(first.ref)).toEqual({ state: 'paid' });
    expect(await provider.cancel(first.ref)).toEqual({ state: 'paid' });

    // A second attempt is a new request, and a failure says why; a pending one can be cancelled.
    const second = await provider.createPayout({ ...request, attempt: 2 });
    expect(second.ref).not.toBe(first.ref);
    stripe.complete(second.ref.split('/')[1] ?? '', 'failed');
    expect(await provider.fetchState(second.ref)).toEqual({
      state: 'failed',
      message: 'The card was declined by its issuer.',
    });
    const third = await provider.createPayout({ ...request, attempt: 3 });
    expect(await provider.cancel(third.ref)).toEqual({ state: 'cancelled' });

    await provider.releaseCard(saved.token);
    await provider.releaseCard(saved.token);
    expect(stripe.accounts.has(account ?? '')).toBe(false);
  });
});

describe('card payouts of a shop on Stripe Connect', () => {
  it('accepts an offer with a card kept by Stripe, sends the payout, and settles it from Stripe’s status', async () => {
    const app = await createTestApp({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_connect',
      STRIPE_API_URL: stripe.url,
      STRIPE_CONNECT_PAYOUTS: 'true',
    });
    try {
      await createCatalogue(app.db, []);
      const categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
      const styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#456' } })
        .png()
        .toBuffer();
      const { session } = await registerVerifiedUser(app);
      const body = multipart([
        { name: 'title', value: 'Glass forest' },
        { name: 'category_id', value: String(categoryId) },
        { name: 'style_ids[]', value: String(styleId) },
        { name: 'price', value: '80' },
        { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
        { name: 'confirm', value: '1' },
        { name: 'media', filename: 'forest.png', type: 'image/png', data: png },
      ]);
      const created = await app.inject({
        method: 'POST',
        url: '/api/offer/create',
        headers: { ...session.headers(), ...body.headers },
        payload: body.payload,
      });
      const offerId = created.json().payload.id as number;
      await makeCounterOffer(app.db, offerId, 2000);
      const accepted = await call(app, session, 'POST', '/api/offer/withdraw/card', {
        ...cardPayoutDetails,
        id: offerId,
        amount: '20',
      });
      expect(accepted.statusCode).toBe(200);
      const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
      expect(payout).toMatchObject({ provider: 'stripe', cardBrand: 'visa', cardLast4: '4242' });
      expect(payout?.cardToken).toMatch(/^acct_\w+\/card_\w+$/);

      const context = { appUrl: app.config.appUrl, log: { error: () => undefined } };
      await sendCardPayout(app.db, app.payoutProvider, payout?.id ?? 0, context);
      const [sent] = await app.db
        .select()
        .from(payouts)
        .where(eq(payouts.id, payout?.id ?? 0));
      expect(sent).toMatchObject({ status: 'sent' });
      stripe.complete(sent?.providerRef?.split('/')[1] ?? '', 'paid');
      await reconcileCardPayouts(app.db, app.payoutProvider, context, {
        now: new Date(Date.now() + 20 * 60_000),
      });
      const [paid] = await app.db
        .select()
        .from(payouts)
        .where(eq(payouts.id, payout?.id ?? 0));
      expect(paid).toMatchObject({ status: 'paid', cardToken: null, detailsSealed: null });
      expect(stripe.accounts.has(payout?.cardToken?.split('/')[0] ?? '')).toBe(false);
      expect(await ledgerProblems(app.db)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
