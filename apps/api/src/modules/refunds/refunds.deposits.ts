import { formatMinorUnits } from '@promptmarket/contracts';
import { receiptNumber } from '@promptmarket/contracts/receipts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { audited } from '../audit/audit.service';
import {
  countDepositRefund,
  lockDepositForRefund,
  refundableOf,
  refundMinorOf,
} from '../deposits/deposits.admin';
import { onShopRefundFailed } from '../deposits/deposits.reversals';
import { mailAccount } from '../mail/mail.notify';
import { type PaymentProvider, RefundRefused } from '../payments/provider';
import { getStoredSettings } from '../site/site.service';
import {
  lockedWalletBalance,
  returnDepositRefund,
  takeForDepositRefund,
  walletBalance,
} from '../wallet/wallet.service';
import { type Admin, amountOf, insertRefund, type RefundInput } from './refunds.amounts';
import { type RefundRow, refunds } from './refunds.tables';

/**
 * A deposit's refund through its payment provider (decision 0048), in two steps: the credits leave
 * the balance first (refused when the balance no longer holds them), then the provider is asked.
 * A refund the provider did not answer stays pending and is asked again; one it reports failed
 * later gives the credits back.
 */

export /**
 * The first step of a deposit's refund, in one transaction under the deposit's row lock (the one
 * its provider events take): the refund is recorded as pending, the credits leave the balance
 * (never below zero: a balance that no longer holds them refuses the refund), and the deposit
 * counts the part refunded, so the provider's later `charge.refunded` takes nothing again.
 */
async function takeDepositCredits(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow> {
  const settings = await getStoredSettings(db);
  try {
    return await audited(
      db,
      { adminId: admin.id, action: 'refund.deposit', subject: { type: 'deposit', id: input.subjectId } },
      async (tx) => {
        const deposit = await lockDepositForRefund(tx, input.subjectId);
        if (deposit.status !== 'success') throw AppError.conflict('refund.deposit_not_paid');
        if (deposit.disputeStatus === 'open' || deposit.disputeStatus === 'lost') {
          throw AppError.conflict('refund.deposit_disputed');
        }
        const left = refundableOf(deposit);
        const amount = amountOf(input, left.amount, settings.internal_currency_name);
        const minor = refundMinorOf(deposit, amount);
        if (minor <= 0) throw AppError.validation({ amount: ['refund.amount_too_small'] });
        const balanceBefore = await lockedWalletBalance(tx, deposit.userId);
        if (balanceBefore < amount) throw balanceShort(balanceBefore, settings.internal_currency_name);
        const row = await insertRefund(tx, {
          subject: 'deposit',
          subjectId: deposit.id,
          userId: deposit.userId,
          adminId: admin.id,
          amount,
          providerAmountMinor: minor,
          currency: deposit.currency,
          provider: deposit.provider,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          status: 'pending',
        });
        await takeForDepositRefund(tx, {
          userId: deposit.userId,
          provider: deposit.provider,
          depositId: deposit.id,
          amount,
          key: `refund:${row.id}`,
          refundId: row.id,
        });
        await countDepositRefund(tx, { depositId: deposit.id, amount, minor, sign: 1 });
        return {
          result: row,
          before: {
            refunded: deposit.refundedAmount,
            refunded_money: deposit.refundedMinor,
            left: left.amount,
            balance: balanceBefore,
          },
          after: {
            refund_id: row.id,
            amount,
            money: minor,
            currency: deposit.currency,
            reason: input.reason,
            refunded: deposit.refundedAmount + amount,
            left: left.amount - amount,
            balance: balanceBefore - amount,
            status: 'pending',
          },
        };
      },
    );
  } catch (error) {
    // The balance's CHECK refused it after all (a purchase landed in between).
    if (
      error instanceof AppError &&
      (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'ACCOUNT_IN_DEBT')
    ) {
      const deposit = await lockDepositForRefund(db, input.subjectId);
      throw balanceShort(await walletBalance(db, deposit.userId), settings.internal_currency_name);
    }
    throw error;
  }
}

/** A deposit's refund the balance cannot pay: it would overdraw the wallet. */
function balanceShort(balance: number, currencyName: string): AppError {
  return AppError.validation({ amount: ['refund.balance_short'] }, 'INSUFFICIENT_FUNDS', {
    amount: `${formatMinorUnits(Math.max(0, balance))} ${currencyName}`,
  });
}

/**
 * The second step: the provider is asked, under the refund's own idempotency key, so a retry after
 * a lost answer is the same refund there. Refunded: the refund succeeds and the buyer is mailed.
 * Refused: the credits go back to the balance, the deposit no longer counts the part, and the
 * refund fails (409). No answer: the refund stays pending and the error says to try again; the
 * same Idempotency-Key asks the provider again.
 */
export async function askProvider(
  db: Db,
  admin: Admin,
  row: RefundRow,
  payments: PaymentProvider,
): Promise<RefundRow> {
  const [deposit] = [await lockDepositForRefund(db, row.subjectId)];
  if (!deposit.providerRef || deposit.provider !== payments.name) {
    return failDepositRefund(db, admin, row, `the deposit was paid through ${deposit.provider}`);
  }
  let outcome: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    outcome = await payments.refund({
      ref: deposit.providerRef,
      paymentRef: deposit.paymentRef,
      amountMinor: row.providerAmountMinor ?? 0,
      currency: row.currency ?? deposit.currency,
      idempotencyKey: `refund-${row.id}`,
    });
  } catch (error) {
    if (error instanceof RefundRefused) return failDepositRefund(db, admin, row, error.message);
    throw new AppError('SERVICE_UNAVAILABLE', 'refund.provider_unavailable');
  }
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId: outcome.refundId, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
      .returning();
    // Finished by a concurrent retry: it mailed.
    if (!done) return (await tx.select().from(refunds).where(eq(refunds.id, row.id)))[0] ?? row;
    await mailAccount(tx, row.userId, 'refund-deposit', 'dashboard/wallet', ({ credits }) => ({
      number: String(deposit.id),
      amount: credits(row.amount),
      price: `${formatMinorUnits(row.providerAmountMinor ?? 0)} ${row.currency ?? deposit.currency}`,
      reason: row.reason,
      receipt: receiptNumber('deposit', deposit.id, deposit.createdAt),
      receipt_path: `dashboard/receipts/deposit/${deposit.id}`,
    }));
    return done;
  });
}

