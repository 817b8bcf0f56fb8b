import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { type Database, openPostgres } from '../../db/client';
import { call, registerVerifiedUser, signInAsAdmin, strongPassword } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import {
  cardPayoutDetails,
  type OfferShelf,
  offerGlassForest,
  offerShelf,
  payoutContact,
} from '../../test/offers';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { makeCounterOffer } from '../offers/offers.service';
import { throttles } from '../throttle/throttle.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { createSepaBatch, reconcileCardPayouts, sendCardPayout } from './payouts.service';
import { payoutBatches, payouts } from './payouts.tables';
import { sandboxPayouts } from './sandbox.tables';

const ROUNDS = 10;

let app: TestApp;
let shelf: OfferShelf;
// A second opening of the test database, as another process of the shop would hold it.
let other: Database | undefined;

beforeAll(async () => {
  app = await createTestApp({
    SEPA_DEBTOR_NAME: 'PromptMarket GmbH',
    SEPA_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
    SEPA_DEBTOR_BIC: 'BYLADEM1001',
  });
  await createCatalogue(app.db, []);
  shelf = await offerShelf(app.db);
  if (app.testDatabase.kind === 'postgres' && app.testDatabase.url) {
    other = await openPostgres(app.testDatabase.url, 4);
  }
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** A seller's offer, counter-priced at `cents` and accepted with a payout of `details`. */
async function acceptedPayout(cents: number, path: string, details: Record<string, unknown>) {
  const { session } = await registerVerifiedUser(app);
  // Every offer here comes from one test address; its hourly limit on new offers is not under test.
  await app.db.delete(throttles).where(like(throttles.key, 'offer-create:ip:%'));
  const offerId = await offerGlassForest(app, session, shelf);
  await makeCounterOffer(app.db, offerId, cents);
  const accepted = await call(app, session, 'POST', path, {
    ...details,
    id: offerId,
    amount: String(cents / 100),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
  if (!payout) throw new Error('no payout');
  return payout;
}

const bankPayout = (cents: number) =>
  acceptedPayout(cents, '/api/offer/approve', {
    ...payoutContact,
    full_name: 'Grace Hopper',
    iban: 'NL91 ABNA 0417 1643 00',
  });

const balanceOf = async (code: 'payouts_payable' | 'payouts_paid') =>
  (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.balance ?? 0;

describe.runIf(testDatabaseKind() === 'postgres')('two SEPA exports at the same moment (PostgreSQL)', () => {
  it(`put every waiting bank payout into exactly one file, ${ROUNDS} rounds`, async () => {
    if (!other) throw new Error('no second opening of the database');
    const second = other.db;
    const { profile } = await registerVerifiedUser(app);
    for (let round = 0; round < ROUNDS; round += 1) {
      const waiting = [];
      for (const cents of [1000 + round, 2000 + round, 3000 + round]) waiting.push(await bankPayout(cents));
      const ids = waiting.map((payout) => payout.id);
      // Two admins press Export at once, each through its own process's connections.
      const outcomes = await Promise.allSettled(
        [app.db, second].map((db) =>
          db.transaction((tx) => createSepaBatch(tx as unknown as Db, { adminId: profile.id })),
        ),
      );
      const made = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      // An export that found every payout taken by the other says so; nothing else fails.
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
        }
      }
      expect(made.length).toBeGreaterThan(0);
      const rows = await app.db.select().from(payouts).where(inArray(payouts.id, ids));
      // None lost: each payout is sent in one of the files made this round.
      expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
      const batchIds = made.map((batch) => batch.id);
      for (const row of rows) expect(batchIds).toContain(row.batchId);
      // None twice: each file counts exactly the payouts that point at it, with their sum.
      for (const batch of made) {
        const inBatch = rows.filter((row) => row.batchId === batch.id);
        expect(batch.transfers).toBe(inBatch.length);
        expect(batch.totalCents).toBe(inBatch.reduce((sum, row) => sum + row.amountCents, 0));
      }
      const stored = await app.db.select().from(payoutBatches).where(inArray(payoutBatches.id, batchIds));
      expect(stored.reduce((sum, batch) => sum + batch.transfers, 0)).toBe(3);
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')(
  'two admins exporting at the same moment (PostgreSQL)',
  () => {
    it(`get one file each of different payouts, or one file and a 409, ${ROUNDS} rounds`, async () => {
      const admins = [];
      for (const email of ['export-one@example.test', 'export-two@example.test']) {
        expect(await ensureAdmin(app.db, email, strongPassword)).toBe('created');
        admins.push(await signInAsAdmin(app, email));
      }
      const [reader] = admins;
      if (!reader) throw new Error('no admin');
      for (let round = 0; round < ROUNDS; round += 1) {
        const waiting = [];
        for (const cents of [4000 + round, 5000 + round]) waiting.push(await bankPayout(cents));
        const ids = waiting.map((payout) => payout.id);
        const answers = await Promise.all(
          admins.map((admin) => call(app, admin, 'POST', '/api/admin/payout-batches')),
        );
        const files = answers
          .filter((answer) => answer.statusCode === 200)
          .map((answer) => answer.json().payload);
        expect(files.length).toBeGreaterThan(0);
        for (const answer of answers.filter((other) => other.statusCode !== 200)) {
          expect(answer.statusCode, answer.body).toBe(409);
        }
        const rows = await app.db.select().from(payouts).where(inArray(payouts.id, ids));
        expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
        expect(files.reduce((count, file) => count + file.transfers, 0)).toBe(2);
        // Each file, downloaded, carries the payouts that point at it and no other.
        for (const file of files) {
          const xml = (await call(app, reader, 'GET', file.file_url)).body;
          const carried = [...xml.matchAll(/<EndToEndId>PAYOUT-(\d+)<\/EndToEndId>/g)].map((match) =>
            Number(match[1]),
          );
          expect(carried.sort()).toEqual(
            rows
              .filter((row) => row.batchId === file.id)
              .map((row) => row.id)
              .sort(),
          );
        }
      }
    });
  },
);

describe.runIf(testDatabaseKind() === 'postgres')(
  'a card payout sent while the reconciliation runs (PostgreSQL)',
  () => {
    it(`is paid once at the provider and once in the ledger, ${ROUNDS} rounds`, async () => {
      if (!other) throw new Error('no second opening of the database');
      const second = other.db;
      const errors: unknown[] = [];
      const context = {
        appUrl: app.config.appUrl,
        log: { error: (details: object) => void errors.push(details) },
      };
      // The reconciliation asks about every sent payout: its clock is an hour ahead.
      const later = () => new Date(Date.now() + 60 * 60_000);
      for (let round = 0; round < ROUNDS; round += 1) {
        const payout = await acceptedPayout(500 + round, '/api/offer/withdraw/card', cardPayoutDetails);
        const payable = await balanceOf('payouts_payable');
        const paid = await balanceOf('payouts_paid');
        let sending = true;
        const send = sendCardPayout(app.db, app.payoutProvider, payout.id, {
          appUrl: app.config.appUrl,
        }).finally(() => {
          sending = false;
        });
        // Another process's reconciliation loop, going round as fast as it can while the send is under way.
        const reconcile = (async () => {
          while (sending) await reconcileCardPayouts(second, app.payoutProvider, context, { now: later() });
          await reconcileCardPayouts(second, app.payoutProvider, context, { now: later() });
        })();
        const [sent] = await Promise.allSettled([send, reconcile]);
        expect(sent.status === 'fulfilled' ? null : sent.reason).toBeNull();
        const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payout.id));
        expect(row).toMatchObject({ status: 'paid', cardToken: null, detailsSealed: null });
        const atProvider = await app.db
          .select()
          .from(sandboxPayouts)
          .where(eq(sandboxPayouts.reference, `payout:${payout.id}`));
        expect(atProvider.map((sentPayout) => [sentPayout.status, sentPayout.amountMinor])).toEqual([
          ['paid', 500 + round],
        ]);
        expect(await balanceOf('payouts_payable')).toBe(payable - (500 + round));
        expect(await balanceOf('payouts_paid')).toBe(paid + 500 + round);
        expect(await ledgerProblems(app.db)).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  },
);
