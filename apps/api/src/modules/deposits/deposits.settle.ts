import { receiptNumber } from '@promptmarket/contracts/receipts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailAccount } from '../mail/mail.notify';
import { internalAmountOf } from '../site/site.rates';
import { creditDeposit } from '../wallet/wallet.service';
import { DECLINED, type DepositFailure, REVIEW } from './deposits.failures';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * How a deposit's payment ends, under the deposit's row lock, whoever reports it: a webhook
 * (deposits.events.ts) or the provider asked (deposits.reconcile.ts).
 */

export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * Settles a locked deposit as paid: credits what was actually paid, converted at the rates of
 * checkout. Paying after a failure still credits: the money has arrived.
 */
export async function settlePaid(
  tx: Db,
  deposit: DepositRow,
  paid: { amountMinor: number; currency: string; paymentRef?: string | null | undefined },
  log: Log,
): Promise<void> {
  if (paid.paymentRef && !deposit.paymentRef) {
    // Refunds and disputes name the payment, not the checkout.
    await tx.update(deposits).set({ paymentRef: paid.paymentRef }).where(eq(deposits.id, deposit.id));
  }
  if (deposit.status === 'success') return;
  if (paid.currency !== deposit.currency || paid.amountMinor <= 0) {
    log.error(
      {
        depositId: deposit.id,
        paid,
        expected: { amountMinor: deposit.amountMinor, currency: deposit.currency },
      },
      'a payment arrived in another currency; it needs a review',
    );
    await tx
      .update(deposits)
      .set({
        status: 'error',
        errorMessage: REVIEW.message,
        failureCode: REVIEW.code,
        paidAmountMinor: paid.amountMinor,
      })
      .where(eq(deposits.id, deposit.id));
    return;
  }
  const internalAmount = internalAmountOf(paid.amountMinor, deposit.rate, deposit.internalRateEur);
  if (paid.amountMinor !== deposit.amountMinor) {
    log.warn(
      { depositId: deposit.id, paid: paid.amountMinor, expected: deposit.amountMinor },
      'paid amount differs',
    );
  }
  if (internalAmount > 0) {
    await creditDeposit(tx, {
      userId: deposit.userId,
      provider: deposit.provider,
      depositId: deposit.id,
      amount: internalAmount,
    });
  }
  await tx
    .update(deposits)
    .set({
      status: 'success',
      errorMessage: null,
      failureCode: null,
      declineCode: null,
      paidAmountMinor: paid.amountMinor,
      internalAmount,
      settledAt: sql`now()`,
    })
    .where(eq(deposits.id, deposit.id));
  await mailAccount(tx, deposit.userId, 'deposit-credited', 'dashboard/deposits', ({ credits }) => ({
    number: String(deposit.id),
    amount: credits(internalAmount),
    receipt: receiptNumber('deposit', deposit.id, deposit.createdAt),
    receipt_path: `dashboard/receipts/deposit/${deposit.id}`,
  }));
}

/**
 * Marks a locked deposit as failed, unless it has already succeeded (a late failure changes
 * nothing), with the provider's decline code when it gave one. A checkout that expires after an
 * attempt was refused (the reason kept from it) fails as that refusal.
 */
export async function settleFailed(
  tx: Db,
  deposit: DepositRow,
  reason: DepositFailure,
  code: string | null = null,
): Promise<void> {
  if (deposit.status !== 'processing') return;
  const refusedBefore = reason.code === 'expired' && deposit.declineCode !== null;
  const failure = refusedBefore ? DECLINED : reason;
  const declineCode = refusedBefore ? deposit.declineCode : code;
  await tx
    .update(deposits)
    .set({
      status: 'failed',
      errorMessage: failure.message,
      failureCode: failure.code,
      declineCode,
      settledAt: sql`now()`,
    })
    .where(eq(deposits.id, deposit.id));
  // A checkout left to expire was the user's own choice; a payment the provider refused is news.
  if (failure.code === 'expired') return;
  await mailAccount(tx, deposit.userId, 'deposit-failed', 'dashboard/deposits/create', ({ credits }) => ({
    number: String(deposit.id),
    amount: credits(deposit.internalAmount),
  }));
}

/**
 * A refused attempt on a checkout that stays open (decision 0030): a deposit still processing keeps
 * the newest reason and waits, since another card may still pay; the status check or the
 * reconciliation ends the checkout and fails the deposit with it. A settled deposit is not changed.
 */
export async function keepRefusal(tx: Db, deposit: DepositRow, declineCode: string | null): Promise<void> {
  if (deposit.status !== 'processing' || deposit.declineCode === declineCode) return;
  await tx.update(deposits).set({ declineCode }).where(eq(deposits.id, deposit.id));
}

/** Keeps the payment's id of a deposit found through its checkout, so the next event finds it directly. */
export async function rememberPayment(
  tx: Db,
  deposit: DepositRow,
  { paymentRef }: { paymentRef?: string | null | undefined },
): Promise<void> {
  if (deposit.paymentRef || !paymentRef) return;
  await tx.update(deposits).set({ paymentRef }).where(eq(deposits.id, deposit.id));
}
