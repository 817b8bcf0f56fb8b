import { verificationStatuses } from '@promptmarket/contracts/accounts';
import { offerStatuses } from '@promptmarket/contracts/offers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { preparedRows } from './prepared';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.drop());

/** The values of a PostgreSQL enum type in the migrated database, in their order. */
async function enumValues(type: 'offer_status' | 'verification_status'): Promise<string[]> {
  const rows = await preparedRows<{ value: string }>(
    database.db,
    sql`select e.enumlabel as value from pg_enum e join pg_type t on t.oid = e.enumtypid
        where t.typname = ${type} order by e.enumsortorder`,
  );
  return rows.map((row) => row.value);
}

describe('status types of the migrated database', () => {
  it('hold exactly the statuses of the contracts the API answers with and the web shows', async () => {
    expect(await enumValues('offer_status')).toEqual([...offerStatuses]);
    expect(await enumValues('verification_status')).toEqual([...verificationStatuses]);
  });
});
