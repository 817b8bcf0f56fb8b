/**
 * Every transaction handle remembers the database it was opened on, and collects work that
 * must wait for its commit. Caches use both: they are keyed by the database (a transaction
 * handle lives for one request, so keying by it would never hit and would keep rows of one
 * transaction apart from everyone else), and they are cleared only once a change is visible to
 * other connections: clearing before the commit lets a concurrent reader cache the old rows again.
 */
const databases = new WeakMap<object, object>();
const pendingAfterCommit = new WeakMap<object, (() => void)[]>();

/** The database a handle belongs to: the handle itself, or the database a transaction runs on. */
export function databaseOf(handle: object): object {
  return databases.get(handle) ?? handle;
}

/**
 * Runs `callback` once what `handle` wrote is committed: at once outside a transaction, after
 * the outermost commit inside one, never when it rolls back.
 */
export function afterCommit(handle: object, callback: () => void): void {
  const pending = pendingAfterCommit.get(handle);
  if (pending) pending.push(callback);
  else callback();
}

/** A handle's `transaction` as Drizzle has it, for any schema: the work gets a handle of its own. */
// biome-ignore lint/suspicious/noExplicitAny: the transaction handle's type is the caller's schema's
type TransactionFn = (work: (tx: any) => Promise<any>, config?: any) => Promise<any>;

/** Makes `db.transaction` (and nested transactions) record their database and commit callbacks. */
export function trackTransactions<Handle extends { transaction: TransactionFn }>(handle: Handle): Handle {
  const original = handle.transaction.bind(handle) as TransactionFn;
  const tracked: TransactionFn = async (work, config) => {
    const callbacks: (() => void)[] = [];
    const result = await original(async (tx) => {
      databases.set(tx, databaseOf(handle));
      pendingAfterCommit.set(tx, callbacks);
      trackTransactions(tx);
      return work(tx);
    }, config);
    // A nested transaction's changes are committed with its outer one.
    for (const callback of callbacks) afterCommit(handle, callback);
    return result;
  };
  handle.transaction = tracked as Handle['transaction'];
  return handle;
}
