import { and, asc, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits } from './deposits.tables';

export type DepositExportRow = {
  id: number;
  createdAt: Date;
  settledAt: Date | null;
  userId: string;
  provider: string;
  status: string;
  currency: string;
  amountMinor: number;
  internalAmount: number;
  refundedAmount: number;
  disputedAmount: number;
};

/** One page of the deposits started from `from` to `to` (excluded), after the deposit `after`, oldest first. */
export function depositsPage(
  db: Db,
  input: { from: Date; to: Date; after: number | undefined; limit: number },
): Promise<DepositExportRow[]> {
  return db
    .select({
      id: deposits.id,
      createdAt: deposits.createdAt,
      settledAt: deposits.settledAt,
      userId: deposits.userId,
      provider: deposits.provider,
      status: deposits.status,
      currency: deposits.currency,
      amountMinor: deposits.amountMinor,
      internalAmount: deposits.internalAmount,
      refundedAmount: deposits.refundedAmount,
      disputedAmount: deposits.disputedAmount,
    })
    .from(deposits)
    .where(
      and(
        gte(deposits.createdAt, input.from),
        lt(deposits.createdAt, input.to),
        input.after === undefined ? undefined : gt(deposits.id, input.after),
      ),
    )
    .orderBy(asc(deposits.id))
    .limit(input.limit);
}
