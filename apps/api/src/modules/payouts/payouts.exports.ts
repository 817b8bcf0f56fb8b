import { and, asc, count, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutBatches, payouts } from './payouts.tables';

export type PayoutExportRow = {
  id: number;
  createdAt: Date;
  userId: string;
  offerId: number;
  method: string;
  status: string;
  amountCents: number;
  ledgerAmount: number;
  destination: string;
  batchMessageId: string | null;
  sentAt: Date | null;
  settledAt: Date | null;
  failureReason: string | null;
};

/** One page of the payouts requested from `from` to `to` (excluded), after the payout `after`, oldest first. */
export function payoutsPage(
  db: Db,
  input: { from: Date; to: Date; after: number | undefined; limit: number },
): Promise<PayoutExportRow[]> {
  return db
    .select({
      id: payouts.id,
      createdAt: payouts.createdAt,
      userId: payouts.userId,
      offerId: payouts.offerId,
      method: payouts.method,
      status: payouts.status,
      amountCents: payouts.amountCents,
      ledgerAmount: payouts.ledgerAmount,
      destination: payouts.destinationMasked,
      batchMessageId: payoutBatches.messageId,
      sentAt: payouts.sentAt,
      settledAt: payouts.settledAt,
      failureReason: payouts.failureReason,
    })
    .from(payouts)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(
      and(
        gte(payouts.createdAt, input.from),
        lt(payouts.createdAt, input.to),
        input.after === undefined ? undefined : gt(payouts.id, input.after),
      ),
    )
    .orderBy(asc(payouts.id))
    .limit(input.limit);
}

export type PayoutBatchListed = {
  id: number;
  messageId: string;
  transfers: number;
  totalCents: number;
  createdAt: Date;
  createdBy: string | null;
};

/** The SEPA files exported so far, newest first, a page at a time, with how many there are. */
export async function payoutBatchesPage(
  db: Db,
  input: { page: number; perPage: number },
): Promise<{ data: PayoutBatchListed[]; total: number }> {
  const [data, [counted]] = await Promise.all([
    db
      .select({
        id: payoutBatches.id,
        messageId: payoutBatches.messageId,
        transfers: payoutBatches.transfers,
        totalCents: payoutBatches.totalCents,
        createdAt: payoutBatches.createdAt,
        createdBy: payoutBatches.createdBy,
      })
      .from(payoutBatches)
      .orderBy(desc(payoutBatches.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ total: count() }).from(payoutBatches),
  ]);
  return { data, total: counted?.total ?? 0 };
}
