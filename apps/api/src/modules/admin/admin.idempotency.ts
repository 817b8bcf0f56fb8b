import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requestHash, sameRequest } from '../../lib/idempotency';
import { signedInUser } from '../accounts/accounts.plugin';
import { adminIdempotencyKeys } from './admin.tables';

/**
 * Runs a back-office action once per Idempotency-Key, as the user endpoints do
 * (`lib/idempotency`): the key is the admin's own and stands for one request. The first request
 * claims the key and runs; a repeat of it (a double click, a retry after a lost answer) gets the
 * first answer again and moves nothing; the same key with another request (another record, other
 * details) is 409 IDEMPOTENCY_KEY_REUSED; a repeat while the first still runs is 409. An action
 * that fails gives its key back, so a retry runs it again (its own rules decide then). Without a
 * key the action simply runs.
 */
export async function oncePerKey<T>(db: Db, request: FastifyRequest, action: () => Promise<T>): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return action();
  const adminId = signedInUser(request).id;
  const hash = requestHash(request.method, request.url.split('?')[0] ?? '', request.body);
  const mine = and(eq(adminIdempotencyKeys.adminId, adminId), eq(adminIdempotencyKeys.key, key));
  const [claimed] = await db
    .insert(adminIdempotencyKeys)
    .values({ adminId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: adminIdempotencyKeys.key });
  if (!claimed) {
    const [earlier] = await db.select().from(adminIdempotencyKeys).where(mine);
    if (!earlier) throw AppError.conflict('request.in_progress');
    sameRequest(earlier.requestHash, hash);
    if (earlier.answer === null) throw AppError.conflict('request.in_progress');
    return earlier.answer as T;
  }
  let answer: T;
  try {
    answer = await action();
  } catch (error) {
    await db.delete(adminIdempotencyKeys).where(mine);
    throw error;
  }
  await db
    .update(adminIdempotencyKeys)
    .set({ answer: sql`${JSON.stringify(answer ?? null)}::jsonb` })
    .where(mine);
  return answer;
}

/** How long a back-office key is remembered: far longer than any retry of one dialog. */
const KEPT_DAYS = 7;

/** Forgets the keys older than `KEPT_DAYS`; returns how many went. */
export async function pruneAdminIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(adminIdempotencyKeys)
    .where(lte(adminIdempotencyKeys.createdAt, new Date(now.getTime() - KEPT_DAYS * 86_400_000)))
    .returning({ key: adminIdempotencyKeys.key });
  return removed.length;
}
