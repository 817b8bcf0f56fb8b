import type { SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';

/** Reads of the catalogue version, each answered when the test says; reads of the index stay unanswered. */
const probes: ((version: number) => void)[] = [];
vi.mock('../../db/prepared', () => ({
  preparedRows: (_db: unknown, query: SQL) =>
    new Promise((resolve) => {
      if (JSON.stringify(query.queryChunks).includes('string_agg')) return;
      probes.push((version) => resolve([{ version }]));
    }),
}));

const { currentListIndex } = await import('./catalogue.index-cache');

/** Lets every awaited step run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reading the catalogue version for the cached index', () => {
  it('sends one next read for the lists asked while a read is under way, and answers them with it', async () => {
    const db = {} as Db;
    const first = currentListIndex(db);
    await settle();
    expect(probes).toHaveLength(1);
    // Asked while that read is under way: a change committed since it was sent could be missing
    // from its answer, so these wait for the next read, one for both.
    const second = currentListIndex(db);
    const third = currentListIndex(db);
    await settle();
    expect(probes).toHaveLength(1);
    probes[0]?.(1);
    await first;
    await settle();
    expect(probes).toHaveLength(2);
    probes[1]?.(2);
    await Promise.all([second, third]);
    await settle();
    expect(probes).toHaveLength(2);
  });
});
