import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminStatsPeriod, AdminUserOrder } from '@promptmarket/contracts/admin';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { orderItems, orders } from './orders.tables';

/** What the back office reads of orders: the dashboard's sales and an account's orders. */

/** Orders since the start of today or of this month: how many, and what they were paid. */
export async function salesSince(
  db: Db,
  period: AdminStatsPeriod,
): Promise<{ count: number; total: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .where(sql`${orders.createdAt} >= date_trunc(${period}, now())`);
  return { count: row?.count ?? 0, total: minorUnitsToNumber(Number(row?.total ?? 0)) };
}

/** An account's newest orders. */
export async function recentOrdersOf(
  db: Db,
  input: { userId: string; limit: number },
): Promise<AdminUserOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, input.userId))
    .orderBy(desc(orders.id))
    .limit(input.limit);
  return rows.map((order) => ({
    id: order.id,
    total: minorUnitsToNumber(order.total),
    created_at: order.createdAt.toISOString(),
  }));
}

/** An order as a refund reads it (decision 0048): what was paid, for which prompts, which are still owned. */
export type OrderForRefund = {
  id: number;
  userId: string;
  total: number;
  createdAt: Date;
  items: { id: number; productId: number; price: number; refunded: boolean }[];
};

/**
 * An order with its items, its row locked for the caller's transaction: two refunds of the same
 * order (or of its items) run one after the other and each sees what the other refunded. Throws
 * NOT_FOUND when there is no such order.
 */
export async function lockOrderForRefund(tx: Db, orderId: number): Promise<OrderForRefund> {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, total: orders.total, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw AppError.notFound();
  const items = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      price: orderItems.price,
      refundedAt: orderItems.refundedAt,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return {
    ...order,
    items: items.map(({ refundedAt, ...item }) => ({ ...item, refunded: refundedAt !== null })),
  };
}

/** The order an item belongs to; NOT_FOUND when there is no such item. */
export async function orderIdOfItem(db: Db, itemId: number): Promise<number> {
  const [item] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  if (!item) throw AppError.notFound();
  return item.orderId;
}

/**
 * Ends the buyer's access to items refunded in full (decision 0048): their downloads and prompt
 * text stop, and the prompt may be bought again.
 */
export async function revokeOrderItems(tx: Db, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .update(orderItems)
    .set({ refundedAt: sql`now()` })
    .where(and(inArray(orderItems.id, itemIds), isNull(orderItems.refundedAt)));
}
