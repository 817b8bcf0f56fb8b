import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from './orders.tables';

export type OrderExportFacts = { kind: 'purchase' | 'checkout'; items: number };

/**
 * How each order was bought (one prompt from its page, or the cart) and how many prompts it
 * bought, for the orders export.
 */
export async function orderExportFacts(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderExportFacts>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, kind: orders.kind, items: count(orderItems.id) })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(inArray(orders.id, unique))
    .groupBy(orders.id, orders.kind);
  return new Map(
    rows.map((row) => [
      row.id,
      { kind: row.kind === 'checkout' ? 'checkout' : 'purchase', items: row.items },
    ]),
  );
}
