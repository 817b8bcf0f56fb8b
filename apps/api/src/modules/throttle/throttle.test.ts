import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/database';
import { enforceBackoff, enforceLimit, pruneThrottles } from './throttle.service';
import { throttles } from './throttle.tables';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

async function keys() {
  const rows = await database.db.select({ key: throttles.key }).from(throttles);
  return rows.map((row) => row.key).sort();
}

describe('pruneThrottles', () => {
  it('removes counters whose window and block have ended, and keeps the rest counting', async () => {
    const limit = { max: 2, windowSeconds: 60 };
    await enforceLimit(database.db, 'live', limit);
    await enforceLimit(database.db, 'live', limit);
    await database.db.insert(throttles).values([
      { key: 'ended', hits: 9, windowEndsAt: sql`now() - interval '1 minute'` },
      {
        key: 'still-blocked',
        hits: 9,
        windowEndsAt: sql`now() - interval '1 minute'`,
        blockedUntil: sql`now() + interval '5 minutes'`,
      },
    ]);

    expect(await pruneThrottles(database.db)).toBe(1);
    expect(await keys()).toEqual(['live', 'still-blocked']);
    // The live counter kept its hits: the next one is over the limit.
    await expect(enforceLimit(database.db, 'live', limit)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('enforceBackoff', () => {
  const backoff = { free: 3, windowSeconds: 900, maxDelaySeconds: 4 };

  /** The delay the last attempt left, as if it had passed: the next attempt is on time. */
  async function waitOut(key: string) {
    const [row] = await database.db
      .select({ left: sql<string>`extract(epoch from ${throttles.blockedUntil} - now())` })
      .from(throttles)
      .where(sql`${throttles.key} = ${key}`);
    await database.db
      .update(throttles)
      .set({ blockedUntil: sql`now() - interval '1 millisecond'` })
      .where(sql`${throttles.key} = ${key}`);
    return Math.round(Number(row?.left));
  }

  it('lets the free attempts through, then spaces the others 1, 2, 4 … seconds apart, never more than the most', async () => {
    const key = 'backoff:spaced';
    for (let attempt = 0; attempt < 3; attempt++) await enforceBackoff(database.db, key, backoff);
    // The fourth passes; the fifth, at once, waits the second the fourth left.
    await enforceBackoff(database.db, key, backoff);
    const early = enforceBackoff(database.db, key, backoff);
    await expect(early).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', headers: { 'retry-after': '1' } });
    const delays = [await waitOut(key)];
    for (let attempt = 0; attempt < 4; attempt++) {
      await enforceBackoff(database.db, key, backoff);
      delays.push(await waitOut(key));
    }
    expect(delays).toEqual([1, 2, 4, 4, 4]);
  });

  it('lets only one of many parallel attempts past the free ones through', async () => {
    const key = 'backoff:parallel';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => enforceBackoff(database.db, key, backoff)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
  });

  it('leaves no wait behind a free attempt', async () => {
    const key = 'backoff:free';
    for (let attempt = 0; attempt < 3; attempt++) await enforceBackoff(database.db, key, backoff);
    const [row] = await database.db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(sql`${throttles.key} = ${key}`);
    expect(row?.blockedUntil).toBeNull();
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'lets a free attempt through after a parallel one that began later and finished first',
    async () => {
      const key = 'backoff:clocks';
      await database.db.transaction(async (tx) => {
        // This attempt's clock starts now; the other one's starts later but counts first.
        await tx.execute(sql`select now()`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await enforceBackoff(database.db, key, backoff);
        await enforceBackoff(tx as unknown as typeof database.db, key, backoff);
      });
    },
  );

  it('starts again when the window ends', async () => {
    const key = 'backoff:window';
    for (let attempt = 0; attempt < 4; attempt++) await enforceBackoff(database.db, key, backoff);
    await expect(enforceBackoff(database.db, key, backoff)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    await database.db
      .update(throttles)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${throttles.key} = ${key}`);
    for (let attempt = 0; attempt < 3; attempt++) await enforceBackoff(database.db, key, backoff);
  });
});
