/**
 * Remembers slow-changing reads (languages, settings, currencies) for a few seconds, per
 * database. Each process has its own copy; a change made elsewhere shows after at most `ttlMs`,
 * a change made through this process's services shows at once (they call `clear`).
 */
export function createTtlCache<Key extends object, Value>(ttlMs: number) {
  const entries = new WeakMap<Key, Map<string, { expires: number; value: Promise<Value> }>>();

  return {
    get(owner: Key, key: string, load: () => PromiseLike<Value>): Promise<Value> {
      let byKey = entries.get(owner);
      if (!byKey) {
        byKey = new Map();
        entries.set(owner, byKey);
      }
      const hit = byKey.get(key);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      // Query builders are lazy thenables that run again on every await: settle it once here.
      const value = Promise.resolve(load());
      byKey.set(key, { expires: now + ttlMs, value });
      // A failed read is not remembered.
      value.catch(() => byKey.delete(key));
      return value;
    },
    clear(owner: Key): void {
      entries.delete(owner);
    },
  };
}
