import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { type OfferShelf, offerGlassForest, offerShelf, payoutContact } from '../../test/offers';
import { adminAudit } from '../audit/audit.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { payouts } from '../payouts/payouts.tables';
import { throttles } from '../throttle/throttle.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';

// Marking several payouts paid at once: each that left in a SEPA file is paid and audited on its
// own; one that cannot be is named with why, and stops no other.

let app: TestApp;
let shelf: OfferShelf;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp({
    SEPA_DEBTOR_NAME: 'PromptMarket GmbH',
    SEPA_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
    SEPA_DEBTOR_BIC: 'BYLADEM1001',
  });
  await createCatalogue(app.db, []);
  shelf = await offerShelf(app.db);
  admin = await newAdmin(app, 'paying-admin@example.test');
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function bankPayout(cents: number): Promise<number> {
  const { session } = await registerVerifiedUser(app);
  await app.db.delete(throttles).where(like(throttles.key, 'offer-create:ip:%'));
  const offerId = await offerGlassForest(app, session, shelf);
  await makeCounterOffer(app.db, offerId, cents);
  const accepted = await call(app, session, 'POST', '/api/offer/approve', {
    ...payoutContact,
    full_name: 'Grace Hopper',
    iban: 'NL91 ABNA 0417 1643 00',
    id: offerId,
    amount: String(cents / 100),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
  if (!payout) throw new Error('no payout');
  return payout.id;
}

const markPaid = (ids: number[], key: string) =>
  call(app, admin, 'POST', '/api/admin/payouts/paid', { ids }, { 'idempotency-key': key });

describe('marking several payouts paid', () => {
  it('pays each on its own, audited, and names those it cannot pay with why', async () => {
    const left = [await bankPayout(4100), await bankPayout(4200), await bankPayout(4300)];
    const exported = await call(app, admin, 'POST', '/api/admin/payout-batches', undefined, {
      'idempotency-key': 'export-for-bulk',
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [first, second, third] = left as [number, number, number];
    expect((await markPaid([first], 'bulk-paid-first')).json().payload).toEqual({
      done: [first],
      failed: [],
    });

    const unknown = 99_999_999;
    const answer = await markPaid([first, second, unknown, third, second], 'bulk-paid-rest');
    expect(answer.statusCode, answer.body).toBe(200);
    const { done, failed } = answer.json().payload;
    expect(done).toEqual([second, third]);
    expect(failed.map((failure: { id: number; code: string }) => [failure.id, failure.code])).toEqual([
      [first, 'CONFLICT'],
      [unknown, 'NOT_FOUND'],
    ]);
    // Told in words, not as a message key.
    for (const failure of failed) expect(failure.message).not.toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(answer.json().message).toBe('2 of 4 failed');

    const rows = await app.db.select().from(payouts).where(inArray(payouts.id, left));
    expect(rows.map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
    const entries = await app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'payout.paid'), inArray(adminAudit.subjectId, left.map(String))));
    expect(entries).toHaveLength(3);

    // Sent again under its key, it answers the same and pays nothing twice.
    const again = await markPaid([first, second, unknown, third, second], 'bulk-paid-rest');
    expect(again.json()).toEqual(answer.json());
    expect(await app.db.select().from(adminAudit).where(eq(adminAudit.action, 'payout.paid'))).toHaveLength(
      3,
    );
  });

  it('takes between 1 and 100 payouts, and admins only', async () => {
    expect((await markPaid([], 'bulk-paid-empty')).statusCode).toBe(422);
    const many = Array.from({ length: 101 }, (_, index) => index + 1);
    expect((await markPaid(many, 'bulk-paid-many')).statusCode).toBe(422);
    const { session } = await registerVerifiedUser(app);
    const refused = await call(app, session, 'POST', '/api/admin/payouts/paid', { ids: [1] });
    expect(refused.statusCode).toBe(403);
  });
});
