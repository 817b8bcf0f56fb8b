import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems } from './orders.tables';

/** How many prompts each order bought: one for a single purchase, the cart's size for a checkout. */
export async function orderItemCounts(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, items: count() })
    .from(orderItems)
    .where(inArray(orderItems.orderId, unique))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, row.items]));
}
