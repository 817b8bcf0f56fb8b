import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { cardDepositForm, payOnSandbox } from '../../test/deposits';
import { type OfferShelf, offerGlassForest, offerShelf, payoutContact } from '../../test/offers';
import { makeCounterOffer } from '../offers/offers.service';
import { payouts } from '../payouts/payouts.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { walletBalance } from '../wallet/wallet.service';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { forgetSiteCache } from './site.service';
import { settings } from './site.tables';

// What a payment is worth in the shop: its amount divided by the rate, in euro cents and then in
// units of the shop's own currency, each step rounded down, so that rounding never gives money away.
// A credit of 0.30 EUR leaves a remainder at the second step as the dollar's rate does at the first.

let app: TestApp;
let shelf: OfferShelf;

beforeAll(async () => {
  app = await createTestApp();
  await app.db
    .update(settings)
    .set({ value: JSON.stringify('0.30') })
    .where(eq(settings.key, 'internal_currency_rate_eur'));
  forgetSiteCache(app.db);
  await createCatalogue(app.db, []);
  shelf = await offerShelf(app.db);
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function deposits(session: BrowserSession) {
  return (await call(app, session, 'GET', '/api/deposit/history')).json().payload;
}

describe('a payment converted at a rate', () => {
  it('credits a deposit the lower figure at each step: 30.00 USD at 1.08 is 27.77 EUR, 92.56 credits at 0.30 EUR', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    // 3000 / 1.08 = 2777.78 cents, kept as 2777; 2777 / 0.30 = 9256.67 units, kept as 9256. Rounding
    // up at either step would credit 9257 or 9260.
    const checkout = await call(app, session, 'POST', '/api/deposit/checkout', {
      ...cardDepositForm,
      amount: '30.00',
      currency: 'USD',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = checkout.json();
    await payOnSandbox(app, order.redirect_url);
    const status = await call(app, session, 'GET', `/api/deposit/status?order_id=${order.order_id}`);
    expect(status.json().order).toMatchObject({ status: 'success', internal_amount: 92.56 });

    expect(await walletBalance(app.db, profile.id)).toBe(9256);
    const profileAnswer = (await call(app, session, 'GET', '/api/user/profile')).json().payload;
    expect(profileAnswer.balance).toBe(92.56);
    expect(await deposits(session)).toEqual([
      expect.objectContaining({ sum: 30, currency: 'USD', internal_amount: 92.56, status: 'success' }),
    ]);
  });

  it('owes a seller the lower figure: a share of 10.00 EUR at 0.30 EUR is 33.33 credits, not 33.34', async () => {
    const { session } = await registerVerifiedUser(app);
    const offerId = await offerGlassForest(app, session, shelf);
    await makeCounterOffer(app.db, offerId, 1_000);
    const payable = async () =>
      (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'payouts_payable')))[0]
        ?.balance ?? 0;
    const before = await payable();

    const accepted = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Grace Hopper',
      iban: 'NL91 ABNA 0417 1643 00',
      id: offerId,
      amount: '10',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    expect(payout).toMatchObject({ amountCents: 1_000, ledgerAmount: 3_333 });
    expect((await payable()) - before).toBe(3_333);
  });
});
