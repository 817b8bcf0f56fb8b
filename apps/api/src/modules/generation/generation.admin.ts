import type { AdminStatsPeriod } from '@promptmarket/contracts/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
