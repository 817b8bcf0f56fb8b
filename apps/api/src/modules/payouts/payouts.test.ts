import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { migrationsDir } from '../../db/paths';
import { seal, unseal } from '../../lib/sealed';
import {
  type BrowserSession,
  call,
  registerVerifiedUser,
  signInAsAdmin,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { multipart } from '../../test/multipart';
import { payoutContact } from '../../test/offers';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { users } from '../accounts/accounts.tables';
import { categories, styles } from '../catalogue/catalogue.tables';
import { mailOutbox } from '../mail/mail.tables';
import { makeCounterOffer, publishOffer } from '../offers/offers.service';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { findMove } from '../wallet/wallet.service';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { openPayout } from './payouts.admin';
import {
  cancelAtProvider,
  markPayoutPaid,
  reconcileCardPayouts,
  refreshCardPayout,
  sendCardPayout,
  settlePayout,
} from './payouts.service';
import { payouts } from './payouts.tables';
import {
  SANDBOX_CARD_PURPOSE,
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_DECLINING_CARD,
  sandboxPayoutProvider,
} from './sandbox';
import { sandboxPayoutCards, sandboxPayouts } from './sandbox.tables';

let app: TestApp;
let png: Buffer;
let categoryId = 0;
let styleId = 0;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
  styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const nextYear = String(new Date().getUTCFullYear() + 1);

/** A seller whose offer the service priced at `cents`. */
async function offered(cents: number): Promise<{ session: BrowserSession; userId: string; offerId: number }> {
  const { session, profile } = await registerVerifiedUser(app);
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
  expect(created.statusCode).toBe(200);
  const offerId = created.json().payload.id as number;
  await makeCounterOffer(app.db, offerId, cents);
  return { session, userId: profile.id, offerId };
}

/** An accepted offer paid out to a card; answers its payout row. */
async function cardPayout(cents: number, cardNumber = '4242 4242 4242 4242') {
  const seller = await offered(cents);
  const accepted = await call(app, seller.session, 'POST', '/api/offer/withdraw/card', {
    ...payoutContact,
    card_number: cardNumber,
    card_holder_name: 'Ada Lovelace',
    expire_month: '12',
    expire_year: nextYear,
    id: seller.offerId,
    amount: String(cents / 100),
  });
  expect(accepted.statusCode).toBe(200);
  const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, seller.offerId));
  if (!payout) throw new Error('no payout');
  return { ...seller, payout };
}

