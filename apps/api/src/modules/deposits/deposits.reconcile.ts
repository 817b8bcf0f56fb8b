import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PaymentProvider, PaymentState } from '../payments/provider';
import { EXPIRED, providerFailure } from './deposits.failures';
import { type Log, rememberPayment, settleFailed, settlePaid } from './deposits.settle';
import { type DepositRow, deposits } from './deposits.tables';

/**
 * Asking the provider about a deposit still processing: at its owner's status check, and in the
 * reconciliation, which settles what no webhook settled and ends checkouts left open.
 */

/**
 * What to settle from what the provider said: a refused payment whose checkout could still be
 * paid is ended at the provider first, so nothing is paid into a deposit after it failed. A
 * payment made in the meantime answers as paid; a checkout the provider would not end stays open.
 */
async function settleable(
  provider: PaymentProvider,
  ref: string,
  state: PaymentState,
): Promise<PaymentState> {
  if (state.state !== 'failed' || !state.open) return state;
  const ended = await provider.expire(ref);
  return ended.state === 'expired' ? { ...state, open: false } : ended;
}

/** Applies what the provider says about a deposit, under the deposit's row lock. */
async function applyState(db: Db, depositId: number, state: PaymentState, log: Log): Promise<void> {
  await db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
    if (deposit?.status !== 'processing') return;
    if (state.state === 'paid') await settlePaid(tx, deposit, state, log);
    else if (state.state === 'failed') {
      await rememberPayment(tx, deposit, state);
      await settleFailed(
        tx,
        deposit,
        providerFailure(state.failure, state.message),
        state.declineCode ?? null,
      );
    } else if (state.state === 'expired') await settleFailed(tx, deposit, EXPIRED);
    else await tx.update(deposits).set({ updatedAt: sql`now()` }).where(eq(deposits.id, deposit.id));
  });
}

/** A processing deposit is asked about at its provider at most this often by its status checks. */
export const STATUS_REFRESH_MS = 1000;
/** When each deposit was last asked about by a status check; bounded, the oldest forgotten first. */
const askedAt = new Map<number, number>();
const ASKED_AT_LIMIT = 10_000;

/**
 * A deposit's status as its owner's processing screen asks for it: while it is still processing,
 * the provider is asked too (at most every STATUS_REFRESH_MS per deposit), so a payment made is
 * shown as soon as the browser is back from the provider, not when its webhook arrives. A
 * provider that does not answer leaves the deposit as it was: the webhook and the reconciliation
 * settle it.
 */
export async function currentDeposit(
  db: Db,
  provider: PaymentProvider,
  deposit: DepositRow,
  log: Log,
  now = Date.now(),
): Promise<DepositRow> {
  if (deposit.status !== 'processing' || !deposit.providerRef || deposit.provider !== provider.name) {
    return deposit;
  }
  const last = askedAt.get(deposit.id);
  if (last !== undefined && now - last < STATUS_REFRESH_MS) return deposit;
  askedAt.delete(deposit.id);
  askedAt.set(deposit.id, now);
  if (askedAt.size > ASKED_AT_LIMIT) askedAt.delete(askedAt.keys().next().value as number);
  try {
    const state = await provider.fetchState(deposit.providerRef);
    await applyState(db, deposit.id, await settleable(provider, deposit.providerRef, state), log);
  } catch (error) {
    log.warn({ err: error, depositId: deposit.id }, 'could not ask the provider about a deposit');
    return deposit;
  }
  const [fresh] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
  return fresh ?? deposit;
}

/** Deposits processing longer than this are asked about at the provider. */
export const RECONCILE_AFTER_MINUTES = 15;
/** An unpaid checkout older than this is ended at the provider and the deposit fails. */
export const EXPIRE_AFTER_HOURS = 24;

/**
 * Asks the provider about deposits still processing after a while and settles them; a checkout
 * left open past its lifetime is expired at the provider, so no deposit stays processing for
 * ever. The least recently checked go first. Returns how many were looked at.
 */
export async function reconcileDeposits(
  db: Db,
  provider: PaymentProvider,
  log: Log,
  { batchSize = 20, now = new Date() }: { batchSize?: number; now?: Date } = {},
): Promise<number> {
  const stale = await db
    .select({ id: deposits.id, providerRef: deposits.providerRef, createdAt: deposits.createdAt })
    .from(deposits)
    .where(
      and(
        eq(deposits.status, 'processing'),
        eq(deposits.provider, provider.name),
        lte(deposits.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
        lte(deposits.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(deposits.updatedAt))
    .limit(batchSize);
  for (const deposit of stale) {
    try {
      if (!deposit.providerRef) {
        // The checkout was never created (the process stopped in between): nothing can be paid.
        await applyState(db, deposit.id, { state: 'expired' }, log);
        continue;
      }
      let state = await provider.fetchState(deposit.providerRef);
      const tooOld = now.getTime() - deposit.createdAt.getTime() > EXPIRE_AFTER_HOURS * 3_600_000;
      if (state.state === 'open' && tooOld) state = await provider.expire(deposit.providerRef);
      await applyState(db, deposit.id, await settleable(provider, deposit.providerRef, state), log);
    } catch (error) {
      log.error({ err: error, depositId: deposit.id }, 'could not reconcile a deposit');
    }
  }
  return stale.length;
}
