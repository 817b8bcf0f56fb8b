import { formatMinorUnits, minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type AdminRefund,
  type AdminRefundable,
  type adminRefundsRequest,
  creditNoteNumber,
  type RefundSubject,
} from '@promptmarket/contracts/admin-refunds';
import { receiptNumber } from '@promptmarket/contracts/receipts';
import { and, asc, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { foldedContains } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { audited } from '../admin/admin.audit';
import { productsShown } from '../catalogue/catalogue.service';
import {
  countDepositRefund,
  lockDepositForRefund,
  refundableOf,
  refundMinorOf,
} from '../deposits/deposits.admin';
import { onShopRefundFailed } from '../deposits/deposits.reversals';
import { type GenerationForRefund, lockGenerationForRefund } from '../generation/generation.admin';
import { mailAccount } from '../mail/mail.notify';
import {
  lockOrderForRefund,
  type OrderForRefund,
  orderIdOfItem,
  revokeOrderItems,
} from '../orders/orders.admin';
import { type PaymentProvider, RefundRefused } from '../payments/provider';
import { getStoredSettings } from '../site/site.service';
import {
  findMove,
  lockedWalletBalance,
  refundToBalance,
  returnDepositRefund,
  takeForDepositRefund,
  walletBalance,
} from '../wallet/wallet.service';
import { type RefundRow, refunds } from './refunds.tables';

/**
 * Refunds by the back office (decision 0048). A refund to the balance (an order, one of its items,
 * a paid generation) is one transaction: the subject's row is locked, what is left to refund is
 * read under that lock from the refunds made before, the refund is recorded and the ledger gives
 * the credits back under the refund's own key, the buyer's access to what was refunded in full
 * ends, the mail is queued and the audit entry written. A deposit's refund takes the credits from
 * the balance first (refused when the balance no longer holds them), then asks the provider.
 */

export type RefundInput = {
  subject: RefundSubject;
  subjectId: number;
  /** Internal-currency minor units; null refunds everything left. */
  amount: number | null;
  reason: string;
  /** The admin's Idempotency-Key: the same key is the same refund. */
  idempotencyKey: string | null;
};

type Admin = { id: string };

/** The refunds of an order (whole or by item), or of a generation or deposit, that count. */
function counted(condition: SQL): SQL {
  return and(condition, ne(refunds.status, 'failed')) as SQL;
}

async function refundedSum(tx: Db, condition: SQL): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(counted(condition));
  return Number(row?.total ?? 0);
}

/** What is left to refund of an order and of each of its items. */
async function orderLeft(tx: Db, order: OrderForRefund) {
  const refundedOrder = await refundedSum(tx, eq(refunds.orderId, order.id));
  const itemRows = await tx
    .select({ itemId: refunds.subjectId, total: sql<string>`sum(${refunds.amount})` })
    .from(refunds)
    .where(counted(and(eq(refunds.orderId, order.id), eq(refunds.subject, 'order_item')) as SQL))
    .groupBy(refunds.subjectId);
  const byItem = new Map(itemRows.map((row) => [row.itemId, Number(row.total)]));
  const orderRemaining = Math.max(0, order.total - refundedOrder);
  return {
    refunded: refundedOrder,
    remaining: orderRemaining,
    item: (itemId: number) => {
      const item = order.items.find((candidate) => candidate.id === itemId);
      if (!item) return { refunded: 0, remaining: 0, price: 0 };
      const refunded = byItem.get(itemId) ?? 0;
      return {
        refunded,
        price: item.price,
        remaining: item.refunded ? 0 : Math.min(orderRemaining, Math.max(0, item.price - refunded)),
      };
    },
  };
}

/** What a generation's own failure refunded (the compensating move of decision 0015), if anything. */
async function generationLeft(tx: Db, generation: GenerationForRefund) {
  const automatic = (await findMove(tx, `generation:${generation.id}:refund`))?.amount ?? 0;
  const refunded = automatic + (await refundedSum(tx, subjectIs('generation', generation.id)));
  return { refunded, remaining: Math.max(0, generation.cost - refunded) };
}

function subjectIs(subject: RefundSubject, id: number): SQL {
  return and(eq(refunds.subject, subject), eq(refunds.subjectId, id)) as SQL;
}

function nothingLeft(): AppError {
  return AppError.conflict('refund.nothing_left');
}

