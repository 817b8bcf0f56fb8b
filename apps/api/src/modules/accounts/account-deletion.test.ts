import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  lastMailTo,
  registerVerifiedUser,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { startCardDeposit, untilALockIsAwaited } from '../../test/deposits';
import { cardPayoutDetails, type OfferShelf, offerGlassForest, offerShelf } from '../../test/offers';
import { signal } from '../../test/signal';
import { translateCurrencyName } from '../../test/site';
import { deposits } from '../deposits/deposits.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { settlePayout } from '../payouts/payouts.service';
import { payouts } from '../payouts/payouts.tables';
import { forgetSiteCache } from '../site/site.service';
import { settings } from '../site/site.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, debitWallet, walletBalance } from '../wallet/wallet.service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../wallet/wallet.tables';
import { users } from './accounts.tables';

let app: TestApp;
let shelf: OfferShelf;
let depositId = 9_100_000;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  shelf = await offerShelf(app.db);
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const remove = (session: BrowserSession, body: Record<string, unknown>, language = 'en') =>
  call(app, session, 'DELETE', '/api/user/delete', body, { 'frontend-language': language });

/** The ledger's transactions giving up the balance of a deleted account. */
const forfeitsOf = (userId: string) =>
  app.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `account:${userId}:forfeit`));

const adjustments = async () =>
  (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'adjustments')))[0]?.balance ?? 0;

async function funded(amount: number) {
  const user = await registerVerifiedUser(app);
  depositId += 1;
  await creditDeposit(app.db, { userId: user.profile.id, provider: 'sandbox', depositId, amount });
  return user;
}

