import { afterCommit, databaseOf } from '../db/transaction';

type Entry<Value> = { expires: number; value: Promise<Value> };

/**
 * Remembers slow-changing reads (languages, settings, currencies, list totals) for a few
 * seconds, per database. Each process has its own copy; a change made elsewhere shows after at
 * most `ttlMs`, a change made through this process's services shows once it is committed (they
 * call `clear` with the handle they wrote through).
 *
 * The owner may be a database or a transaction on it: entries are kept by the database. At most
 * `maxEntries` keys are kept per database, the least recently used going first, so many distinct
 * keys (every search a visitor types) cannot grow memory without limit.
 */
export function createTtlCache<Key extends object, Value>(ttlMs: number, { maxEntries = 500 } = {}) {
  const entries = new WeakMap<object, Map<string, Entry<Value>>>();

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
      // Query builders are lazy thenables that run again on every await: settle it once here.
      const value = Promise.resolve(load());
      const entry = { expires: now + ttlMs, value };
      byKey.delete(key);
      byKey.set(key, entry);
      while (byKey.size > maxEntries) {
        const oldest = byKey.keys().next().value as string;
        byKey.delete(oldest);
      }
      const kept = byKey;
      // A failed read is not remembered.
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
    /** Forgets everything of the owner's database, once the owner's transaction (if any) commits. */
    clear(owner: Key): void {
      afterCommit(owner, () => entries.delete(databaseOf(owner)));
    },
    /** How many keys are kept for the owner's database. */
    size(owner: Key): number {
      return entries.get(databaseOf(owner))?.size ?? 0;
    },
  };
}