/** The amount asked, or everything left; more than is left is a 422 on `amount` naming the most. */
function amountOf(input: RefundInput, remaining: number, currencyName: string): number {
  if (remaining <= 0) throw nothingLeft();
  const amount = input.amount ?? remaining;
  if (amount > remaining) {
    throw AppError.validation({ amount: ['refund.amount_too_high'] }, 'VALIDATION_FAILED', {
      amount: `${formatMinorUnits(remaining)} ${currencyName}`,
    });
  }
  return amount;
}

/** A refund made with this admin's key before: answered again, nothing moves twice. */
async function earlierRefund(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow | null> {
  if (!input.idempotencyKey) return null;
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.adminId, admin.id), eq(refunds.idempotencyKey, input.idempotencyKey)));
  if (!row) return null;
  if (
    row.subject !== input.subject ||
    row.subjectId !== input.subjectId ||
    (input.amount !== null && input.amount !== row.amount) ||
    row.reason !== input.reason
  ) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'request.other_details');
  }
  return row;
}

async function insertRefund(
  tx: Db,
  values: Omit<typeof refunds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund not recorded');
  return row;
}

/**
 * Refunds an order, an item, a generation or a deposit. Throws NOT_FOUND for a subject that does
 * not exist, CONFLICT `refund.nothing_left` when it was refunded in full already, a 422 on
 * `amount` for more than is left (or, for a deposit, more than the balance holds).
 */
export async function createRefund(
  db: Db,
  admin: Admin,
  input: RefundInput,
  payments: PaymentProvider,
): Promise<AdminRefund> {
  const earlier = await earlierRefund(db, admin, input);
  // Refused by the provider before: asked again with its key, it is refused again, as it was.
  if (earlier?.status === 'failed') {
    throw AppError.conflict('refund.provider_refused', {
      reason: (earlier.failureMessage ?? '').slice(0, 200),
    });
  }
  if (input.subject === 'deposit') {
    const row = earlier ?? (await takeDepositCredits(db, admin, input));
    return answerOf(db, row.status === 'pending' ? await askProvider(db, admin, row, payments) : row);
  }
  if (earlier) return answerOf(db, earlier);
  const row =
    input.subject === 'generation'
      ? await refundGeneration(db, admin, input)
      : await refundOrder(db, admin, input);
  return answerOf(db, row);
}

