import { minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type AdminRefund,
  type adminRefundsRequest,
  creditNoteNumber,
  type RefundSubject,
} from '@promptmarket/contracts/admin-refunds';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { foldedContains } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { subjectIs } from './refunds.amounts';
import { type RefundRow, refunds } from './refunds.tables';

/** The refunds as the back office lists them, and as credit notes on the buyer's receipts. */

export async function answerOf(db: Db, row: RefundRow): Promise<AdminRefund> {
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
