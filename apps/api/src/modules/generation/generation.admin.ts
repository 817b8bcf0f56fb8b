import type { AdminStatsPeriod } from '@promptmarket/contracts/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { generations } from './generation.tables';

/** What the back office reads of paid generation: the dashboard's count. */

/** Images drawn since the start of today or of this month (failed ones, refunded, not counted). */
export async function finishedGenerationsSince(db: Db, period: AdminStatsPeriod): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(
      and(eq(generations.status, 'done'), sql`${generations.createdAt} >= date_trunc(${period}, now())`),
    );
  return row?.count ?? 0;
}

/** A generation as a refund reads it: who paid how much, and whether it was drawn. */
export type GenerationForRefund = {
  id: number;
  userId: string;
  title: string;
  cost: number;
  status: 'processing' | 'done' | 'failed';
};

/**
 * A generation, its row locked for the caller's transaction: a refund and a failure's own refund
 * (which gives up only a generation still processing) cannot both happen. Throws NOT_FOUND.
 */
export async function lockGenerationForRefund(tx: Db, generationId: number): Promise<GenerationForRefund> {
  const [row] = await tx
    .select({
      id: generations.id,
      userId: generations.userId,
      title: generations.title,
      cost: generations.cost,
      status: generations.status,
    })
    .from(generations)
    .where(eq(generations.id, generationId))
    .for('update');
  if (!row) throw AppError.notFound();
  return row;
}
