import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../db/client';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { createTtlCache } from './ttl-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTtlCache', () => {
  it('loads once within the time to live, again after it', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<object, number>(1000);
    const owner = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(owner, 'k', load)).toBe(1);
    expect(await cache.get(owner, 'k', load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get(owner, 'k', load)).toBe(2);
  });

  it('answers a value cached past its time while one fresh read replaces it, within the stale window', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<object, number>(1000, { staleMs: 1000 });
    const owner = {};
    let loads = 0;
    let finish: (value: number) => void = () => {};
    const slowLoad = () => {
      loads++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = cache.get(owner, 'k', slowLoad);
    finish(1);
    expect(await first).toBe(1);

    vi.advanceTimersByTime(1500);
    // Past its time: the cached value comes at once, and a single fresh read starts.
    expect(await cache.get(owner, 'k', slowLoad)).toBe(1);
    expect(await cache.get(owner, 'k', slowLoad)).toBe(1);
    expect(loads).toBe(2);
    finish(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get(owner, 'k', slowLoad)).toBe(2);
    expect(loads).toBe(2);

    // Past the stale window too: read afresh and waited for.
    vi.advanceTimersByTime(2001);
    const late = cache.get(owner, 'k', slowLoad);
    finish(3);
    expect(await late).toBe(3);
    expect(loads).toBe(3);

    // A clear forgets a cached value at once, stale or not.
    vi.advanceTimersByTime(1500);
    cache.clear(owner);
    const cleared = cache.get(owner, 'k', slowLoad);
    finish(4);
    expect(await cleared).toBe(4);
  });

  it('keeps owners apart and forgets everything of an owner on clear', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const first = {};
    const second = {};
    await cache.get(first, 'k', async () => 'first');
    expect(await cache.get(second, 'k', async () => 'second')).toBe('second');
    cache.clear(first);
    expect(await cache.get(first, 'k', async () => 'reloaded')).toBe('reloaded');
  });

  it('runs a lazy thenable once, however often the cached value is awaited', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const owner = {};
    let runs = 0;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: a lazy thenable is exactly what this test needs
      then: (resolve: (value: string) => void) => resolve(`run ${++runs}`),
    } as PromiseLike<string>;
    expect(await cache.get(owner, 'k', () => lazy)).toBe('run 1');
    expect(await cache.get(owner, 'k', () => lazy)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const owner = {};
    await expect(cache.get(owner, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get(owner, 'k', async () => 'up')).toBe('up');
  });
});

describe('createTtlCache bounds', () => {
  it('caches at most maxEntries keys, forgetting the least recently used first', async () => {
    const cache = createTtlCache<object, number>(60_000, { maxEntries: 100 });
    const owner = {};
    let loads = 0;
    for (let index = 0; index < 10_000; index += 1) {
      await cache.get(owner, `search ${index}`, async () => ++loads);
      // The first key stays in use, so it is never the one evicted.
      await cache.get(owner, 'search 0', async () => ++loads);
    }
    expect(cache.size(owner)).toBe(100);
    expect(loads).toBe(10_000);
    expect(await cache.get(owner, 'search 9999', async () => -1)).toBe(10_000);
    expect(await cache.get(owner, 'search 1', async () => -1)).toBe(-1);
  });
});

describe('createTtlCache on a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('caches entries per database, not by the transaction that read them', async () => {
    const cache = createTtlCache<object, string>(60_000);
    await database.db.transaction(async (tx) => {
      await cache.get(tx, 'k', async () => 'read in a transaction');
    });
    expect(await cache.get(database.db, 'k', async () => 'read again')).toBe('read in a transaction');
  });

  it('clears only after the commit of the transaction that changed the data, never on rollback', async () => {
    const cache = createTtlCache<object, string>(60_000);
    await cache.get(database.db, 'k', async () => 'old');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      cache.clear(tx);
      // Another request reading now still sees the committed rows: the old entry is right.
      expect(await cache.get(database.db, 'k', async () => 'reloaded too early')).toBe('old');
      await tx.transaction(async (nested) => cache.clear(nested));
      expect(cache.size(database.db)).toBe(1);
    });
    expect(await cache.get(database.db, 'k', async () => 'new')).toBe('new');

    await expect(
      database.db.transaction(async (tx) => {
        cache.clear(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await cache.get(database.db, 'k', async () => 'newer')).toBe('new');
  });
});

describe('named caches across processes', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'clears a named cache in every process of the database once one of them clears it',
    async () => {
      const first = await openTestDatabase();
      // The same database opened again: another server process, as far as caches go.
      const second = await openPostgres(first.url ?? '', 2);
      try {
        const cache = createTtlCache<object, string>(60_000, { name: `shared-${Date.now()}` });
        await cache.get(first.db, 'k', async () => 'old');
        await cache.get(second.db, 'k', async () => 'old');
        // Give both listeners time to be open before the announcement.
        await new Promise((resolve) => setTimeout(resolve, 300));
        cache.clear(first.db);
        await vi.waitFor(async () => {
          expect(await cache.get(second.db, 'k', async () => 'new')).toBe('new');
        });
        expect(await cache.get(first.db, 'k', async () => 'new')).toBe('new');

        // A cache without a name is this process's own: another's clear does not reach it.
        const own = createTtlCache<object, string>(60_000);
        await own.get(second.db, 'k', async () => 'kept');
        own.clear(first.db);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await own.get(second.db, 'k', async () => 'reloaded')).toBe('kept');
      } finally {
        await second.close();
        await first.drop();
      }
    },
  );
});
