import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';
import { migrationsDir } from './paths';

/** Applies the committed SQL migrations that have not run yet. Safe to call at every start. */
export async function migrate(database: Database): Promise<void> {
  const options = { migrationsFolder: migrationsDir };
  // The two migrators are the same code with different driver types.
  if (database.kind === 'postgres') await migratePg(database.db as never, options);
  else await migratePglite(database.db as never, options);
}
