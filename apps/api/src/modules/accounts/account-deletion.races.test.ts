import { and, eq, sum } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser, strongPassword } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { startCardDeposit } from '../../test/deposits';
import { deposits } from '../deposits/deposits.tables';
import { orders } from '../orders/orders.tables';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox';
import { signatureHeader } from '../payments/signature';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { users } from './accounts.tables';

const ROUNDS = 20;

/**
 * Most of a deletion's time goes to checking the password before its transaction. The other
 * request starts 0 to 72 ms after it (round by round), about as long as a deletion, so that
 * across the rounds it lands before, inside and after the deletion's transaction; every delay is
 * tried with and without the balance given up.
 */
const delayOf = (round: number) => Math.floor(round / 2) * 8;
const forfeitIn = (round: number) => round % 2 === 0;
const after = <T>(ms: number, start: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(start);
const secret = 'sandbox-secret-for-the-races-0123456789';

let app: TestApp;
let promptId = 0;
let depositId = 9_300_000;

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: secret });
  const created = await createCatalogue(app.db, [
    {
      slug: 'race-prompt',
      category: 'portraits',
      priceCents: 1200,
      title: 'Race prompt',
      titleDe: 'Wettlauf',
    },
  ]);
  promptId = created.products['race-prompt'] as number;
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** Deletion as the user asks for it; every other round without giving the balance up. */
const remove = (session: BrowserSession, forfeit: boolean) =>
  call(app, session, 'DELETE', '/api/user/delete', {
    password: strongPassword,
    ...(forfeit ? { confirm_forfeit_balance: true } : {}),
  });

/** What the ledger gave up from the account when it was deleted (0 when it was not). */
async function forfeited(userId: string): Promise<number> {
  const rows = await app.db
    .select({ amount: ledgerTransactions.amount })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `account:${userId}:forfeit`));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.amount ?? 0;
}

const isDeleted = async (userId: string) =>
  (await app.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)))[0]
    ?.deletedAt !== null;

/** The sandbox's signed webhook saying the checkout `ref` was paid. */
function paidWebhook(eventId: string, ref: string, amount: number) {
  const body = JSON.stringify({
    id: eventId,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: ref,
        reference: '0',
        amount_total: amount,
        currency: 'EUR',
        status: 'paid',
        failure_message: null,
      },
    },
  });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signatureHeader(secret, body),
    },
    payload: body,
  });
}

describe.runIf(testDatabaseKind() === 'postgres')(
  'deleting an account while its deposit is credited (PostgreSQL)',
  () => {
    it(`refuses, or gives up the credited money through the ledger; none is made or lost, ${ROUNDS} rounds`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const forfeit = forfeitIn(round);
        const { session, profile } = await registerVerifiedUser(app);
        const started = await startCardDeposit(app, session);
        expect(started.statusCode, started.body).toBe(200);
        const [deposit] = await app.db
          .select()
          .from(deposits)
          .where(eq(deposits.id, started.json().order_id));
        if (!deposit?.providerRef) throw new Error('no deposit at the provider');

        // The provider's webhook and the user's deletion reach two connections at the same moment.
        const [deleted, credited] = await Promise.all([
          remove(session, forfeit),
          after(delayOf(round), () =>
            paidWebhook(`evt_deletion_race_${deposit.id}`, deposit.providerRef ?? '', deposit.amountMinor),
          ),
        ]);
        expect(credited.statusCode, credited.body).toBe(200);
        const [settled] = await app.db.select().from(deposits).where(eq(deposits.id, deposit.id));
        expect(settled?.status).toBe('success');
        const credit = settled?.internalAmount ?? 0;
        expect(credit).toBeGreaterThan(0);
        const credits = await app.db
          .select({ amount: ledgerTransactions.amount })
          .from(ledgerTransactions)
          .where(
            and(
              eq(ledgerTransactions.reference, `deposit:${deposit.id}`),
              eq(ledgerTransactions.kind, 'deposit'),
            ),
          );
        expect(credits).toEqual([{ amount: credit }]);

        const given = await forfeited(profile.id);
        const left = await walletBalance(app.db, profile.id);
        // Money is neither made nor lost: what was credited is in the wallet or given up, not both.
        expect(left + given).toBe(credit);
        if (deleted.statusCode === 200) {
          // The credit was in before the deletion read the deposits: it was given up, as confirmed.
          expect(forfeit).toBe(true);
          expect([given, left]).toEqual([credit, 0]);
          expect(await isDeleted(profile.id)).toBe(true);
        } else {
          expect(deleted.statusCode, deleted.body).toBe(409);
          // Still processing when read, or credited but not given up: the account and its money stay.
          const code = deleted.json().code;
          expect(
            forfeit
              ? ['ACCOUNT_HAS_PENDING_DEPOSIT']
              : ['ACCOUNT_HAS_PENDING_DEPOSIT', 'ACCOUNT_HAS_BALANCE'],
          ).toContain(code);
          expect([given, left]).toEqual([0, credit]);
          expect(await isDeleted(profile.id)).toBe(false);
        }
        expect(await ledgerProblems(app.db)).toEqual([]);
      }
    });
  },
);

describe.runIf(testDatabaseKind() === 'postgres')(
  'deleting an account while it buys a prompt (PostgreSQL)',
  () => {
    it(`keeps the balance to what was paid in, bought and given up, ${ROUNDS} rounds`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const forfeit = forfeitIn(round);
        const { session, profile } = await registerVerifiedUser(app);
        depositId += 1;
        await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId, amount: 5000 });

        const [deleted, bought] = await Promise.all([
          remove(session, forfeit),
          after(delayOf(round), () =>
            call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: promptId }),
          ),
        ]);
        // A purchase let in just before the deletion committed finds the wallet given up
        // (INSUFFICIENT_FUNDS) or the session ended; none is a server error.
        expect(bought.statusCode, bought.body).toBeLessThan(500);
        expect(deleted.statusCode, deleted.body).toBeLessThan(500);
        const [spent] = await app.db
          .select({ total: sum(orders.total).mapWith(Number) })
          .from(orders)
          .where(eq(orders.userId, profile.id));
        const paid = spent?.total ?? 0;
        expect(paid).toBe(bought.statusCode === 200 ? 1200 : 0);
        const given = await forfeited(profile.id);
        const left = await walletBalance(app.db, profile.id);
        // The 5000 paid in are in the wallet, in the order, or given up: nothing made or lost.
        expect(left + paid + given).toBe(5000);
        if (deleted.statusCode === 200) {
          expect(forfeit).toBe(true);
          expect([given, left]).toEqual([5000 - paid, 0]);
          expect(await isDeleted(profile.id)).toBe(true);
        } else {
          expect(deleted.statusCode).toBe(409);
          expect(deleted.json().code).toBe('ACCOUNT_HAS_BALANCE');
          expect(forfeit).toBe(false);
          expect([given, left]).toEqual([0, 5000 - paid]);
        }
        expect(await ledgerProblems(app.db)).toEqual([]);
      }
    });
  },
);
