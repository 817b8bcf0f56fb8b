import type { AdminCustomerSession } from '@promptmarket/contracts/admin-orders';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from './session.tables';

/**
 * A user's live sessions, last used first, for the back office: when each began and was last used,
 * when it idles out, and the browser. Never the session's id or its hash, nor its CSRF token.
 */
export async function activeSessionsOf(
  db: Db,
  input: { userId: string; limit: number },
): Promise<AdminCustomerSession[]> {
  const rows = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(input.limit);
  return rows.map((row) => ({
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
  }));
}
