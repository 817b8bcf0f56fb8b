import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processRegistry } from '../lib/metrics';
import { createTtlCache } from '../lib/ttl-cache';
import { onTestServer, openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { type Database, openPostgres, postgresOptions } from './client';

/** The count of the cache channel's `event` so far in this process. */
async function channelEvents(event: 'lost' | 'recovered'): Promise<number> {
  const metric = await processRegistry.getSingleMetric('promptmarket_cache_channel_events_total')?.get();
  return metric?.values.find((value) => value.labels.event === event)?.value ?? 0;
}

describe.runIf(testDatabaseKind() === 'postgres')('the cache-clear channel', () => {
  let first: TestDatabase;
  let second: Database;
  const name = () => new URL(first.url ?? '').pathname.slice(1);
  const warnings: string[] = [];

  /** Ends the connections listening on the test database, as a restarting server would. */
  const endListeners = () =>
    onTestServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name()}' and query like 'LISTEN%'`,
    );

  beforeAll(async () => {
    first = await openTestDatabase();
    // The same database opened again: another node, as far as caches go.
    second = await openPostgres(
      postgresOptions(first.url ?? '', {
        max: 2,
        log: { warn: (message) => warnings.push(message), info: (message) => warnings.push(message) },
      }),
    );
  });

  afterAll(async () => {
    await second?.close();
    await first?.drop();
  });

  it('listens again after every loss, however long the database refuses, and clears every shared cache then', async () => {
    const cache = createTtlCache<object, string>(60_000, { name: `channel-${Date.now()}` });
    const lostBefore = await channelEvents('lost');
    const recoveredBefore = await channelEvents('recovered');
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (let loss = 1; loss <= 3; loss++) {
      await cache.get(second.db, 'k', async () => `old ${loss}`);
      if (loss === 2) {
        // The database refuses new connections for a while: every try fails, and the tries go on,
        // each after a longer wait (0.5 s, 1 s, 2 s, 4 s).
        await onTestServer(`alter database ${name()} allow_connections false`);
        await onTestServer(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name()}'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        await onTestServer(`alter database ${name()} allow_connections true`);
        // The next try would come at 7.5 s; the pool connecting again starts it at once.
        await second.db.execute(sql`select 1`);
        await vi.waitFor(
          async () =>
            expect(await channelEvents('recovered')).toBeGreaterThanOrEqual(recoveredBefore + 2 * loss - 1),
          { timeout: 1_000, interval: 50 },
        );
      } else {
        await endListeners();
      }
      // Once listening again, what was cached may be stale: it is read anew.
      await vi.waitFor(
        async () => expect(await cache.get(second.db, 'k', async () => `new ${loss}`)).toBe(`new ${loss}`),
        {
          timeout: 12_000,
          interval: 100,
        },
      );
      // Both openings (two nodes in one process here) listen again, and count it.
      await vi.waitFor(
        async () =>
          expect(await channelEvents('recovered')).toBeGreaterThanOrEqual(recoveredBefore + 2 * loss),
        {
          timeout: 12_000,
        },
      );
      // And the channel carries clears again, within a second.
      await cache.get(second.db, 'k', async () => 'cached');
      cache.clear(first.db);
      await vi.waitFor(
        async () =>
          expect(await cache.get(second.db, 'k', async () => `cleared ${loss}`)).toBe(`cleared ${loss}`),
        { timeout: 1_000, interval: 50 },
      );
    }
    expect(await channelEvents('lost')).toBeGreaterThanOrEqual(lostBefore + 6);
    expect(warnings.some((line) => line.startsWith('PostgreSQL cache channel lost'))).toBe(true);
    expect(warnings.some((line) => line.startsWith('PostgreSQL cache channel listening again'))).toBe(true);
  }, 60_000);
});