const balanceOf = async (code: 'payouts_payable' | 'payouts_paid') =>
  (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.balance ?? 0;

describe('the sandbox payout provider', () => {
  it('keeps a card apart from the shop and answers a token, brand and last four digits', async () => {
    const provider = app.payoutProvider;
    const saved = await provider.saveCard({
      number: '5555555555554444',
      holder: 'Grace Hopper',
      expireMonth: 3,
      expireYear: Number(nextYear),
    });
    expect(saved).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(saved.token).toMatch(/^card_sandbox_[\w-]{20,}$/);
    const [kept] = await app.db
      .select()
      .from(sandboxPayoutCards)
      .where(eq(sandboxPayoutCards.token, saved.token));
    expect(kept?.cardSealed).not.toContain('5555');
    expect(unseal(app.config.appKey ?? '', SANDBOX_CARD_PURPOSE, kept?.cardSealed ?? '')).toEqual({
      card_number: '5555555555554444',
      card_holder_name: 'Grace Hopper',
      expire_month: 3,
      expire_year: Number(nextYear),
    });

    // Pending when created; the outcome on the first look; a completed payout cannot be cancelled.
    const paid = await provider.createPayout({
      reference: 'payout:t1',
      cardToken: saved.token,
      amountMinor: 1200,
      currency: 'EUR',
      attempt: 1,
    });
    expect(paid.state).toEqual({ state: 'pending' });
    expect(await provider.fetchState(paid.ref)).toEqual({ state: 'paid' });
    expect(await provider.cancel(paid.ref)).toEqual({ state: 'paid' });

    const cancelled = await provider.createPayout({
      reference: 'payout:t2',
      cardToken: saved.token,
      amountMinor: 500,
      currency: 'EUR',
      attempt: 1,
    });
    expect(await provider.cancel(cancelled.ref)).toEqual({ state: 'cancelled' });
    expect(await provider.fetchState(cancelled.ref)).toEqual({ state: 'cancelled' });

    await provider.releaseCard(saved.token);
    await provider.releaseCard(saved.token);
    expect(
      await app.db.select().from(sandboxPayoutCards).where(eq(sandboxPayoutCards.token, saved.token)),
    ).toEqual([]);
    await expect(
      provider.createPayout({
        reference: 'payout:t3',
        cardToken: saved.token,
        amountMinor: 500,
        currency: 'EUR',
        attempt: 1,
      }),
    ).rejects.toThrow(/no sandbox card/);
  });
});

describe('the sandbox payout provider on a public shop', () => {
  it('keeps cards but sends no payout: it moves no real money', async () => {
    const provider = sandboxPayoutProvider(app.db, {
      appKey: () => app.config.appKey ?? '',
      sendsPayouts: false,
    });
    const saved = await provider.saveCard({
      number: '4242424242424242',
      holder: 'Ada',
      expireMonth: 1,
      expireYear: Number(nextYear),
    });
    await expect(
      provider.createPayout({
        reference: 'payout:public',
        cardToken: saved.token,
        amountMinor: 100,
        currency: 'EUR',
        attempt: 1,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await provider.releaseCard(saved.token);
  });
});

describe('card payouts', () => {
  it('sends a card payout through the provider once and settles it paid through the ledger', async () => {
    const { payout, session } = await cardPayout(2500);
    const payable = await balanceOf('payouts_payable');
    // Two clicks at once: one sends, the other is told the payout is not requested any more.
    const outcomes = await Promise.allSettled([
      sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl }),
      sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT' },
    });
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
    // Paid: the provider forgot the card and the shop its token and contact details.
    expect(row).toMatchObject({
      status: 'paid',
      provider: 'sandbox',
      cardToken: null,
      detailsSealed: null,
      cardLast4: '4242',
    });
    expect(
      await app.db
        .select()
        .from(sandboxPayoutCards)
        .where(eq(sandboxPayoutCards.token, payout.cardToken ?? '')),
    ).toEqual([]);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await balanceOf('payouts_payable')).toBe(payable - 2500);
    const atProvider = await app.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.reference, `payout:${payout.id}`));
    expect(atProvider).toEqual([
      expect.objectContaining({ status: 'paid', amountMinor: 2500, currency: 'EUR' }),
    ]);
    await expect(
      sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const [offer] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    // The seller sees the payout: where it went (masked), how much, its status and dates.
    expect(offer.payout).toEqual({
      method: 'card',
      destination: 'Card •••• 4242',
      status: 'paid',
      amount: 25,
      currency: 'EUR',
      failure_reason: null,
      created_at: payout.createdAt.toISOString(),
      sent_at: row?.sentAt?.toISOString(),
      settled_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(offer)).not.toContain('4242424242424242');
  });

  it('fails a payout the card issuer declines and reverses what was owed', async () => {
    const { payout } = await cardPayout(1800, SANDBOX_DECLINING_CARD);
    const payable = await balanceOf('payouts_payable');
    const paidBefore = await balanceOf('payouts_paid');
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: SANDBOX_DECLINE_MESSAGE });
    expect(await balanceOf('payouts_payable')).toBe(payable - 1800);
    expect(await balanceOf('payouts_paid')).toBe(paidBefore);
  });

  it('cancels a card payout still pending at the provider before failing it', async () => {
    const { payout } = await cardPayout(900);
    const created = await app.payoutProvider.createPayout({
      reference: `payout:${payout.id}`,
      cardToken: payout.cardToken ?? '',
      amountMinor: 900,
      currency: 'EUR',
      attempt: 1,
    });
    await app.db
      .update(payouts)
      .set({ status: 'sent', sentAt: new Date(), providerRef: created.ref })
      .where(eq(payouts.id, payout.id));
    await cancelAtProvider(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    expect(await app.payoutProvider.fetchState(created.ref)).toEqual({ state: 'cancelled' });
    await settlePayout(
      app.db,
      payout.id,
      { paid: false, reason: 'The seller asked for a bank transfer.' },
      { appUrl: app.config.appUrl },
    );
    await expect(
      refreshCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it("marks a card payout paid only on its provider's word", async () => {
    const { payout } = await cardPayout(700);
    await expect(markPayoutPaid(app.db, payout.id, { appUrl: app.config.appUrl })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const opened = await openPayout(app.db, { payoutId: payout.id, appKey: app.config.appKey ?? '' });
    expect(opened).toMatchObject({ card: { brand: 'visa', last4: '4242' }, bank: null, status: 'requested' });
    expect(JSON.stringify(opened)).not.toContain('4242424242424242');
  });
});

describe('refusals of the back office', () => {
  it('answer 409 in the language of the request', async () => {
    await ensureAdmin(app.db, 'payout-refusals@example.test', strongPassword);
    const admin = await signInAsAdmin(app, 'payout-refusals@example.test');
    const german = { 'frontend-language': 'de' };
    const { payout } = await cardPayout(600);
    const paid = await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/paid`, undefined, german);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({
      message: `Auszahlung ${payout.id} wird von ihrem Zahlungsdienst ausgezahlt; sende sie stattdessen.`,
      code: 'CONFLICT',
    });
    expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/send`)).statusCode).toBe(200);
    const again = await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/send`, undefined, {
      'frontend-language': 'pl',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: `Wypłata ${payout.id} nie jest wypłatą na kartę czekającą na wysłanie.`,
      code: 'CONFLICT',
    });
    const failed = await call(
      app,
      admin,
      'POST',
      `/api/admin/payouts/${payout.id}/failed`,
      { reason: 'Too late.' },
      { 'frontend-language': 'fr' },
    );
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toEqual({
      message: `Le versement ${payout.id} a déjà le statut paid.`,
      code: 'CONFLICT',
    });
  });
});

describe('payout reconciliation', () => {
  it('learns the outcome of card payouts left pending at the provider, and releases paid cards', async () => {
    const { payout } = await cardPayout(1500);
    const created = await app.payoutProvider.createPayout({
      reference: `payout:${payout.id}`,
      cardToken: payout.cardToken ?? '',
      amountMinor: 1500,
      currency: 'EUR',
      attempt: 1,
    });
    const now = new Date();
    await app.db
      .update(payouts)
      .set({ status: 'sent', sentAt: new Date(now.getTime() - 5 * 60_000), providerRef: created.ref })
      .where(eq(payouts.id, payout.id));
    const errors: unknown[] = [];
    const context = {
      appUrl: app.config.appUrl,
      log: { error: (details: object) => void errors.push(details) },
    };
    // Sent five minutes ago: not yet asked about.
    await reconcileCardPayouts(app.db, app.payoutProvider, context, { now });
    expect((await app.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]?.status).toBe('sent');
    const later = new Date(now.getTime() + 20 * 60_000);
    expect(await reconcileCardPayouts(app.db, app.payoutProvider, context, { now: later })).toBeGreaterThan(
      0,
    );
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({ status: 'paid', cardToken: null });
    expect(errors).toEqual([]);

    // A paid payout whose card could not be released then is released by the next round.
    const other = await cardPayout(800);
    await sendCardPayout(app.db, app.payoutProvider, other.payout.id, { appUrl: app.config.appUrl });
    const token = await app.payoutProvider.saveCard({
      number: '4242424242424242',
      holder: 'Ada',
      expireMonth: 1,
      expireYear: Number(nextYear),
    });
    await app.db.update(payouts).set({ cardToken: token.token }).where(eq(payouts.id, other.payout.id));
    await reconcileCardPayouts(app.db, app.payoutProvider, context, { now: later });
    expect(
      (await app.db.select().from(payouts).where(eq(payouts.id, other.payout.id)))[0]?.cardToken,
    ).toBeNull();
    expect(
      await app.db.select().from(sandboxPayoutCards).where(eq(sandboxPayoutCards.token, token.token)),
    ).toEqual([]);
  });
});

describe('a failed payout', () => {
  it('tells the seller in their language, takes new details and is tried again until paid; the work is published only then', async () => {
    const { payout, session, userId, offerId } = await cardPayout(3300, SANDBOX_DECLINING_CARD);
    await app.db.update(users).set({ locale: 'de' }).where(eq(users.id, userId));
    const [seller] = await app.db.select().from(users).where(eq(users.id, userId));
    const publish = () =>
      publishOffer(app.db, app.storage, { offerId, priceCents: 500, prompt: 'A glass forest at dawn' });
    await expect(publish()).rejects.toMatchObject({ code: 'CONFLICT' });

    const payable = await balanceOf('payouts_payable');
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    expect(await balanceOf('payouts_payable')).toBe(payable - 3300);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, seller?.email ?? ''));
    const told = mails.find(
      (mail) => mail.subject === 'Deine Auszahlung für „Glass forest“ konnte nicht ausgeführt werden',
    );
    expect(told?.text).toContain(`${app.config.appUrl}/de/dashboard/offers`);
    const [failedOffer] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(failedOffer.payout).toMatchObject({ status: 'failed', failure_reason: SANDBOX_DECLINE_MESSAGE });
    await expect(publish()).rejects.toMatchObject({ code: 'CONFLICT' });

    // New bank details: owed again (its own ledger key), back in the queue; the old card is forgotten.
    const bank = await call(app, session, 'POST', '/api/offer/payout/sepa', {
      full_name: 'Ada Lovelace',
      iban: 'DE89 3704 0044 0532 0130 00',
      id: offerId,
    });
    expect(bank.statusCode).toBe(200);
    expect(bank.json().payload.payout).toMatchObject({
      method: 'sepa',
      destination: 'IBAN DE89 •••• 3000',
      status: 'requested',
    });
    expect(await balanceOf('payouts_payable')).toBe(payable);
    expect(
      await app.db
        .select()
        .from(sandboxPayoutCards)
        .where(eq(sandboxPayoutCards.token, payout.cardToken ?? '')),
    ).toEqual([]);
    const again = await call(
      app,
      session,
      'POST',
      '/api/offer/payout/sepa',
      { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', id: offerId },
      { 'frontend-language': 'it' },
    );
    expect(again.statusCode, 'only a failed payout takes new details').toBe(409);
    expect(again.json().message).toBe(
      `Il pagamento ${payout.id} ha lo stato requested; si ritenta solo un pagamento fallito.`,
    );

    // It fails a second time (reversed under the second attempt's key), then a card pays it.
    await settlePayout(
      app.db,
      payout.id,
      { paid: false, reason: 'The account is closed.' },
      { appUrl: app.config.appUrl },
    );
    expect(await balanceOf('payouts_payable')).toBe(payable - 3300);
    const card = await call(app, session, 'POST', '/api/offer/payout/card', {
      card_number: '5555 5555 5555 4444',
      card_holder_name: 'Ada Lovelace',
      expire_month: '12',
      expire_year: nextYear,
      amount: '33',
      id: offerId,
    });
    expect(card.statusCode).toBe(200);
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({
      status: 'requested',
      attempt: 3,
      method: 'card',
      cardBrand: 'mastercard',
      cardLast4: '4444',
    });
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const [paid] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(paid.payout).toMatchObject({ method: 'card', destination: 'Card •••• 4444', status: 'paid' });
    expect(await publish()).toBeGreaterThan(0);
  });

  it("takes new details only for the seller's own failed payout, a card only for the price", async () => {
    const { payout, offerId, session } = await cardPayout(1200, SANDBOX_DECLINING_CARD);
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const stranger = await registerVerifiedUser(app);
    const body = { full_name: 'Eve', iban: 'DE89370400440532013000', id: offerId };
    expect((await call(app, stranger.session, 'POST', '/api/offer/payout/sepa', body)).statusCode).toBe(404);
    const cards = (await app.db.select().from(sandboxPayoutCards)).length;
    const wrong = await call(app, session, 'POST', '/api/offer/payout/card', {
      card_number: '4242 4242 4242 4242',
      card_holder_name: 'Ada Lovelace',
      expire_month: '12',
      expire_year: nextYear,
      amount: '13',
      id: offerId,
    });
    expect(wrong.statusCode).toBe(422);
    expect((await app.db.select().from(sandboxPayoutCards)).length).toBe(cards);
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({ status: 'failed', attempt: 1 });
  });
});

describe('the status history of a payout tried again', () => {
  it('gives each attempt its own request date, from the ledger moves of that attempt', async () => {
    const { payout, offerId, session } = await cardPayout(1500, SANDBOX_DECLINING_CARD);
    const firstRequested = new Date('2026-01-05T10:00:00.000Z');
    await app.db.update(payouts).set({ createdAt: firstRequested }).where(eq(payouts.id, payout.id));
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const bank = { full_name: 'Ada Lovelace', iban: 'DE89370400440532013000', id: offerId };
    expect((await call(app, session, 'POST', '/api/offer/payout/sepa', bank)).statusCode).toBe(200);
    await settlePayout(
      app.db,
      payout.id,
      { paid: false, reason: 'The account is closed.' },
      { appUrl: app.config.appUrl },
    );
    const card = {
      card_number: '5555 5555 5555 4444',
      card_holder_name: 'Ada Lovelace',
      expire_month: '12',
      expire_year: nextYear,
      amount: '15',
      id: offerId,
    };
    expect((await call(app, session, 'POST', '/api/offer/payout/card', card)).statusCode).toBe(200);

    const movedAt = async (key: string) => (await findMove(app.db, key))?.createdAt.toISOString();
    const retried = await movedAt(`payout:${payout.id}:attempt:2`);
    const retriedAgain = await movedAt(`payout:${payout.id}:attempt:3`);
    expect(retried).toBeDefined();
    expect(retriedAgain).toBeDefined();
    const opened = await openPayout(app.db, { payoutId: payout.id, appKey: app.config.appKey ?? '' });
    expect(opened.attempt).toBe(3);
    expect(opened.history).toEqual([
      { status: 'requested', attempt: 1, at: firstRequested.toISOString(), reason: null },
      { status: 'failed', attempt: 1, at: await movedAt(`payout:${payout.id}:reversed`), reason: null },
      { status: 'requested', attempt: 2, at: retried, reason: null },
      { status: 'failed', attempt: 2, at: await movedAt(`payout:${payout.id}:reversed:2`), reason: null },
      { status: 'requested', attempt: 3, at: retriedAgain, reason: null },
    ]);
    expect(retried).not.toBe(firstRequested.toISOString());

    // The current attempt adds its sending and its outcome, with the reason it failed.
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const sent = await openPayout(app.db, { payoutId: payout.id, appKey: app.config.appKey ?? '' });
    expect(sent.history.slice(5).map(({ status, attempt }) => [status, attempt])).toEqual([
      ['sent', 3],
      ['paid', 3],
    ]);
  });
});

describe("another user's payout", () => {
  const card = {
    card_number: '5555 5555 5555 4444',
    card_holder_name: 'Eve Stranger',
    expire_month: '12',
    expire_year: nextYear,
  };

  /** Everything a request about a payout could change: its row, the kept cards, the ledger, the mails. */
  async function state(offerId: number) {
    return {
      payouts: await app.db.select().from(payouts).where(eq(payouts.offerId, offerId)),
      cards: await app.db.select().from(sandboxPayoutCards),
      payable: await balanceOf('payouts_payable'),
      mails: (await app.db.select().from(mailOutbox)).length,
    };
  }

  it('answers 404 to a new card or new bank details for it, and changes nothing', async () => {
    const { payout, offerId, session } = await cardPayout(1200, SANDBOX_DECLINING_CARD);
    await sendCardPayout(app.db, app.payoutProvider, payout.id, { appUrl: app.config.appUrl });
    const stranger = await registerVerifiedUser(app);
    const before = await state(offerId);
    expect(before.payouts).toMatchObject([{ status: 'failed', attempt: 1 }]);

    const newCard = await call(app, stranger.session, 'POST', '/api/offer/payout/card', {
      ...card,
      amount: '12',
      id: offerId,
    });
    expect(newCard.statusCode).toBe(404);
    expect(newCard.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bank = { full_name: 'Eve Stranger', iban: 'DE89370400440532013000', id: offerId };
    const newBank = await call(app, stranger.session, 'POST', '/api/offer/payout/sepa', bank);
    expect(newBank.statusCode).toBe(404);
    expect(await state(offerId)).toEqual(before);

    // The seller's own request with the same card is taken: the refusals were about whose payout it is.
    const own = await call(app, session, 'POST', '/api/offer/payout/card', {
      ...card,
      amount: '12',
      id: offerId,
    });
    expect(own.statusCode).toBe(200);
    expect((await state(offerId)).payouts).toMatchObject([
      { status: 'requested', attempt: 2, cardLast4: '4444' },
    ]);
  });

  it('answers 404 to accepting the counter-price of another user’s offer with a card or a transfer, and creates no payout', async () => {
    const { offerId } = await offered(2500);
    const stranger = await registerVerifiedUser(app);
    const before = await state(offerId);
    const withCard = await call(app, stranger.session, 'POST', '/api/offer/withdraw/card', {
      ...payoutContact,
      ...card,
      amount: '25',
      id: offerId,
    });
    expect(withCard.statusCode).toBe(404);
    const byTransfer = await call(app, stranger.session, 'POST', '/api/offer/withdraw/sepa', {
      ...payoutContact,
      full_name: 'Eve Stranger',
      iban: 'DE89370400440532013000',
      amount: '25',
      id: offerId,
    });
    expect(byTransfer.statusCode).toBe(404);
    expect(await state(offerId)).toEqual(before);
    expect(before.payouts).toEqual([]);
  });
});

describe('migration 0025', () => {
  it('moves the card numbers of existing payouts to the sandbox provider and keeps token, brand and last four', async () => {
    // The migrations up to 0024, a payout as the shop stored it then, then 0025.
    const folder = mkdtempSync(path.join(tmpdir(), 'pm-migrations-'));
    try {
      cpSync(migrationsDir, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
      const full = structuredClone(journal);
      journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 25);
      writeFileSync(journalFile, JSON.stringify(journal));
      const database = await openPglite(null);
      try {
        await migratePglite(database.db as never, { migrationsFolder: folder });
        const appKey = app.config.appKey ?? '';
        const legacy = seal(appKey, 'payout-details', {
          card_number: '4242424242424242',
          card_holder_name: 'Ada Lovelace',
          expire_month: 12,
          expire_year: 2030,
          contact: payoutContact,
        });
        const bank = seal(appKey, 'payout-details', {
          full_name: 'Ada Lovelace',
          iban: 'DE89370400440532013000',
          contact: payoutContact,
        });
        // Foreign keys aside (until 0025 ran): the rows matter here, not their users and offers.
        await database.db.execute(sql`set session_replication_role = replica`);
        await database.db.execute(sql`
          insert into payouts (user_id, offer_id, method, amount_cents, ledger_amount, destination_masked, details_sealed)
          values (gen_random_uuid(), 1, 'card', 3000, 3000, 'Card •••• 4242', ${legacy}),
                 (gen_random_uuid(), 2, 'sepa', 4000, 4000, 'IBAN DE89 •••• 3000', ${bank})`);
        writeFileSync(journalFile, JSON.stringify(full));
        await migratePglite(database.db as never, { migrationsFolder: folder });
        await database.db.execute(sql`set session_replication_role = origin`);

        const rows = await database.db.select().from(payouts).orderBy(payouts.offerId);
        expect(rows[0]).toMatchObject({
          method: 'card',
          provider: 'sandbox',
          cardLast4: '4242',
          detailsSealed: null,
        });
        expect(rows[1]).toMatchObject({ method: 'sepa', cardToken: null, detailsSealed: bank });
        const [card] = await database.db.select().from(sandboxPayoutCards);
        expect(card).toMatchObject({ token: rows[0]?.cardToken, last4: '4242' });
        expect(unseal(appKey, SANDBOX_CARD_PURPOSE, card?.cardSealed ?? '')).toMatchObject({
          card_number: '4242424242424242',
        });
        const dump = JSON.stringify(await database.db.select().from(payouts));
        expect(dump).not.toContain(legacy);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
