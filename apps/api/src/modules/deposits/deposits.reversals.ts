import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentEvent } from '../payments/provider';
import { findMove, reinstateDeposit, reverseDeposit } from '../wallet/wallet.service';
import type { Log } from './deposits.settle';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * What the provider does to a deposit after it was paid (decision 0027): refunds, refunds that
 * failed after all, and disputes. Each takes back (or gives back) its share of the credit, once,
 * under its own ledger key.
 */

/**
 * The internal units a part of a payment is worth: its share of what the deposit credited,
 * rounded up (the shop never gives a reversed unit away), never more than the credit.
 */
export function creditShare(deposit: DepositRow, amountMinor: number): number {
  const paid = deposit.paidAmountMinor ?? deposit.amountMinor;
  if (deposit.status !== 'success' || amountMinor <= 0 || paid <= 0) return 0;
  if (amountMinor >= paid) return deposit.internalAmount;
  const credited = BigInt(deposit.internalAmount);
  return Number((credited * BigInt(amountMinor) + BigInt(paid) - 1n) / BigInt(paid));
}

/** What of a deposit's credit has not been taken back yet. */
function unreversed(deposit: DepositRow): number {
  return deposit.status === 'success'
    ? deposit.internalAmount - deposit.refundedAmount - deposit.disputedAmount
    : 0;
}

function sameCurrency(deposit: DepositRow, event: PaymentEvent, log: Log): boolean {
  if (!event.currency || event.currency === deposit.currency) return true;
  log.error(
    { depositId: deposit.id, eventId: event.id, currency: event.currency },
    'a refund or dispute in another currency than the deposit; it needs a review',
  );
  return false;
}

/**
 * A refund at the provider (decision 0027): the event carries everything refunded so far, so
 * the wallet gives back that share of the credit less what earlier refunds took, under the
 * refund's own key. A late copy of an earlier refund finds less refunded and takes nothing.
 */
export async function settleRefund(
  tx: Db,
  deposit: DepositRow,
  event: PaymentEvent,
  log: Log,
): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  // A refund counted before (or whose failure came first) takes nothing again.
  if (await findMove(tx, refundKey(deposit, event))) return;
  const refundedMinor = Math.max(deposit.refundedMinor, event.amountMinor ?? 0);
  const amount = Math.min(unreversed(deposit), creditShare(deposit, refundedMinor) - deposit.refundedAmount);
  if (amount > 0) {
    await reverseDeposit(tx, {
      userId: deposit.userId,
      provider: deposit.provider,
      depositId: deposit.id,
      amount,
      key: refundKey(deposit, event),
    });
  }
  await tx
    .update(deposits)
    .set({ refundedMinor, refundedAmount: deposit.refundedAmount + Math.max(0, amount) })
    .where(eq(deposits.id, deposit.id));
}

/** The ledger key of what one refund took back. */
const refundKey = (deposit: DepositRow, event: PaymentEvent) =>
  `deposit:${deposit.id}:refund:${event.reversalId ?? event.id}`;

/**
 * A refund that failed or was cancelled after it was made (decision 0027): the money is the
 * shop's again, so what the refund took is credited back, once, and no longer counts as refunded.
 * A failure that arrives before its refund takes the refund's key and gives it back at once, so
 * the late refund finds it counted and takes nothing.
 */
export async function settleRefundFailed(
  tx: Db,
  deposit: DepositRow,
  event: PaymentEvent,
  log: Log,
): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  const key = refundKey(deposit, event);
  const move = { userId: deposit.userId, provider: deposit.provider, depositId: deposit.id };
  const counted = await findMove(tx, key);
  // A refund the back office asked for (decision 0048) is the refunds module's to give back.
  if (!counted && event.reversalId && (await shopRefundFailed?.(tx, deposit, event.reversalId))) return;
  const taken =
    counted ??
    (await (async () => {
      const amount = Math.min(unreversed(deposit), creditShare(deposit, event.amountMinor ?? 0));
      return amount > 0 ? (await reverseDeposit(tx, { ...move, amount, key })).transaction : null;
    })());
  if (!taken) return;
  const { replayed } = await reinstateDeposit(tx, {
    ...move,
    amount: taken.amount,
    key: `${key}:reinstated`,
  });
  if (replayed || !counted) return;
  await tx
    .update(deposits)
    .set({
      refundedAmount: Math.max(0, deposit.refundedAmount - taken.amount),
      refundedMinor: Math.max(0, deposit.refundedMinor - (event.amountMinor ?? 0)),
    })
    .where(eq(deposits.id, deposit.id));
}

/**
 * Gives back a refund the back office asked the provider for when the provider reports it failed
 * (decision 0048); answers false when the refund id is not one of the shop's. Set by the refunds
 * module, which owns those refunds: the deposits module does not read its tables.
 */
let shopRefundFailed:
  | ((tx: Db, deposit: DepositRow, providerRefundId: string) => Promise<boolean>)
  | undefined;

export function onShopRefundFailed(
  handler: (tx: Db, deposit: DepositRow, providerRefundId: string) => Promise<boolean>,
): void {
  shopRefundFailed = handler;
}

/** Dispute outcomes after which the provider gives the held money back to the shop. */
const DISPUTE_GIVEN_BACK = new Set(['won', 'warning_closed']);

/**
 * A dispute (decision 0027): opened, the provider holds the disputed amount, so the wallet gives
 * back its share of the credit; closed as won, that share is credited again; lost, it stays
 * taken. A close that arrives before its opening takes (lost) or leaves (won) the money itself,
 * and the late opening then changes nothing.
 */
export async function settleDispute(
  tx: Db,
  deposit: DepositRow,
  event: PaymentEvent,
  log: Log,
): Promise<void> {
  if (!sameCurrency(deposit, event, log)) return;
  const key = `deposit:${deposit.id}:dispute:${event.reversalId ?? event.id}`;
  const givenBack = event.type === 'dispute_closed' && DISPUTE_GIVEN_BACK.has(event.outcome ?? '');
  const closed = deposit.disputeStatus === 'won' || deposit.disputeStatus === 'lost';
  let disputedAmount = deposit.disputedAmount;
  let reversal = await findMove(tx, key);
  if (!reversal && !closed && !givenBack) {
    const amount = Math.min(unreversed(deposit), creditShare(deposit, event.amountMinor ?? 0));
    if (amount > 0) {
      reversal = (
        await reverseDeposit(tx, {
          userId: deposit.userId,
          provider: deposit.provider,
          depositId: deposit.id,
          amount,
          key,
        })
      ).transaction;
      disputedAmount += amount;
    }
  }
  let disputeStatus = deposit.disputeStatus ?? 'open';
  if (event.type === 'dispute_closed' && !closed) {
    disputeStatus = givenBack ? 'won' : 'lost';
    if (givenBack && reversal) {
      const { replayed } = await reinstateDeposit(tx, {
        userId: deposit.userId,
        provider: deposit.provider,
        depositId: deposit.id,
        amount: reversal.amount,
        key: `${key}:reinstated`,
      });
      if (!replayed) disputedAmount -= reversal.amount;
    }
  }
  await tx.update(deposits).set({ disputeStatus, disputedAmount }).where(eq(deposits.id, deposit.id));
}
