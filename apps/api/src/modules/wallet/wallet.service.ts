import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isCheckViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { keyReused } from '../../lib/idempotency';
import {
  type LedgerAccountKind,
  type LedgerTransaction,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from './wallet.tables';

/**
 * The only code that moves money (decision 0015). Every move is one ledger transaction: its
 * entries sum to zero, each account's balance changes with its entries in the same database
 * transaction under the account's row lock (the database applies them: decision 0020), and a
 * wallet that would go below zero makes the whole move fail.
 * Every move carries an idempotency key: a retry finds the first transaction and moves nothing.
 */

/** An account by what it is for: a user's wallet, or one of the shop's own accounts. */
export type AccountRef =
  | { wallet: string }
  | { system: 'revenue' | 'payouts_payable' | 'payouts_paid' | 'purchases' | 'adjustments' }
  | { clearing: string };

export type Posting = { account: AccountRef; amount: number };

export type MoveKind =
  | 'deposit'
  | 'purchase'
  | 'generation'
  | 'refund'
  | 'payout_reserve'
  | 'payout'
  | 'payout_release'
  | 'offer'
  | 'offer_reversal'
  | 'adjustment'
  | 'deposit_reversal'
  | 'deposit_reinstatement'
  | 'purchase_refund'
  | 'generation_refund'
  | 'deposit_refund'
  | 'deposit_refund_returned';

export type Move = {
  key: string;
  kind: MoveKind;
  postings: Posting[];
  reference?: string;
  metadata?: Record<string, unknown>;
};

export type MoveResult = {
  transaction: LedgerTransaction;
  /** True when the key was used before: nothing moved this time. */
  replayed: boolean;
};

function accountSpec(ref: AccountRef): {
  code: string;
  kind: LedgerAccountKind;
  userId: string | null;
  mayGoNegative: boolean;
} {
  if ('wallet' in ref)
    return { code: `wallet:${ref.wallet}`, kind: 'wallet', userId: ref.wallet, mayGoNegative: false };
  if ('clearing' in ref) {
    if (!/^[a-z][a-z0-9_-]{0,39}$/.test(ref.clearing)) throw new RangeError(`bad provider: ${ref.clearing}`);
    return { code: `clearing:${ref.clearing}`, kind: 'clearing', userId: null, mayGoNegative: true };
  }
  const mayGoNegative = ref.system !== 'revenue' && ref.system !== 'payouts_payable';
  return { code: ref.system, kind: ref.system, userId: null, mayGoNegative };
}

/** The ids of the accounts, created on first use. */
async function accountIds(db: Db, refs: AccountRef[]): Promise<Map<string, number>> {
  const specs = refs.map(accountSpec);
  const codes = [...new Set(specs.map((spec) => spec.code))];
  await db
    .insert(ledgerAccounts)
    .values(specs.filter((spec, index) => specs.findIndex((other) => other.code === spec.code) === index))
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const rows = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * The error a move answers when a wallet would go below zero: 422 INSUFFICIENT_FUNDS with the
 * text in the caller's language, so that a client can offer a deposit.
 */
export function insufficientFunds(): AppError {
  return AppError.validation({ balance: ['funds.insufficient'] }, 'INSUFFICIENT_FUNDS');
}

function checkMove(move: Move): void {
  if (!/^[\w:.-]{1,200}$/.test(move.key)) throw new RangeError(`bad idempotency key: ${move.key}`);
  if (move.postings.length < 2) throw new RangeError('a move needs at least two postings');
  let sum = 0;
  for (const posting of move.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new RangeError(`a posting must be a non-zero integer: ${posting.amount}`);
    }
    sum += posting.amount;
  }
  if (sum !== 0) throw new RangeError(`postings must sum to zero, not ${sum}`);
}

/**
 * Records a move, or finds it when its key was used before. A key reused for a different move
 * (another kind, size or subject: an adjustment of another user, for one) answers 409
 * IDEMPOTENCY_KEY_REUSED rather than moving anything or answering the first move.
 * Throws INSUFFICIENT_FUNDS when a wallet would go below zero.
 */
export async function postMove(db: Db, move: Move): Promise<MoveResult> {
  checkMove(move);
  const amount = move.postings.reduce((total, posting) => total + Math.max(0, posting.amount), 0);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({
          idempotencyKey: move.key,
          kind: move.kind,
          amount,
          reference: move.reference ?? null,
          metadata: move.metadata ?? null,
        })
        .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
        .returning();
      if (!created) {
        const [existing] = await tx
          .select()
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, move.key));
        if (
          !existing ||
          existing.kind !== move.kind ||
          existing.amount !== amount ||
          existing.reference !== (move.reference ?? null)
        ) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'request.other_details');
        }
        return { transaction: existing, replayed: true };
      }

      const ids = await accountIds(
        tx,
        move.postings.map((posting) => posting.account),
      );
      // The accounts' rows are locked in id order before any entry is written: two moves on the
      // same accounts wait for each other in the same order and never deadlock. Each entry then
      // adds its amount to its account's balance in the database itself (migration 0022), under
      // that lock; a wallet that would go below zero fails the balance's CHECK.
      const entries = move.postings.map((posting) => {
        const accountId = ids.get(accountSpec(posting.account).code);
        if (accountId === undefined) throw new Error('ledger account missing');
        return { transactionId: created.id, accountId, amount: posting.amount };
      });
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...new Set(entries.map((entry) => entry.accountId))]))
        .orderBy(ledgerAccounts.id)
        .for('no key update');
      // Credits before debits: an account that is both paid and charged in one move is never
      // below zero in between.
      await tx.insert(ledgerEntries).values(entries.sort((a, b) => b.amount - a.amount));
      return { transaction: created, replayed: false };
    });
  } catch (error) {
    if (isCheckViolation(error, 'ledger_accounts_balance_not_negative')) {
      throw (await debitsWalletInDebt(db, move)) ? accountInDebt() : insufficientFunds();
    }
    throw error;
  }
}

