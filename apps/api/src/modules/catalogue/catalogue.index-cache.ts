import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { databaseOf } from '../../lib/transactions';
import {
  buildListIndex,
  type IndexRow,
  indexQuery,
  type ListIndex,
  NO_PARTS,
  popularityQuery,
  withPopularityReadAgain,
} from './catalogue.index';

/*
 * The list index cached per database: the catalogue version is read before each list (one read
 * shared by the lists asked meanwhile), and the index read again when the version moved on or it
 * grew old.
 */

/**
 * How old the cached index may grow before it is read again: sales and likes do not move the
 * catalogue version.
 */
export const INDEX_REFRESH_MS = 60_000;

/** A read of the catalogue version: when it was sent, and its answer. */
type Probe = { sentAt: number; version: Promise<number> };

type IndexCache = {
  index: ListIndex | null;
  reading: Promise<void> | null;
  /** The read of the catalogue version under way, and the one to send once it is answered. */
  probe: Probe | null;
  nextProbe: Promise<number> | null;
};
const indexCaches = new WeakMap<object, IndexCache>();

function sendProbe(db: Db, state: IndexCache): Probe {
  const probe: Probe = {
    sentAt: performance.now(),
    version: preparedRows<{ version: number | string }>(db, sql`select version from catalogue_version`).then(
      ([row]) => Number(row?.version ?? -1),
    ),
  };
  state.probe = probe;
  const settled = () => {
    if (state.probe === probe) state.probe = null;
  };
  probe.version.then(settled, settled);
  return probe;
}

/**
 * The catalogue version as of a moment after `askedAt`: every change committed before the list
 * was asked for is seen. One read answers every list asked before it was sent; lists asked while
 * it is under way share the next, sent once it is answered. Under load that is one small read per
 * round trip to the database rather than one per list.
 */
function versionSince(db: Db, state: IndexCache, askedAt: number): Promise<number> {
  const current = state.probe;
  if (!current) return sendProbe(db, state).version;
  if (current.sentAt >= askedAt) return current.version;
  if (!state.nextProbe) {
    const next = current.version
      .catch(() => undefined)
      .then(() => {
        if (state.nextProbe === next) state.nextProbe = null;
        return sendProbe(db, state).version;
      });
    state.nextProbe = next;
  }
  return state.nextProbe;
}

/**
 * The cached index when it is of the database's current catalogue version; null while it is read
 * again (the caller then reads the list from the database). An index of the current catalogue
 * version but older than `INDEX_REFRESH_MS` still answers while a fresh one is read.
 */
export async function currentListIndex(db: Db): Promise<ListIndex | null> {
  return (await currentCatalogue(db)).index;
}

/** The catalogue version as of now, and the cached index when they are of it (`currentListIndex`). */
export async function currentCatalogue(db: Db): Promise<{ index: ListIndex | null; version: number }> {
  const askedAt = performance.now();
  const database = databaseOf(db);
  let state = indexCaches.get(database);
  if (!state) {
    state = { index: null, reading: null, probe: null, nextProbe: null };
    indexCaches.set(database, state);
  }
  const version = await versionSince(database as Db, state, askedAt);
  const index = state.index;
  const current = index !== null && index.version === version;
  if (!state.reading && (!current || Date.now() - index.readAt > INDEX_REFRESH_MS)) {
    const owner = state;
    owner.reading = readListIndex(db, index, current)
      .then((fresh) => {
        owner.index = fresh;
      })
      .catch(() => {
        // The lists are read from the database until a later read succeeds.
      })
      .finally(() => {
        owner.reading = null;
      });
  }
  return { index: current ? index : null, version };
}

/**
 * The index read again. A cached index of the current catalogue version (the minute's timer) asks
 * first for only what sales and likes move, and is cached with it while the version is still its own.
 */
async function readListIndex(db: Db, cached: ListIndex | null, current: boolean): Promise<ListIndex> {
  const readAt = Date.now();
  const database = databaseOf(db) as Db;
  if (cached !== null && current) {
    const [popularity] = await preparedRows<{ version: number | string; popularity: string | null }>(
      database,
      popularityQuery,
    );
    if (popularity && Number(popularity.version) === cached.version) {
      const again = await withPopularityReadAgain(cached, popularity.popularity, readAt);
      if (again) return again;
    }
  }
  const [row] = await preparedRows<IndexRow>(
    database,
    indexQuery(cached?.parts.version ?? NO_PARTS.version, cached?.version ?? -1),
  );
  if (!row) throw new Error('the catalogue index query answered no row');
  return buildListIndex(row, readAt, cached);
}

/** Waits for a read of the index under way (tests, and a warm start). */
export async function listIndexRead(db: Db): Promise<void> {
  await indexCaches.get(databaseOf(db))?.reading;
}