describe('deleting an account that holds money', () => {
  it('says so first with the balance, and deletes only on the explicit choice to give it up', async () => {
    const { session, email, profile } = await funded(1250);
    // The balance is named as the shop calls its currency, in each language.
    await app.db
      .insert(settings)
      .values({ key: 'internal_currency_name', value: JSON.stringify('Tokens') })
      .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify('Tokens') } });
    await translateCurrencyName(app.db, 'de', 'Jetons');
    forgetSiteCache(app.db);

    const asked = await remove(session, { password: strongPassword }, 'de');
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'ACCOUNT_HAS_BALANCE',
      message:
        'Dein Guthaben von 12,50 Jetons würde verfallen. Bestätige, dass du darauf verzichtest, um dein Konto zu löschen.',
      balance: 12.5,
    });
    const declined = await remove(session, { password: strongPassword, confirm_forfeit_balance: false });
    expect(declined.statusCode).toBe(409);
    // Nothing happened: still signed in, the money still there.
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });
    expect(await walletBalance(app.db, profile.id)).toBe(1250);

    const before = await adjustments();
    const deleted = await remove(session, { password: strongPassword, confirm_forfeit_balance: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: false });

    // The balance moved to the shop through the ledger, once; the deposit's entries are kept.
    expect(await walletBalance(app.db, profile.id)).toBe(0);
    expect((await adjustments()) - before).toBe(1250);
    const forfeits = await forfeitsOf(profile.id);
    expect(forfeits).toHaveLength(1);
    const deposit = await app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `deposit:${depositId}`));
    expect(deposit).toHaveLength(1);
    const entries = await app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, deposit[0]?.id ?? 0));
    expect(entries).toHaveLength(2);

    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe('Your PromptMarket account was deleted');
    expect(mail.text).toContain('The balance of 12.50 Tokens that was left on it was given up');
    expect(mail.html).toContain('12.50 Tokens');
  });

  it('writes the balance given up in the genitive Polish needs after "w wysokości"', async () => {
    const { session, email, profile } = await funded(200);
    await translateCurrencyName(app.db, 'pl', 'Kredyty');
    forgetSiteCache(app.db);
    await app.db.update(users).set({ locale: 'pl' }).where(eq(users.id, profile.id));

    const asked = await remove(session, { password: strongPassword }, 'pl');
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      'Twoje saldo w wysokości 2 kredytów przepadnie. Potwierdź, że z niego rezygnujesz, aby usunąć konto.',
    );
    const deleted = await remove(session, { password: strongPassword, confirm_forfeit_balance: true }, 'pl');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await lastMailTo(app, email)).text).toContain('saldo w wysokości 2 kredytów przepadło');
  });

  it('deletes an account without money at once, and mails the user in their language', async () => {
    const { session, email } = await registerVerifiedUser(app);
    await call(
      app,
      session,
      'PUT',
      '/api/user/profile',
      { first_name: 'Ada' },
      { 'frontend-language': 'fr' },
    );
    const deleted = await remove(session, { password: strongPassword });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toBe('Votre compte PromptMarket a été supprimé');
    expect(mail.text).not.toContain('Le solde de');
    expect(mail.text).toContain('/fr/contact-us');
  });

  it('refuses while a payout is not paid, listing it, and deletes once it is paid', async () => {
    const { session, profile, email } = await registerVerifiedUser(app);
    const offerId = await offerGlassForest(app, session, shelf);
    await makeCounterOffer(app.db, offerId, 6000);
    const accepted = await call(app, session, 'POST', '/api/offer/withdraw/card', {
      ...cardPayoutDetails,
      id: offerId,
      amount: '60',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    if (!payout) throw new Error('no payout');

    const refused = await remove(session, { password: strongPassword, confirm_forfeit_balance: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_HAS_UNPAID_PAYOUT',
      message: 'A payout to you is not paid yet (1). Your account can be deleted once it is paid.',
      payouts: [
        { id: payout.id, amount_eur: 60, status: payout.status, created_at: payout.createdAt.toISOString() },
      ],
    });
    const [kept] = await app.db.select().from(users).where(eq(users.id, profile.id));
    expect(kept?.deletedAt).toBeNull();

    await settlePayout(app.db, payout.id, { paid: true }, { appUrl: 'http://localhost' });
    const deleted = await remove(session, { password: strongPassword });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await lastMailTo(app, email)).subject).toBe('Your PromptMarket account was deleted');
  });

  it('refuses while a deposit is still processing at its provider, listing it, and deletes once it failed', async () => {
    const { session } = await registerVerifiedUser(app);
    const started = await startCardDeposit(app, session);
    expect(started.statusCode, started.body).toBe(200);
    const [deposit] = await app.db.select().from(deposits).where(eq(deposits.id, started.json().order_id));
    if (!deposit) throw new Error('no deposit');

    // Paid later, it would credit an account that is gone: the user waits until it settles.
    const refused = await remove(session, { password: strongPassword, confirm_forfeit_balance: true }, 'pl');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_HAS_PENDING_DEPOSIT',
      message:
        'Twoja wpłata jest jeszcze przetwarzana przez operatora płatności (1). Konto można usunąć, gdy zostanie opłacona lub się nie powiedzie.',
      deposits: [
        { id: deposit.id, amount: 25, currency: 'EUR', created_at: deposit.createdAt.toISOString() },
      ],
    });
    expect((await call(app, session, 'GET', '/api/is-auth')).json()).toEqual({ authenticated: true });

    await app.db.update(deposits).set({ status: 'failed' }).where(eq(deposits.id, deposit.id));
    const deleted = await remove(session, { password: strongPassword });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')(
  'deleting an account at the same moment twice (PostgreSQL)',
  () => {
    it('gives the balance up once through the ledger', async () => {
      const { session, profile } = await funded(4321);
      const before = await adjustments();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          remove(session, { password: strongPassword, confirm_forfeit_balance: true }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      // The others find the account gone: signed out, or deleted by the first.
      expect(codes.filter((code) => code !== 200).every((code) => code === 401 || code === 404)).toBe(true);
      expect(await walletBalance(app.db, profile.id)).toBe(0);
      expect((await adjustments()) - before).toBe(4321);
      const forfeits = await forfeitsOf(profile.id);
      expect(forfeits.map((forfeit) => forfeit.amount)).toEqual([4321]);
    });
  },
);

describe.runIf(testDatabaseKind() === 'postgres')(
  'deleting an account while its balance is spent (PostgreSQL)',
  () => {
    it('gives up what is left of a balance that was being spent while the deletion began', async () => {
      const { session, profile } = await funded(5000);
      const finished = signal();
      const spent = signal();
      // A purchase's debit, written but not yet committed, holds the wallet.
      const spending = app.db.transaction(async (tx) => {
        await debitWallet(tx, {
          userId: profile.id,
          amount: 1200,
          key: `deletion-race-${profile.id}`,
          kind: 'purchase',
          reference: `deletion-race-${profile.id}`,
        });
        spent.fire();
        await finished.promise;
      });
      await spent.promise;
      const before = await adjustments();
      const deletion = remove(session, { password: strongPassword, confirm_forfeit_balance: true });
      await untilALockIsAwaited(app.db);
      finished.fire();
      await spending;
      const deleted = await deletion;
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await walletBalance(app.db, profile.id)).toBe(0);
      expect((await adjustments()) - before).toBe(3800);
    });
  },
);