/**
 * The error a spending move answers when the wallet is below zero after a deposit's reversal
 * (decision 0027): 422 ACCOUNT_IN_DEBT, so that a client can tell the user to settle it with a
 * deposit first.
 */
export function accountInDebt(): AppError {
  return AppError.validation({ balance: ['funds.in_debt'] }, 'ACCOUNT_IN_DEBT');
}

/** Whether a wallet the move takes from is below zero (owes a reversed deposit). */
async function debitsWalletInDebt(db: Db, move: Move): Promise<boolean> {
  for (const posting of move.postings) {
    if (posting.amount < 0 && 'wallet' in posting.account) {
      if ((await walletBalance(db, posting.account.wallet)) < 0) return true;
    }
  }
  return false;
}

/** A user's balance in internal-currency minor units (0 before their first move). */
export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, `wallet:${userId}`), eq(ledgerAccounts.kind, 'wallet')));
  return row?.balance ?? 0;
}

/**
 * A user's balance, read under the wallet's row lock (the one every move takes), in the caller's
 * transaction: a move in flight is waited for, and none lands before the caller's own move. For a
 * caller that moves the whole balance (an account deletion giving it up).
 */
export async function lockedWalletBalance(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, `wallet:${userId}`), eq(ledgerAccounts.kind, 'wallet')))
    .for('no key update');
  return row?.balance ?? 0;
}

/** The transaction recorded under a key, if any. */
export async function findMove(db: Db, key: string): Promise<LedgerTransaction | null> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  return row ?? null;
}

// The product's money moves, each a named pair of postings.

