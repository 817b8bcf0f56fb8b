import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';

export type AccountExportRow = {
  id: string;
  createdAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  locale: string;
  emailVerifiedAt: Date | null;
  blockedAt: Date | null;
  deletedAt: Date | null;
};

/**
 * One page of the accounts created from `from` to `to` (excluded), oldest first, after the
 * account created at `after` (its moment and id: ids are random, so the order is by both).
 */
export async function accountsPage(
  db: Db,
  input: { from: Date; to: Date; after: { createdAt: Date; id: string } | undefined; limit: number },
): Promise<AccountExportRow[]> {
  const after = input.after;
  return db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      locale: users.locale,
      emailVerifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(
      and(
        gte(users.createdAt, input.from),
        lt(users.createdAt, input.to),
        after === undefined
          ? undefined
          : sql`(${users.createdAt}, ${users.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(input.limit);
}