/**
 * Deposit refunds left pending because the provider did not answer, asked again under their own
 * idempotency key (the same refund at the provider), least recently tried first, once they have
 * waited `olderThanMs` (the request that made them may still be asking). Each ends refunded (and
 * mailed) or refused (the credits given back), or waits for the next round. Answers how many ended.
 */
export async function finishPendingRefunds(
  db: Db,
  payments: PaymentProvider,
  log: { info(details: object, message: string): void; warn(details: object, message: string): void },
  { olderThanMs = 2 * 60_000, limit = 20 }: { olderThanMs?: number; limit?: number } = {},
): Promise<number> {
  const pending = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.subject, 'deposit'),
        eq(refunds.status, 'pending'),
        lt(refunds.updatedAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  let ended = 0;
  for (const row of pending) {
    try {
      const done = await askProvider(db, { id: row.adminId }, row, payments);
      if (done.status !== 'pending') ended += 1;
      log.info({ refundId: row.id, status: done.status }, 'a pending refund was answered');
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') {
        ended += 1;
        log.info({ refundId: row.id }, 'a pending refund was refused by the provider; the credits went back');
        continue;
      }
      // Still no answer: its turn comes again after the others'.
      await db.update(refunds).set({ updatedAt: sql`now()` }).where(eq(refunds.id, row.id));
      log.warn({ refundId: row.id, error: String(error) }, 'a pending refund is still without an answer');
    }
  }
  return ended;
}

/** The provider refused: the credits go back, the deposit's count with them; then 409. */
async function failDepositRefund(db: Db, admin: Admin, row: RefundRow, message: string): Promise<never> {
  await audited(
    db,
    { adminId: admin.id, action: 'refund.deposit_refused', subject: { type: 'deposit', id: row.subjectId } },
    async (tx) => {
      await lockDepositForRefund(tx, row.subjectId);
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', failureMessage: message.slice(0, 500), updatedAt: sql`now()` })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
        .returning();
      if (failed) {
        await returnDepositRefund(tx, {
          userId: row.userId,
          provider: row.provider ?? '',
          depositId: row.subjectId,
          amount: row.amount,
          key: `refund:${row.id}:returned`,
          refundId: row.id,
        });
        await countDepositRefund(tx, {
          depositId: row.subjectId,
          amount: row.amount,
          minor: row.providerAmountMinor ?? 0,
          sign: -1,
        });
      }
      return {
        result: null,
        subjectId: row.subjectId,
        before: { refund_id: row.id, status: 'pending' },
        after: { refund_id: row.id, status: 'failed', message, credits_returned: row.amount },
      };
    },
  );
  throw AppError.conflict('refund.provider_refused', { reason: message.slice(0, 200) });
}

type RefundedDeposit = Parameters<Parameters<typeof onShopRefundFailed>[0]>[1];

/**
 * The provider reports that a refund it made failed after all (Stripe's `charge.refund.updated`,
 * failed or canceled: the card could not take it): the money is the shop's again, so the credits the
 * refund took go back to the balance, the deposit no longer counts the part, and the refund fails.
 * Runs in the event's transaction, under the deposit's row lock. False when the refund is not one
 * the back office made.
 */
async function providerRefundFailed(
  tx: Db,
  deposit: RefundedDeposit,
  providerRefundId: string,
): Promise<boolean> {
  const [failed] = await tx
    .update(refunds)
    .set({
      status: 'failed',
      failureMessage: 'The payment provider reported the refund as failed.',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(refunds.subject, 'deposit'),
        eq(refunds.subjectId, deposit.id),
        eq(refunds.providerRefundId, providerRefundId),
        eq(refunds.status, 'succeeded'),
      ),
    )
    .returning();
  if (!failed) {
    const [known] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.subjectId, deposit.id), eq(refunds.providerRefundId, providerRefundId)));
    // Given back before (a copy of the event): nothing more to do, and not the provider's own refund.
    return Boolean(known);
  }
  await returnDepositRefund(tx, {
    userId: failed.userId,
    provider: deposit.provider,
    depositId: deposit.id,
    amount: failed.amount,
    key: `refund:${failed.id}:returned`,
    refundId: failed.id,
  });
  await countDepositRefund(tx, {
    depositId: deposit.id,
    amount: failed.amount,
    minor: failed.providerAmountMinor ?? 0,
    sign: -1,
  });
  // The buyer was told it was refunded: now they are told it was not, and where the credits are.
  await mailAccount(tx, failed.userId, 'refund-deposit-failed', 'dashboard/wallet', ({ credits }) => ({
    number: String(deposit.id),
    amount: credits(failed.amount),
    price: `${formatMinorUnits(failed.providerAmountMinor ?? 0)} ${failed.currency ?? deposit.currency}`,
  }));
  return true;
}
onShopRefundFailed(providerRefundFailed);
