import { errorMessages } from '@promptmarket/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { users } from './accounts.tables';

/**
 * Holds an account, in the caller's transaction, while money is about to be promised to it (a
 * deposit being opened): a deletion under way, which locks the account's row, is waited for, and
 * an account deleted meanwhile is UNAUTHENTICATED, as its ended sessions would answer.
 */
export async function lockActiveAccount(tx: Db, userId: string): Promise<void> {
  const [active] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('share');
  if (!active) throw new AppError('UNAUTHENTICATED', errorMessages.unauthenticated);
}
