import { formatMinorUnits } from '@promptmarket/contracts';
import type { RefundSubject } from '@promptmarket/contracts/admin-refunds';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { GenerationForRefund } from '../generation/generation.admin';
import type { OrderForRefund } from '../orders/orders.admin';
import { findMove } from '../wallet/wallet.service';
import { type RefundRow, refunds } from './refunds.tables';

/**
 * What a refund may give back: what is left of its subject after the refunds made before (read
 * under the subject's row lock by the callers), the amount asked within it, and the refund's row.
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

export type Admin = { id: string };

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
export async function orderLeft(tx: Db, order: OrderForRefund) {
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
export async function generationLeft(tx: Db, generation: GenerationForRefund) {
  const automatic = (await findMove(tx, `generation:${generation.id}:refund`))?.amount ?? 0;
  const refunded = automatic + (await refundedSum(tx, subjectIs('generation', generation.id)));
  return { refunded, remaining: Math.max(0, generation.cost - refunded) };
}

export function subjectIs(subject: RefundSubject, id: number): SQL {
  return and(eq(refunds.subject, subject), eq(refunds.subjectId, id)) as SQL;
}

function nothingLeft(): AppError {
  return AppError.conflict('refund.nothing_left');
}

/** The amount asked, or everything left; more than is left is a 422 on `amount` naming the most. */
export function amountOf(input: RefundInput, remaining: number, currencyName: string): number {
  if (remaining <= 0) throw nothingLeft();
  const amount = input.amount ?? remaining;
  if (amount > remaining) {
    throw AppError.validation({ amount: ['refund.amount_too_high'] }, 'VALIDATION_FAILED', {
      amount: `${formatMinorUnits(remaining)} ${currencyName}`,
    });
  }
  return amount;
}

export async function insertRefund(
  tx: Db,
  values: Omit<typeof refunds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund not recorded');
  return row;
}