async function refundOrder(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow> {
  const orderId = input.subject === 'order' ? input.subjectId : await orderIdOfItem(db, input.subjectId);
  const settings = await getStoredSettings(db);
  return audited(
    db,
    {
      adminId: admin.id,
      action: input.subject === 'order' ? 'refund.order' : 'refund.order_item',
      subject: { type: input.subject, id: input.subjectId },
    },
    async (tx) => {
      const order = await lockOrderForRefund(tx, orderId);
      const left = await orderLeft(tx, order);
      const remaining = input.subject === 'order' ? left.remaining : left.item(input.subjectId).remaining;
      const amount = amountOf(input, remaining, settings.internal_currency_name);
      const balanceBefore = await walletBalance(tx, order.userId);
      const row = await insertRefund(tx, {
        subject: input.subject,
        subjectId: input.subjectId,
        orderId: order.id,
        userId: order.userId,
        adminId: admin.id,
        amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        status: 'succeeded',
      });
      await refundToBalance(tx, {
        userId: order.userId,
        amount,
        key: `refund:${row.id}`,
        kind: 'purchase_refund',
        reference: `order:${order.id}`,
        refundId: row.id,
      });
      // A prompt refunded in full is no longer the buyer's: the whole order once nothing of it
      // is left, else the item once its own price is given back.
      const after = await orderLeft(tx, order);
      const revoked =
        after.remaining === 0
          ? order.items.filter((item) => !item.refunded)
          : order.items.filter(
              (item) =>
                !item.refunded && item.id === input.subjectId && after.item(item.id).refunded >= item.price,
            );
      await revokeOrderItems(
        tx,
        revoked.map((item) => item.id),
      );
      await mailAccount(tx, order.userId, 'refund-order', 'dashboard/wallet', async ({ locale, credits }) => {
        const shown = await productsShown(
          tx,
          revoked.map((item) => item.productId),
          locale,
        );
        const titles = revoked.map((item) => shown.get(item.productId)?.title ?? `#${item.productId}`);
        return {
          number: String(order.id),
          amount: credits(amount),
          reason: input.reason,
          ...(titles.length > 0 ? { revoked: titles.join(', ') } : {}),
          receipt: receiptNumber('purchase', order.id, order.createdAt),
          receipt_path: `dashboard/receipts/purchase/${order.id}`,
        };
      });
      return {
        result: row,
        subjectId: input.subjectId,
        before: { order_id: order.id, refunded: left.refunded, left: remaining, balance: balanceBefore },
        after: {
          order_id: order.id,
          refund_id: row.id,
          amount,
          reason: input.reason,
          refunded: after.refunded,
          left: remaining - amount,
          balance: balanceBefore + amount,
          revoked_items: revoked.map((item) => item.id),
        },
      };
    },
  );
}

async function refundGeneration(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow> {
  const settings = await getStoredSettings(db);
  return audited(
    db,
    { adminId: admin.id, action: 'refund.generation', subject: { type: 'generation', id: input.subjectId } },
    async (tx) => {
      const generation = await lockGenerationForRefund(tx, input.subjectId);
      // One still being drawn may yet fail and be refunded by itself: it waits until it is done.
      if (generation.status === 'processing') throw AppError.conflict('refund.generation_processing');
      const left = await generationLeft(tx, generation);
      const amount = amountOf(input, left.remaining, settings.internal_currency_name);
      const balanceBefore = await walletBalance(tx, generation.userId);
      const row = await insertRefund(tx, {
        subject: 'generation',
        subjectId: generation.id,
        userId: generation.userId,
        adminId: admin.id,
        amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        status: 'succeeded',
      });
      await refundToBalance(tx, {
        userId: generation.userId,
        amount,
        key: `refund:${row.id}`,
        kind: 'generation_refund',
        reference: `generation:${generation.id}`,
        refundId: row.id,
      });
      await mailAccount(tx, generation.userId, 'refund-generation', 'dashboard/wallet', ({ credits }) => ({
        number: String(generation.id),
        title: generation.title,
        amount: credits(amount),
        reason: input.reason,
      }));
      return {
        result: row,
        before: { refunded: left.refunded, left: left.remaining, balance: balanceBefore },
        after: {
          refund_id: row.id,
          amount,
          reason: input.reason,
          refunded: left.refunded + amount,
          left: left.remaining - amount,
          balance: balanceBefore + amount,
        },
      };
    },
  );
}

/**
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
async function askProvider(
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

/**
 * The provider reports that a refund it made failed after all (Stripe's `charge.refund.updated`,
 * failed or canceled: the card could not take it): the money is the shop's again, so the credits the
 * refund took go back to the balance, the deposit no longer counts the part, and the refund fails.
 * Runs in the event's transaction, under the deposit's row lock. False when the refund is not one
 * the back office made.
 */
type RefundedDeposit = Parameters<Parameters<typeof onShopRefundFailed>[0]>[1];

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

/** What is left to refund of a subject, for the dialog's default amount. */
export async function refundableOfSubject(
  db: Db,
  subject: RefundSubject,
  id: number,
): Promise<AdminRefundable> {
  const settings = await getStoredSettings(db);
  const base = {
    subject,
    id,
    balance: null,
    currency: null,
    refundable_money: null,
    internal_currency_name: settings.internal_currency_name,
  };
  return db.transaction(async (tx) => {
    if (subject === 'deposit') {
      const deposit = await lockDepositForRefund(tx, id);
      const left = refundableOf(deposit);
      return {
        ...base,
        paid: minorUnitsToNumber(deposit.status === 'success' ? deposit.internalAmount : 0),
        refunded: minorUnitsToNumber(deposit.refundedAmount + deposit.disputedAmount),
        refundable: minorUnitsToNumber(left.amount),
        balance: minorUnitsToNumber(await walletBalance(tx, deposit.userId)),
        currency: deposit.currency,
        refundable_money: minorUnitsToNumber(left.minor),
      };
    }
    if (subject === 'generation') {
      const generation = await lockGenerationForRefund(tx, id);
      const left = await generationLeft(tx, generation);
      return {
        ...base,
        paid: minorUnitsToNumber(generation.cost),
        refunded: minorUnitsToNumber(left.refunded),
        refundable: minorUnitsToNumber(generation.status === 'done' ? left.remaining : 0),
      };
    }
    const order = await lockOrderForRefund(tx, subject === 'order' ? id : await orderIdOfItem(tx, id));
    const left = await orderLeft(tx, order);
    const item = left.item(id);
    return subject === 'order'
      ? {
          ...base,
          paid: minorUnitsToNumber(order.total),
          refunded: minorUnitsToNumber(left.refunded),
          refundable: minorUnitsToNumber(left.remaining),
        }
      : {
          ...base,
          paid: minorUnitsToNumber(item.price),
          refunded: minorUnitsToNumber(item.refunded),
          refundable: minorUnitsToNumber(item.remaining),
        };
  });
}

async function answerOf(db: Db, row: RefundRow): Promise<AdminRefund> {
  const [answer] = await answersOf(db, [row]);
  if (!answer) throw new Error('refund not answered');
  return answer;
}

async function answersOf(db: Db, rows: RefundRow[]): Promise<AdminRefund[]> {
  const emails = await accountEmails(db, [
    ...rows.map((row) => row.userId),
    ...rows.map((row) => row.adminId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    number: creditNoteNumber(row.id, row.createdAt),
    subject: row.subject,
    subject_id: row.subjectId,
    order_id: row.orderId,
    user_id: row.userId,
    email: emails.get(row.userId) ?? '',
    admin_email: emails.get(row.adminId) ?? '',
    amount: minorUnitsToNumber(row.amount),
    provider_amount: row.providerAmountMinor === null ? null : minorUnitsToNumber(row.providerAmountMinor),
    currency: row.currency,
    provider: row.provider,
    provider_refund_id: row.providerRefundId,
    status: row.status,
    failure_message: row.failureMessage,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
}

/** `R-2026-000012` → 12, for a search by the credit note's number. */
function idOfNumber(term: string): number | null {
  const match = /^(?:r-\d{4}-)?0*(\d{1,15})$/i.exec(term.trim().replace(/^#/, ''));
  return match ? Number(match[1]) : null;
}

/**
 * The refunds, newest first, by subject and status; the search folds case and accents over the
 * buyer's address and name, the reason and the provider's reference, and finds a number (the
 * refund's, its credit note's, the order's, the item's, the generation's or the deposit's).
 */
export async function refundsForReview(
  db: Db,
  query: z.output<typeof adminRefundsRequest>,
): Promise<{ data: AdminRefund[]; total: number }> {
  const term = query.search?.trim() ?? '';
  const number = term ? idOfNumber(term) : null;
  const conditions = [
    query.subject ? eq(refunds.subject, query.subject) : undefined,
    query.status ? eq(refunds.status, query.status) : undefined,
    term
      ? or(
          foldedContains(term, refunds.reason, refunds.providerRefundId),
          inArray(refunds.userId, accountIdsMatching(db, term)),
          ...(number === null
            ? []
            : [eq(refunds.id, number), eq(refunds.subjectId, number), eq(refunds.orderId, number)]),
        )
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(refunds).where(where),
  ]);
  return { data: await answersOf(db, rows), total: total?.count ?? 0 };
}

/** A credit note on a receipt: what was given back, when, and its number. */
export type CreditNote = {
  number: string;
  issuedAt: Date;
  subject: RefundSubject;
  subjectId: number;
  /** Internal minor units for an order's, the payment's currency's minor units for a deposit's. */
  amountMinor: number;
  reason: string;
};

/**
 * The refunds shown on the buyer's receipt of an order or a deposit (decision 0048): only the
 * buyer's own, only those done.
 */
export async function creditNotesOf(
  db: Db,
  userId: string,
  of: { orderId: number } | { depositId: number },
): Promise<CreditNote[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.userId, userId),
        eq(refunds.status, 'succeeded'),
        'orderId' in of ? eq(refunds.orderId, of.orderId) : subjectIs('deposit', of.depositId),
      ),
    )
    .orderBy(refunds.id);
  return rows.map((row) => ({
    number: creditNoteNumber(row.id, row.createdAt),
    issuedAt: row.createdAt,
    subject: row.subject,
    subjectId: row.subjectId,
    amountMinor: row.subject === 'deposit' ? (row.providerAmountMinor ?? 0) : row.amount,
    reason: row.reason,
  }));
}
