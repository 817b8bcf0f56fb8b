import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminStatsPeriod, AdminUserOrder } from '@promptmarket/contracts/admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './orders.tables';

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
