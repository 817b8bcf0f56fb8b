import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { users } from '../accounts/accounts.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import {
  creditDeposit,
  debitWallet,
  refundToBalance,
  returnDepositRefund,
  takeForDepositRefund,
} from '../wallet/wallet.service';

/**
 * The ledger check sees a refund beyond what was paid even when it bypassed the refunds module
 * (decision 0048): the books say so, whatever wrote them.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.drop());

describe('the ledger check of refunds', () => {
  it('reports an order given back more than it was paid, and not a deposit refund the provider refused', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'refund-check@example.test',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    await creditDeposit(db, { userId: user.id, provider: 'sandbox', depositId: 1, amount: 2500 });
    // Another buyer's purchase: the shop's revenue holds more than this order brought.
    await creditDeposit(db, { userId: user.id, provider: 'sandbox', depositId: 2, amount: 5000 });
    await debitWallet(db, {
      userId: user.id,
      amount: 5000,
      key: 'order:2',
      kind: 'purchase',
      reference: 'order:2',
    });
    await debitWallet(db, {
      userId: user.id,
      amount: 1000,
      key: 'order:1',
      kind: 'purchase',
      reference: 'order:1',
    });

    // A deposit refund refused and made again in full: what left counts once.
    const deposit = { userId: user.id, provider: 'sandbox', depositId: 1 };
    await takeForDepositRefund(db, { ...deposit, amount: 1500, key: 'refund:1', refundId: 1 });
    await returnDepositRefund(db, { ...deposit, amount: 1500, key: 'refund:1:returned', refundId: 1 });
    await takeForDepositRefund(db, { ...deposit, amount: 1500, key: 'refund:2', refundId: 2 });
    const order = { userId: user.id, kind: 'purchase_refund' as const, reference: 'order:1' };
    await refundToBalance(db, { ...order, amount: 600, key: 'refund:3', refundId: 3 });
    expect(await ledgerProblems(db)).toEqual([]);

    // Written around the refunds module, a second refund takes the order past what it cost.
    await refundToBalance(db, { ...order, amount: 600, key: 'refund:4', refundId: 4 });
    expect(await ledgerProblems(db)).toEqual(['order:1 gave back 1200 of 1000 paid']);
  });
});
