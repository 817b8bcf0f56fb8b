import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Whether the database answers a trivial query. Throws what the driver threw when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How the database's schema stands against this code's migrations (db/migrate.ts). */
export { schemaState } from '../../db/migrate';
