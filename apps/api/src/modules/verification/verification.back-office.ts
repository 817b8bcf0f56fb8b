import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifications } from './verification.tables';

/** A customer's identity verifications, newest first, for the back office's customer page. */
export async function verificationsOfCustomer(db: Db, input: { userId: string; limit: number }) {
  const rows = await db
    .select({
      id: verifications.id,
      status: verifications.status,
      reason: verifications.reason,
      createdAt: verifications.createdAt,
    })
    .from(verifications)
    .where(eq(verifications.userId, input.userId))
    .orderBy(desc(verifications.id))
    .limit(input.limit);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
}
