import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import {
  backOfficeWithCatalogue,
  cardPayoutDetails,
  type OfferShelf,
  offerGlassForest,
  payoutContact,
} from '../../test/offers';
import { submitVerification } from '../../test/verification';
import { adminAudit } from '../audit/audit.tables';
import { makeCounterOffer } from '../offers/offers.service';
import { payouts } from '../payouts/payouts.tables';
import { sandboxPayouts } from '../payouts/sandbox.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { pruneAdminIdempotencyKeys } from './admin.idempotency';
import { adminIdempotencyKeys } from './admin.tables';

/** The back office's actions that move money or decide, sent again with the same Idempotency-Key. */

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;
let keys = 0;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'keys@example.test'));
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

const newKey = () => `dialog-${Date.now()}-${++keys}`;
const send = (path: string, key: string, body?: unknown, as = admin) =>
  call(app, as, 'POST', path, body, { 'idempotency-key': key });

async function offerWaiting(): Promise<{ session: BrowserSession; offerId: number }> {
  const { session } = await registerVerifiedUser(app);
  return { session, offerId: await offerGlassForest(app, session, shelf) };
}

/** A payout the seller asked for: to a card (sent through the provider) or to a bank account. */
async function payout(cents: number, method: 'card' | 'sepa') {
  const { session, offerId } = await offerWaiting();
  await makeCounterOffer(app.db, offerId, cents);
  const accepted =
    method === 'card'
      ? await call(app, session, 'POST', '/api/offer/withdraw/card', {
          ...cardPayoutDetails,
          id: offerId,
          amount: String(cents / 100),
        })
      : await call(app, session, 'POST', '/api/offer/approve', {
          ...payoutContact,
          full_name: 'Ada Lovelace',
          iban: 'DE89 3704 0044 0532 0130 00',
          id: offerId,
        });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [row] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
  if (!row) throw new Error('no payout');
  return row;
}

const balanceOf = async (code: 'payouts_payable' | 'payouts_paid') =>
  (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.balance ?? 0;

const auditCount = async (action: string, subjectId: number) =>
  (
    await app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.subjectId, String(subjectId))))
  ).length;

describe('sending a payout twice with one key', () => {
  it('moves the money once: a double click gets the first answer or waits for it, never a second payout', async () => {
    const row = await payout(2500, 'card');
    const paidBefore = await balanceOf('payouts_paid');
    const key = newKey();
    const path = `/api/admin/payouts/${row.id}/send`;
    const [first, second] = await Promise.all([send(path, key), send(path, key)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // The second click either found the first answer or the first still running (409, try again).
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    for (const answer of [first, second].filter((response) => response.statusCode === 409)) {
      expect(answer.json()).toEqual({
        message: 'This request is still being answered. Try again in a moment.',
        code: 'CONFLICT',
      });
    }
    // The retry after the answer was lost: the same answer, and nothing sent again.
    const again = await send(path, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'OK', message: 'Payout sent' });
    expect(await balanceOf('payouts_paid')).toBe(paidBefore + 2500);
    expect(
      await app.db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, `payout:${row.id}`)),
    ).toHaveLength(1);
    expect(await auditCount('payout.send', row.id)).toBe(1);

    // Without a key a second send is refused by the payout's own state.
    const plain = await call(app, admin, 'POST', path);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().code).toBe('CONFLICT');
  });

  it('refuses the same key for another payout or other details with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const [one, other] = [await payout(700, 'sepa'), await payout(800, 'sepa')];
    const key = newKey();
    expect((await send(`/api/admin/payouts/${one.id}/paid`, key)).statusCode).toBe(200);
    const reused = await send(`/api/admin/payouts/${other.id}/paid`, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      message: 'This request was already made with other details.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const [kept] = await app.db.select().from(payouts).where(eq(payouts.id, other.id));
    expect(kept?.status).toBe('requested');
    // Marked paid twice with its key: paid once.
    const paidBefore = await balanceOf('payouts_paid');
    expect((await send(`/api/admin/payouts/${one.id}/paid`, key)).statusCode).toBe(200);
    expect(await balanceOf('payouts_paid')).toBe(paidBefore);
    expect(await auditCount('payout.paid', one.id)).toBe(1);

    const failKey = newKey();
    const failed = await send(`/api/admin/payouts/${other.id}/failed`, failKey, { reason: 'Closed.' });
    expect(failed.statusCode).toBe(200);
    expect(
      (await send(`/api/admin/payouts/${other.id}/failed`, failKey, { reason: 'Closed.' })).statusCode,
    ).toBe(200);
    expect(
      (await send(`/api/admin/payouts/${other.id}/failed`, failKey, { reason: 'Another reason.' }))
        .statusCode,
    ).toBe(409);
    expect(await auditCount('payout.failed', other.id)).toBe(1);
  });

  it('keeps each admin’s keys apart, and gives a key back when its action failed', async () => {
    const second = await newAdmin(app, 'keys-two@example.test');
    const row = await payout(900, 'sepa');
    const key = newKey();
    // Another admin's same key is another request: it runs, and is refused by the payout's state.
    expect((await send(`/api/admin/payouts/${row.id}/paid`, key)).statusCode).toBe(200);
    const theirs = await send(`/api/admin/payouts/${row.id}/paid`, key, undefined, second);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().code).toBe('CONFLICT');
    const [kept] = await app.db.select().from(adminIdempotencyKeys).where(eq(adminIdempotencyKeys.key, key));
    expect(kept?.answer).toEqual({ status: 'OK', message: 'Payout marked as paid' });
    expect(
      await app.db.select().from(adminIdempotencyKeys).where(eq(adminIdempotencyKeys.key, key)),
    ).toHaveLength(1);
  });
});

describe('deciding twice with one key', () => {
  it('prices an offer once', async () => {
    const { offerId } = await offerWaiting();
    const key = newKey();
    const path = `/api/admin/offers/${offerId}/counter`;
    expect((await send(path, key, { service_price: 20 })).statusCode).toBe(200);
    const again = await send(path, key, { service_price: 20 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'OK', message: 'Counter-offer sent' });
    expect((await send(path, key, { service_price: 25 })).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await auditCount('offer.counter', offerId)).toBe(1);
  });

  it('approves a verification once', async () => {
    const { session } = await registerVerifiedUser(app);
    const id = await submitVerification(app, session, shelf.png);
    const key = newKey();
    const path = `/api/admin/verifications/${id}/approve`;
    expect((await send(path, key)).statusCode).toBe(200);
    const again = await send(path, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'OK', message: 'Verification approved' });
    expect((await send(`/api/admin/verifications/${id}/decline`, key, { reason: 'No.' })).statusCode).toBe(
      409,
    );
    expect(await auditCount('verification.approve', id)).toBe(1);
  });

  it('forgets keys after a week', async () => {
    const { offerId } = await offerWaiting();
    const key = newKey();
    expect(
      (await send(`/api/admin/offers/${offerId}/decline`, key, { reason: 'Not ours.' })).statusCode,
    ).toBe(200);
    expect(await pruneAdminIdempotencyKeys(app.db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await pruneAdminIdempotencyKeys(app.db, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThan(0);
    expect(await app.db.select().from(adminIdempotencyKeys).where(eq(adminIdempotencyKeys.key, key))).toEqual(
      [],
    );
  });

  it('refuses a malformed key', async () => {
    const { offerId } = await offerWaiting();
    const bad = await send(`/api/admin/offers/${offerId}/counter`, 'short', { service_price: 20 });
    expect(bad.statusCode).toBe(422);
  });
});
