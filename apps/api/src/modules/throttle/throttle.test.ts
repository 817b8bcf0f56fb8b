import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { enforceLimit, pruneThrottles } from './throttle.service';
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
