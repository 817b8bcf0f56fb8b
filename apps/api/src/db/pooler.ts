import type pg from 'pg';

/**
 * Pools that reach PostgreSQL through a pooler in transaction mode (PgBouncer, DATABASE_DIRECT_URL
 * set): each query may go to another server connection, which has never seen a statement named
 * on another, so their reads run unnamed (db/prepared.ts).
 */
const behindPooler = new WeakSet<pg.Pool>();

export function markBehindPooler(pool: pg.Pool): void {
  behindPooler.add(pool);
}

export function isBehindPooler(pool: pg.Pool): boolean {
  return behindPooler.has(pool);
}
