import { afterCommit, databaseOf } from './transactions';

type Entry<Value> = {
  expires: number;
  value: Promise<Value>;
  /** A fresh read of a value cached past its time is under way. */
  refreshing?: boolean;
};

/**
 * Caches with a name are cleared in every process of a database: each clear is announced (on
 * PostgreSQL, by NOTIFY; db/client.ts) and an announcement from another process clears the
 * cache of that name here too. Without one, another process shows a change after the TTL.
 */
const named = new Map<string, (database: object) => void>();
const announcers = new WeakMap<object, (name: string) => void>();

export function announceCacheClears(database: object, announce: (name: string) => void): void {
  announcers.set(database, announce);
}

/** Another process cleared the cache of `name`: clears it here too, without announcing it again. */
export function clearedElsewhere(database: object, name: string): void {
  named.get(name)?.(database);
}

/**
 * Clears every named cache of `database` without announcing it: while this process could not hear
 * the others, any of their clears may have been missed.
 */
export function clearAllShared(database: object): void {
  for (const clear of named.values()) clear(database);
}

/**
 * Remembers slow-changing reads (languages, settings, currencies, list totals) for a few
 * seconds, per database. Each process has its own copy; a change made elsewhere shows after at
 * most `ttlMs`, a change made through this process's services shows once it is committed (they
 * call `clear` with the handle they wrote through).
 *
 * The owner may be a database or a transaction on it: entries are cached per database. At most
 * `maxEntries` keys are cached per database, the least recently used going first, so many distinct
 * keys (every search a visitor types) cannot grow memory without limit.
 *
 * With `staleMs`, a value past its time by less than that is still answered, while one fresh
 * read replaces it: the readers of a busy key never all wait for it at once when it expires. A
 * clear still forgets it at once.
 */
export function createTtlCache<Key extends object, Value>(
  ttlMs: number,
  { maxEntries = 500, name, staleMs = 0 }: { maxEntries?: number; name?: string; staleMs?: number } = {},
) {
  const entries = new WeakMap<object, Map<string, Entry<Value>>>();
  if (name) named.set(name, (database) => entries.delete(database));

  return {
    get(owner: Key, key: string, load: () => PromiseLike<Value>): Promise<Value> {
      const database = databaseOf(owner);
      let byKey = entries.get(database);
      if (!byKey) {
        byKey = new Map();
        entries.set(database, byKey);
      }
      const now = Date.now();
      const hit = byKey.get(key);
      if (hit && hit.expires > now) {
        // Most recently used moves to the end; eviction takes from the front.
        byKey.delete(key);
        byKey.set(key, hit);
        return hit.value;
      }
      if (hit && hit.expires + staleMs > now) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const cached = byKey;
          const fresh = Promise.resolve(load());
          fresh.then(
            () => {
              if (cached.get(key) === hit) cached.set(key, { expires: Date.now() + ttlMs, value: fresh });
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      // Query builders are lazy thenables that run again on every await: settle it once here.
      const value = Promise.resolve(load());
      const entry = { expires: now + ttlMs, value };
      byKey.delete(key);
      byKey.set(key, entry);
      while (byKey.size > maxEntries) {
        const oldest = byKey.keys().next().value as string;
        byKey.delete(oldest);
      }
      const cached = byKey;
      // A failed read is not remembered.
      value.catch(() => {
        if (cached.get(key) === entry) cached.delete(key);
      });
      return value;
    },
    /** The cached value of `key`, without loading it when there is none. */
    peek(owner: Key, key: string): Promise<Value> | undefined {
      const hit = entries.get(databaseOf(owner))?.get(key);
      return hit && hit.expires > Date.now() ? hit.value : undefined;
    },
    /** Caches `value` as `key`'s, for when it could only be made outside `get`. */
    set(owner: Key, key: string, value: Value): void {
      const database = databaseOf(owner);
      let byKey = entries.get(database);
      if (!byKey) {
        byKey = new Map();
        entries.set(database, byKey);
      }
      byKey.delete(key);
      byKey.set(key, { expires: Date.now() + ttlMs, value: Promise.resolve(value) });
      while (byKey.size > maxEntries) {
        const oldest = byKey.keys().next().value as string;
        byKey.delete(oldest);
      }
    },
    /** Forgets everything of the owner's database, once the owner's transaction (if any) commits. */
    clear(owner: Key): void {
      afterCommit(owner, () => {
        const database = databaseOf(owner);
        entries.delete(database);
        if (name) announcers.get(database)?.(name);
      });
    },
    /** How many keys are cached for the owner's database. */
    size(owner: Key): number {
      return entries.get(databaseOf(owner))?.size ?? 0;
    },
  };
}
