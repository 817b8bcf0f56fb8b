import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminRefund, AdminRefundable, RefundSubject } from '@promptmarket/contracts/admin-refunds';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockDepositForRefund, refundableOf } from '../deposits/deposits.admin';
import { lockGenerationForRefund } from '../generation/generation.admin';
import { lockOrderForRefund, orderIdOfItem } from '../orders/orders.admin';
import type { PaymentProvider } from '../payments/provider';
import { getStoredSettings } from '../site/site.service';
import { walletBalance } from '../wallet/wallet.service';
import { type Admin, generationLeft, orderLeft, type RefundInput } from './refunds.amounts';
import { refundGeneration, refundOrder } from './refunds.balance';
import { askProvider, takeDepositCredits } from './refunds.deposits';
import { answerOf } from './refunds.reads';
import { type RefundRow, refunds } from './refunds.tables';

/**
 * Refunds by the back office (decision 0048): to the balance for an order, one of its items or a
 * paid generation (refunds.balance.ts), through the payment provider for a deposit
 * (refunds.deposits.ts). This file takes the request, answers a key sent again with the refund it
 * made, and tells the dialog what is left to refund.
 */

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
