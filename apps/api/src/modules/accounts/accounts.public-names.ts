import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';

/**
 * How accounts sign what others read (a review): the first name and the initial of the last name
 * ("Anna K."), by id. A deleted account has no name left: it signs as nothing ("").
 */
export async function publicNamesByIds(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, publicName(row.firstName, row.lastName)]));
}

/** "Anna K." from Anna and Kowalska; the initial is the last name's first letter as a person reads it. */
export function publicName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const [initial] = Array.from(lastName.trim());
  if (!initial) return first;
  return first ? `${first} ${initial.toLocaleUpperCase()}.` : `${initial.toLocaleUpperCase()}.`;
}