/** A confirmed deposit: the provider's clearing account pays the user's wallet. */
export function creditDeposit(
  db: Db,
  input: { userId: string; provider: string; depositId: number; amount: number },
) {
  return postMove(db, {
    key: `deposit:${input.depositId}`,
    kind: 'deposit',
    reference: `deposit:${input.depositId}`,
    postings: [
      { account: { clearing: input.provider }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/**
 * A deposit taken back by its provider (a refund, or a dispute the provider holds the money
 * for): the wallet pays the provider's clearing account back. The only move that may take a
 * wallet below zero (decision 0027); the database lets a `deposit_reversal` do so and nothing
 * else. `key` is the reversal's own (`deposit:<id>:refund:<refund id>`, `deposit:<id>:dispute:<id>`).
 */
export function reverseDeposit(
  db: Db,
  input: { userId: string; provider: string; depositId: number; amount: number; key: string },
) {
  return postMove(db, {
    key: input.key,
    kind: 'deposit_reversal',
    reference: `deposit:${input.depositId}`,
    postings: [
      { account: { wallet: input.userId }, amount: -input.amount },
      { account: { clearing: input.provider }, amount: input.amount },
    ],
  });
}

/** A reversed deposit given back (a dispute the shop won): the clearing account pays the wallet again. */
export function reinstateDeposit(
  db: Db,
  input: { userId: string; provider: string; depositId: number; amount: number; key: string },
) {
  return postMove(db, {
    key: input.key,
    kind: 'deposit_reinstatement',
    reference: `deposit:${input.depositId}`,
    postings: [
      { account: { clearing: input.provider }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/**
 * A purchase or a paid generation: the wallet pays the shop. Throws INSUFFICIENT_FUNDS when the
 * balance is short.
 */
export function debitWallet(
  db: Db,
  input: { userId: string; amount: number; key: string; kind: 'purchase' | 'generation'; reference: string },
) {
  return postMove(db, {
    key: input.key,
    kind: input.kind,
    reference: input.reference,
    postings: [
      { account: { wallet: input.userId }, amount: -input.amount },
      { account: { system: 'revenue' }, amount: input.amount },
    ],
  });
}

/**
 * Gives back what an earlier debit took, as a compensating transaction (the ledger is never
 * edited). At most the original amount, and once per key.
 */
export async function refund(db: Db, input: { originalKey: string; key: string; amount?: number }) {
  const original = await findMove(db, input.originalKey);
  if (!original || (original.kind !== 'purchase' && original.kind !== 'generation')) {
    throw AppError.notFound();
  }
  const amount = input.amount ?? original.amount;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > original.amount) {
    throw new RangeError(`refund of ${amount} for a debit of ${original.amount}`);
  }
  const [payer] = await db
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.transactionId, original.id), eq(ledgerAccounts.kind, 'wallet')));
  if (!payer?.userId) throw AppError.notFound();
  return postMove(db, {
    key: input.key,
    kind: 'refund',
    reference: original.reference ?? undefined,
    metadata: { refunds: original.idempotencyKey },
    postings: [
      { account: { system: 'revenue' }, amount: -amount },
      { account: { wallet: payer.userId }, amount },
    ],
  });
}

/**
 * A back-office refund to the buyer's balance (decision 0048): the shop gives back what it earned
 * from an order, an item of it or a generation. `key` is the refund's own (`refund:<id>`);
 * `reference` the order or generation refunded, so the statement links to it.
 */
export function refundToBalance(
  db: Db,
  input: {
    userId: string;
    amount: number;
    key: string;
    kind: 'purchase_refund' | 'generation_refund';
    reference: string;
    refundId: number;
  },
) {
  return postMove(db, {
    key: input.key,
    kind: input.kind,
    reference: input.reference,
    metadata: { refund_id: input.refundId },
    postings: [
      { account: { system: 'revenue' }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/**
 * A deposit refunded by the back office to its payment method (decision 0048): the credits it
 * bought leave the wallet for the provider's clearing account before the provider is asked.
 * Unlike a reversal the provider made, this never takes a wallet below zero: it throws
 * INSUFFICIENT_FUNDS (or ACCOUNT_IN_DEBT) when the balance no longer holds the credits.
 */
export function takeForDepositRefund(
  db: Db,
  input: {
    userId: string;
    provider: string;
    depositId: number;
    amount: number;
    key: string;
    refundId: number;
  },
) {
  return postMove(db, {
    key: input.key,
    kind: 'deposit_refund',
    reference: `deposit:${input.depositId}`,
    metadata: { refund_id: input.refundId },
    postings: [
      { account: { wallet: input.userId }, amount: -input.amount },
      { account: { clearing: input.provider }, amount: input.amount },
    ],
  });
}

/** A deposit's refund the provider refused: the credits taken for it go back to the wallet. */
export function returnDepositRefund(
  db: Db,
  input: {
    userId: string;
    provider: string;
    depositId: number;
    amount: number;
    key: string;
    refundId: number;
  },
) {
  return postMove(db, {
    key: input.key,
    kind: 'deposit_refund_returned',
    reference: `deposit:${input.depositId}`,
    metadata: { refund_id: input.refundId },
    postings: [
      { account: { clearing: input.provider }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/** Sets money aside for a withdrawal: it leaves the wallet at once and waits as payable. */
export function reservePayout(db: Db, input: { userId: string; amount: number; payoutId: number }) {
  return postMove(db, {
    key: `payout:${input.payoutId}:reserve`,
    kind: 'payout_reserve',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { wallet: input.userId }, amount: -input.amount },
      { account: { system: 'payouts_payable' }, amount: input.amount },
    ],
  });
}

/** A reserved withdrawal has been paid out. */
export function completePayout(db: Db, input: { amount: number; payoutId: number }) {
  return postMove(db, {
    key: `payout:${input.payoutId}:paid`,
    kind: 'payout',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { system: 'payouts_payable' }, amount: -input.amount },
      { account: { system: 'payouts_paid' }, amount: input.amount },
    ],
  });
}

/** A reserved withdrawal that will not be paid goes back to the wallet. */
export function releasePayout(db: Db, input: { userId: string; amount: number; payoutId: number }) {
  return postMove(db, {
    key: `payout:${input.payoutId}:release`,
    kind: 'payout_release',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { system: 'payouts_payable' }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/**
 * An accepted offer: the shop buys the work and owes its price to the seller, to be paid out
 * to their card or bank account (not to their wallet).
 */
export function recordOfferPayout(db: Db, input: { offerId: number; payoutId: number; amount: number }) {
  return postMove(db, {
    key: `offer:${input.offerId}`,
    kind: 'offer',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { system: 'purchases' }, amount: -input.amount },
      { account: { system: 'payouts_payable' }, amount: input.amount },
    ],
  });
}

/**
 * An offer's payout that failed: what was owed goes back to where it came from. Each attempt of
 * the payout (the seller may give new details after a failure) is reversed under its own key.
 */
export function reverseOfferPayout(db: Db, input: { payoutId: number; amount: number; attempt?: number }) {
  const attempt = input.attempt ?? 1;
  return postMove(db, {
    key: attempt === 1 ? `payout:${input.payoutId}:reversed` : `payout:${input.payoutId}:reversed:${attempt}`,
    kind: 'offer_reversal',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { system: 'payouts_payable' }, amount: -input.amount },
      { account: { system: 'purchases' }, amount: input.amount },
    ],
  });
}

/**
 * A failed offer's payout tried again with new details (attempt 2, 3, …): the shop owes its price
 * once more, as when the offer was accepted.
 */
export function oweOfferPayoutAgain(db: Db, input: { payoutId: number; attempt: number; amount: number }) {
  return postMove(db, {
    key: `payout:${input.payoutId}:attempt:${input.attempt}`,
    kind: 'offer',
    reference: `payout:${input.payoutId}`,
    postings: [
      { account: { system: 'purchases' }, amount: -input.amount },
      { account: { system: 'payouts_payable' }, amount: input.amount },
    ],
  });
}

/**
 * A correction by the back office: credits (positive) or debits (negative) a wallet against the
 * `adjustments` mirror account. A debit larger than the balance fails like any other.
 * The same key again answers the first adjustment and moves nothing; with another request (the
 * opposite sign, another reason: `postMove` sees only the size) it throws IDEMPOTENCY_KEY_REUSED.
 */
export async function adjustBalance(
  db: Db,
  input: { userId: string; amount: number; key: string; reason: string; adminId: string },
): Promise<MoveResult> {
  const moved = await postMove(db, {
    key: input.key,
    kind: 'adjustment',
    reference: `user:${input.userId}`,
    metadata: { reason: input.reason, admin_id: input.adminId },
    postings: [
      { account: { system: 'adjustments' }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
  if (moved.replayed) {
    const [wallet] = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerEntries.transactionId, moved.transaction.id),
          eq(ledgerAccounts.code, accountSpec({ wallet: input.userId }).code),
        ),
      );
    if (wallet?.amount !== input.amount || moved.transaction.metadata?.reason !== input.reason) {
      throw keyReused();
    }
  }
  return moved;
}

/**
 * Credits for a buyer of the demo shop (made by the seed, never by a request), against the
 * `adjustments` account, once per account: the seed run again moves nothing twice.
 */
export function creditDemoBuyer(db: Db, input: { userId: string; amount: number }) {
  return postMove(db, {
    key: `account:${input.userId}:demo-credits`,
    kind: 'adjustment',
    reference: `user:${input.userId}`,
    metadata: { reason: 'demo shop: credits of a demo buyer' },
    postings: [
      { account: { system: 'adjustments' }, amount: -input.amount },
      { account: { wallet: input.userId }, amount: input.amount },
    ],
  });
}

/**
 * A deleted account's balance, given up by the user's explicit choice: it leaves the wallet for the
 * shop's `adjustments` account, once per account (the key is the user's), so a retried deletion
 * moves nothing twice. Throws INSUFFICIENT_FUNDS when the wallet holds less than `amount`.
 */
export function forfeitBalance(db: Db, input: { userId: string; amount: number }) {
  return postMove(db, {
    key: `account:${input.userId}:forfeit`,
    kind: 'adjustment',
    reference: `user:${input.userId}`,
    metadata: { reason: 'account deleted: balance given up' },
    postings: [
      { account: { wallet: input.userId }, amount: -input.amount },
      { account: { system: 'adjustments' }, amount: input.amount },
    ],
  });
}
