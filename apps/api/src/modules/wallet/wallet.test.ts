import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { isCheckViolation, pgErrorCode } from '../../db/errors';
import { AppError } from '../../errors';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/database';
import { writeRawPurchase } from '../../test/ledger';
import { users } from '../accounts/accounts.tables';
import { ledgerProblems } from './wallet.invariants';
import {
  adjustBalance,
  completePayout,
  creditDeposit,
  debitWallet,
  postMove,
  refund,
  reinstateDeposit,
  releasePayout,
  reservePayout,
  reverseDeposit,
  walletBalance,
} from './wallet.service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables';

let database: TestDatabase;
let db: Db;
let counter = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

// The invariants hold after every money test, whatever it did.
afterEach(async () => {
  expect(await ledgerProblems(db)).toEqual([]);
});

async function newUser(): Promise<string> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `wallet.${Date.now()}.${counter}@example.test`,
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return user.id;
}

let depositCounter = 1_000_000;
async function fund(userId: string, amount: number) {
  depositCounter += 1;
  return creditDeposit(db, { userId, provider: 'sandbox', depositId: depositCounter, amount });
}

async function expectInsufficient(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
  expect((error as AppError).fields).toEqual({ balance: ['funds.insufficient'] });
}

describe('the ledger', () => {
  it('credits a deposit to the wallet against the provider clearing account', async () => {
    const userId = await newUser();
    expect(await walletBalance(db, userId)).toBe(0);
    const result = await fund(userId, 2500);
    expect(result.replayed).toBe(false);
    expect(result.transaction.amount).toBe(2500);
    expect(await walletBalance(db, userId)).toBe(2500);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.transactionId} = ${result.transaction.id}`);
    expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-2500, 2500]);
  });

  it('moves nothing again for a retried key, and returns the first result', async () => {
    const userId = await newUser();
    const first = await creditDeposit(db, { userId, provider: 'sandbox', depositId: 424242, amount: 1000 });
    const again = await creditDeposit(db, { userId, provider: 'sandbox', depositId: 424242, amount: 1000 });
    expect(again.replayed).toBe(true);
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(await walletBalance(db, userId)).toBe(1000);
  });

  it('refuses a key reused for a different move with 409', async () => {
    const userId = await newUser();
    await creditDeposit(db, { userId, provider: 'sandbox', depositId: 515151, amount: 1000 });
    await expect(
      creditDeposit(db, { userId, provider: 'sandbox', depositId: 515151, amount: 999 }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'request.other_details' });
    expect(await walletBalance(db, userId)).toBe(1000);
  });

  it("never answers a move for one user with another user's move of the same key and size", async () => {
    const first = await newUser();
    const second = await newUser();
    const adjustment = (userId: string) =>
      adjustBalance(db, {
        userId,
        amount: 700,
        key: 'adjustment:same-key',
        reason: 'goodwill',
        adminId: first,
      });
    await adjustment(first);
    await expect(adjustment(second)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect([await walletBalance(db, first), await walletBalance(db, second)]).toEqual([700, 0]);
  });

  it('refuses a debit below zero with 422 and changes nothing', async () => {
    const userId = await newUser();
    await fund(userId, 500);
    await expectInsufficient(
      debitWallet(db, { userId, amount: 501, key: `t:${userId}:1`, kind: 'purchase', reference: 'order:1' }),
    );
    expect(await walletBalance(db, userId)).toBe(500);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.idempotencyKey} = ${`t:${userId}:1`}`);
    expect(row?.count).toBe(0);
    // The same key can be used again once the balance allows it.
    await fund(userId, 1);
    await debitWallet(db, {
      userId,
      amount: 501,
      key: `t:${userId}:1`,
      kind: 'purchase',
      reference: 'order:1',
    });
    expect(await walletBalance(db, userId)).toBe(0);
  });

  it('refunds a debit once, by a compensating transaction, never more than was taken', async () => {
    const userId = await newUser();
    await fund(userId, 1000);
    await debitWallet(db, {
      userId,
      amount: 300,
      key: `g:${userId}`,
      kind: 'generation',
      reference: 'gen:1',
    });
    expect(await walletBalance(db, userId)).toBe(700);
    const first = await refund(db, { originalKey: `g:${userId}`, key: `g:${userId}:refund` });
    const again = await refund(db, { originalKey: `g:${userId}`, key: `g:${userId}:refund` });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(await walletBalance(db, userId)).toBe(1000);
    await expect(refund(db, { originalKey: `g:${userId}`, key: 'other', amount: 301 })).rejects.toThrow(
      RangeError,
    );
    await expect(refund(db, { originalKey: 'no-such-key', key: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('reserves a payout from the wallet, then pays it or gives it back', async () => {
    const userId = await newUser();
    await fund(userId, 5000);
    await reservePayout(db, { userId, amount: 2000, payoutId: 9001 });
    expect(await walletBalance(db, userId)).toBe(3000);
    await completePayout(db, { amount: 2000, payoutId: 9001 });
    await reservePayout(db, { userId, amount: 3000, payoutId: 9002 });
    expect(await walletBalance(db, userId)).toBe(0);
    await expectInsufficient(reservePayout(db, { userId, amount: 1, payoutId: 9003 }));
    await releasePayout(db, { userId, amount: 3000, payoutId: 9002 });
    expect(await walletBalance(db, userId)).toBe(3000);
  });

  it('refuses moves that do not balance, amounts that are not integers, and bad keys', async () => {
    const userId = await newUser();
    await expect(
      postMove(db, {
        key: 'unbalanced',
        kind: 'deposit',
        postings: [
          { account: { clearing: 'sandbox' }, amount: -100 },
          { account: { wallet: userId }, amount: 99 },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      postMove(db, {
        key: 'fraction',
        kind: 'deposit',
        postings: [
          { account: { clearing: 'sandbox' }, amount: -1.5 },
          { account: { wallet: userId }, amount: 1.5 },
        ],
      }),
    ).rejects.toThrow(/integer/);
    await expect(
      postMove(db, {
        key: 'bad key with spaces',
        kind: 'deposit',
        postings: [
          { account: { clearing: 'sandbox' }, amount: -1 },
          { account: { wallet: userId }, amount: 1 },
        ],
      }),
    ).rejects.toThrow(/key/);
  });

  it('is append-only in the database itself: entries and transactions cannot be changed or deleted', async () => {
    const userId = await newUser();
    const { transaction } = await fund(userId, 100);
    await expect(db.execute(sql`update ledger_entries set amount = amount * 2`)).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_entries where transaction_id = ${transaction.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`update ledger_transactions set amount = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
  });

  it('refuses, at commit, entries written around the service that do not sum to zero', async () => {
    const userId = await newUser();
    await fund(userId, 100);
    await expect(
      db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ledgerTransactions)
          .values({ idempotencyKey: 'raw-unbalanced', kind: 'deposit', amount: 5 })
          .returning();
        const [account] = await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, `wallet:${userId}`));
        await tx.insert(ledgerEntries).values({
          transactionId: created?.id as number,
          accountId: account?.id as number,
          amount: 5,
        });
      }),
    ).rejects.toThrow();
    expect(await walletBalance(db, userId)).toBe(100);
  });

  it('refuses a wallet balance below zero in the database itself', async () => {
    const userId = await newUser();
    await fund(userId, 10);
    // Entries written around the service, balanced, that would take the wallet to -1.
    await expect(
      writeRawPurchase(db, `raw-overdraft:${userId}`, 11, [
        ['clearing:sandbox', 11],
        [`wallet:${userId}`, -11],
      ]),
    ).rejects.toSatisfy((error) => isCheckViolation(error, 'ledger_accounts_balance_not_negative'));
    expect(await walletBalance(db, userId)).toBe(10);
  });
});

describe('the cached balance', () => {
  it('refuses a direct change of a balance, even one that looks harmless', async () => {
    const userId = await newUser();
    await fund(userId, 100);
    for (const statement of [
      sql`update ledger_accounts set balance = 1000 where code = ${`wallet:${userId}`}`,
      sql`update ledger_accounts set balance = balance + 1 where code = ${`wallet:${userId}`}`,
      sql`update ledger_accounts set balance = balance - 100 where code = 'clearing:sandbox'`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(pgErrorCode(error)).toBe('23001');
      expect(String((error as Error & { cause?: Error }).cause?.message ?? error)).toMatch(
        /changes only through ledger entries/,
      );
    }
    expect(await walletBalance(db, userId)).toBe(100);
  });

  it('refuses an account created with a balance', async () => {
    const userId = await newUser();
    await expect(
      db.insert(ledgerAccounts).values({ code: `wallet:${userId}`, kind: 'wallet', userId, balance: 500 }),
    ).rejects.toSatisfy((error) => pgErrorCode(error) === '23001');
    expect(await walletBalance(db, userId)).toBe(0);
  });

  it('lets the rest of an account change when its balance stays', async () => {
    const userId = await newUser();
    await fund(userId, 100);
    await db.execute(
      sql`update ledger_accounts set may_go_negative = false, balance = balance where code = ${`wallet:${userId}`}`,
    );
    expect(await walletBalance(db, userId)).toBe(100);
  });

  it('follows entries however they are written: the database adds each entry to its account', async () => {
    const userId = await newUser();
    await fund(userId, 100);
    await writeRawPurchase(db, `raw-balanced:${userId}`, 30, [
      [`wallet:${userId}`, -30],
      ['clearing:sandbox', 30],
    ]);
    expect(await walletBalance(db, userId)).toBe(70);
  });

  it('applies a move that pays and charges the same wallet, credits first', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await fund(a, 50);
    await postMove(db, {
      key: `pass-through:${a}`,
      kind: 'offer',
      postings: [
        { account: { wallet: a }, amount: -80 },
        { account: { wallet: b }, amount: 20 },
        { account: { wallet: a }, amount: 60 },
      ],
    });
    expect(await walletBalance(db, a)).toBe(30);
    expect(await walletBalance(db, b)).toBe(20);
  });
});

async function expectInDebt(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('ACCOUNT_IN_DEBT');
  expect((error as AppError).fields).toEqual({ balance: ['funds.in_debt'] });
}

describe('a deposit reversed at its provider (decision 0027)', () => {
  it('may take a wallet below zero; nothing else may, and nothing is spent until deposits settle it', async () => {
    const userId = await newUser();
    const deposit = await fund(userId, 30);
    await debitWallet(db, {
      userId,
      amount: 20,
      key: `reversal-spend:${userId}`,
      kind: 'purchase',
      reference: 'order:1',
    });
    const depositId = Number(deposit.transaction.reference?.split(':')[1]);
    const reversal = {
      userId,
      provider: 'sandbox',
      depositId,
      amount: 30,
      key: `deposit:${depositId}:refund:re_1`,
    };
    await reverseDeposit(db, reversal);
    expect((await reverseDeposit(db, reversal)).replayed).toBe(true);
    expect(await walletBalance(db, userId)).toBe(-20);

    const spend = (key: string, amount = 1) =>
      debitWallet(db, { userId, amount, key: `${key}:${userId}`, kind: 'purchase', reference: 'order:2' });
    await expectInDebt(spend('in-debt-purchase'));
    await expectInDebt(reservePayout(db, { userId, amount: 1, payoutId: depositCounter + 1 }));
    await expectInDebt(
      postMove(db, {
        key: `in-debt-adjustment:${userId}`,
        kind: 'adjustment',
        postings: [
          { account: { wallet: userId }, amount: -1 },
          { account: { system: 'adjustments' }, amount: 1 },
        ],
      }),
    );

    // A deposit that settles part of it leaves the account owing the rest.
    await fund(userId, 15);
    expect(await walletBalance(db, userId)).toBe(-5);
    await expectInDebt(spend('still-in-debt'));
    await fund(userId, 8);
    expect(await walletBalance(db, userId)).toBe(3);
    await spend('settled', 3);
    // Settled: an ordinary shortfall again.
    await expectInsufficient(spend('settled-short'));
    expect(await walletBalance(db, userId)).toBe(0);
  });

  it('refuses a debit that is not a reversal taking a wallet below zero, even written around the service', async () => {
    const userId = await newUser();
    await fund(userId, 10);
    await reverseDeposit(db, {
      userId,
      provider: 'sandbox',
      depositId: 1,
      amount: 15,
      key: `raw-debt:${userId}`,
    });
    await expect(
      writeRawPurchase(db, `raw-deeper:${userId}`, 1, [
        ['revenue', 1],
        [`wallet:${userId}`, -1],
      ]),
    ).rejects.toSatisfy((error) => isCheckViolation(error, 'ledger_accounts_balance_not_negative'));
    const error = await db
      .execute(sql`update ledger_accounts set overdraft = 1000 where code = ${`wallet:${userId}`}`)
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(pgErrorCode(error)).toBe('23001');
    expect(await walletBalance(db, userId)).toBe(-5);
    await reinstateDeposit(db, {
      userId,
      provider: 'sandbox',
      depositId: 1,
      amount: 15,
      key: `raw-debt:${userId}:reinstated`,
    });
    expect(await walletBalance(db, userId)).toBe(10);
  });
});

describe('the ledger against a simple model', () => {
  type Op =
    | { type: 'deposit'; user: number; amount: number }
    | { type: 'debit'; user: number; amount: number }
    | { type: 'refund'; debit: number }
    | { type: 'payout'; user: number; amount: number; outcome: 'paid' | 'released' }
    | { type: 'retry'; index: number };

  const amount = fc.integer({ min: 1, max: 5000 });
  const user = fc.integer({ min: 0, max: 2 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ type: fc.constant('deposit' as const), user, amount }),
    fc.record({ type: fc.constant('debit' as const), user, amount }),
    fc.record({ type: fc.constant('refund' as const), debit: fc.nat({ max: 20 }) }),
    fc.record({
      type: fc.constant('payout' as const),
      user,
      amount,
      outcome: fc.constantFrom('paid' as const, 'released' as const),
    }),
    fc.record({ type: fc.constant('retry' as const), index: fc.nat({ max: 30 }) }),
  );

  it('keeps every balance equal to the model after random deposits, debits, refunds and payouts', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const people = [await newUser(), await newUser(), await newUser()];
        const model = [0, 0, 0];
        const debits: { key: string; user: number; amount: number; refunded: boolean }[] = [];
        // Every operation that was carried out, to be retried later with the same key.
        const done: (() => Promise<unknown>)[] = [];
        for (const [index, step] of ops.entries()) {
          const key = `model:${run}:${index}`;
          if (step.type === 'deposit') {
            const userId = people[step.user] as string;
            const call = () =>
              creditDeposit(db, {
                userId,
                provider: 'sandbox',
                depositId: run * 1000 + index,
                amount: step.amount,
              });
            await call();
            model[step.user] = (model[step.user] ?? 0) + step.amount;
            done.push(call);
          } else if (step.type === 'debit') {
            const userId = people[step.user] as string;
            const call = () =>
              debitWallet(db, { userId, amount: step.amount, key, kind: 'purchase', reference: key });
            if ((model[step.user] ?? 0) >= step.amount) {
              await call();
              model[step.user] = (model[step.user] ?? 0) - step.amount;
              debits.push({ key, user: step.user, amount: step.amount, refunded: false });
              done.push(call);
            } else {
              await expectInsufficient(call());
            }
          } else if (step.type === 'refund') {
            const debit = debits[step.debit];
            if (!debit) continue;
            const call = () => refund(db, { originalKey: debit.key, key: `${debit.key}:refund` });
            await call();
            if (!debit.refunded) model[debit.user] = (model[debit.user] ?? 0) + debit.amount;
            debit.refunded = true;
            done.push(call);
          } else if (step.type === 'payout') {
            const userId = people[step.user] as string;
            const payoutId = run * 1000 + index;
            if ((model[step.user] ?? 0) >= step.amount) {
              await reservePayout(db, { userId, amount: step.amount, payoutId });
              model[step.user] = (model[step.user] ?? 0) - step.amount;
              if (step.outcome === 'paid') await completePayout(db, { amount: step.amount, payoutId });
              else {
                await releasePayout(db, { userId, amount: step.amount, payoutId });
                model[step.user] = (model[step.user] ?? 0) + step.amount;
              }
            } else {
              await expectInsufficient(reservePayout(db, { userId, amount: step.amount, payoutId }));
            }
          } else {
            const retry = done[step.index];
            if (retry) expect(((await retry()) as { replayed: boolean }).replayed).toBe(true);
          }
          for (const [person, userId] of people.entries()) {
            expect(await walletBalance(db, userId)).toBe(model[person]);
          }
        }
        expect(await ledgerProblems(db)).toEqual([]);
      }),
      { numRuns: testDatabaseKind() === 'postgres' ? 15 : 25, seed: 20261122 },
    );
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the ledger under concurrency (PostgreSQL)', () => {
  it('lets no debit through after a concurrent reversal took the wallet below zero', async () => {
    const userId = await newUser();
    await fund(userId, 100);
    const debits = Array.from({ length: 40 }, (_, index) =>
      debitWallet(db, {
        userId,
        amount: 10,
        key: `reversal-race:${userId}:${index}`,
        kind: 'purchase',
        reference: `reversal-race:${index}`,
      }),
    );
    const reversal = reverseDeposit(db, {
      userId,
      provider: 'sandbox',
      depositId: 7,
      amount: 100,
      key: `reversal-race:${userId}:refund`,
    });
    const results = await Promise.allSettled([...debits.slice(0, 20), reversal, ...debits.slice(20)]);
    expect(results[20]?.status).toBe('fulfilled');
    const debitResults = results.filter((_, index) => index !== 20);
    const succeeded = debitResults.filter((result) => result.status === 'fulfilled').length;
    for (const failure of debitResults) {
      if (failure.status === 'rejected') {
        expect(['INSUFFICIENT_FUNDS', 'ACCOUNT_IN_DEBT']).toContain((failure.reason as AppError).code);
      }
    }
    // Every debit that went through came before the reversal: the wallet owes exactly what they took.
    expect(succeeded).toBeLessThanOrEqual(10);
    expect(await walletBalance(db, userId)).toBe(-10 * succeeded);
  });

  it('lets exactly 37 of 200 concurrent debits through a wallet funded for 37', async () => {
    const userId = await newUser();
    await fund(userId, 37 * 150);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        debitWallet(db, {
          userId,
          amount: 150,
          key: `race:${userId}:${index}`,
          kind: 'purchase',
          reference: `race:${index}`,
        }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(37);
    expect(failed).toHaveLength(163);
    for (const failure of failed) {
      expect(failure.reason).toBeInstanceOf(AppError);
      expect((failure.reason as AppError).code).toBe('INSUFFICIENT_FUNDS');
      expect((failure.reason as AppError).fields).toEqual({ balance: ['funds.insufficient'] });
    }
    expect(await walletBalance(db, userId)).toBe(0);
  });

  it('moves money once for ten concurrent calls with one key', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        creditDeposit(db, { userId, provider: 'sandbox', depositId: 777_777, amount: 1234 }),
      ),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transaction.id)).size).toBe(1);
    expect(await walletBalance(db, userId)).toBe(1234);
  });

  it('never deadlocks when transfers between the same accounts run in both directions', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await fund(a, 10_000);
    await fund(b, 10_000);
    await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [a, b] : [b, a];
        return postMove(db, {
          key: `swap:${a}:${index}`,
          kind: 'offer',
          postings: [
            { account: { wallet: from }, amount: -10 },
            { account: { wallet: to }, amount: 10 },
          ],
        });
      }),
    );
    expect((await walletBalance(db, a)) + (await walletBalance(db, b))).toBe(20_000);
  });
});
