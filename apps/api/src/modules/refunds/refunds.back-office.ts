import { minorUnitsToNumber } from '@promptmarket/contracts';
import type { AdminOrderRefund } from '@promptmarket/contracts/admin-orders';
import { creditNoteNumber } from '@promptmarket/contracts/admin-refunds';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountEmails } from '../accounts/accounts.admin';
import { refunds } from './refunds.tables';

/**
 * The refunds of one order (of the whole order or of any of its items) or of one generation,
 * oldest first, for the back office's order page.
 */
export async function refundsOfOrder(
  db: Db,
  of: { orderId: number } | { generationId: number },
): Promise<AdminOrderRefund[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(
      'orderId' in of
        ? or(
            eq(refunds.orderId, of.orderId),
            and(eq(refunds.subject, 'order'), eq(refunds.subjectId, of.orderId)),
          )
        : and(eq(refunds.subject, 'generation'), eq(refunds.subjectId, of.generationId)),
    )
    .orderBy(asc(refunds.id))
    .limit(200);
  const admins = await accountEmails(
    db,
    rows.map((row) => row.adminId),
  );
  return rows.map((row) => ({
    id: row.id,
    number: creditNoteNumber(row.id, row.createdAt),
    subject: row.subject,
    subject_id: row.subjectId,
    amount: minorUnitsToNumber(row.amount),
    status: row.status,
    reason: row.reason,
    admin_email: admins.get(row.adminId) ?? '',
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * The credits refunded (or being refunded: all but the failed) of the order whose id `orderId`
 * names in the outer query, as a correlated subquery the orders list shows a status by.
 */
export function refundedOfOrderSql(orderId: SQL): SQL {
  return sql`(select coalesce(sum(counted.amount), 0) from refunds counted where counted.status <> 'failed' and counted.order_id = ${orderId})`;
}

/** The same for a generation refunded from the back office (its own failure's refund is its status). */
export function refundedOfGenerationSql(generationId: SQL): SQL {
  return sql`(select coalesce(sum(counted.amount), 0) from refunds counted where counted.status <> 'failed' and counted.subject = 'generation' and counted.subject_id = ${generationId})`;
}
