import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies, languages, settings } from '../modules/site/site.tables';
import { seed, seedIfEmpty } from '../seed';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { migrate } from './migrate';

/** Both drivers answer raw queries with `{ rows }`. */
type Rows<T> = { rows: T[] };

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe(`database on ${testDatabaseKind()}`, () => {
  it('runs on the engine this test run asked for', async () => {
    expect(database.kind).toBe(testDatabaseKind());
    const result = (await database.db.execute(sql`select version() as version`)) as unknown as Rows<{
      version: string;
    }>;
    expect(String(result.rows[0]?.version)).toMatch(/PostgreSQL/);
  });

  it('applies migrations once: running them again changes nothing', async () => {
    await migrate(database);
    const tables = (await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as Rows<{ name: string }>;
    expect(tables.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['currencies', 'languages', 'sessions', 'settings', 'translation_overrides']),
    );
  });

  it('seeds an empty database, and seeding again adds nothing', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    await seed(database.db);
    const [languageCount] = await database.db.select({ n: count() }).from(languages);
    const [currencyCount] = await database.db.select({ n: count() }).from(currencies);
    const [settingCount] = await database.db.select({ n: count() }).from(settings);
    expect(languageCount?.n).toBe(6);
    expect(currencyCount?.n).toBe(5);
    // Spec section 3's ten, and the receipts' seller name, address and VAT rate (no VAT id, no row).
    expect(settingCount?.n).toBe(13);
  });

  it('does not seed again at start-up, so what the shop removed stays removed', async () => {
    await database.db.delete(currencies).where(eq(currencies.code, 'CHF'));
    expect(await seedIfEmpty(database.db)).toBe(false);
    const rows = await database.db.select({ code: currencies.code }).from(currencies);
    expect(rows.map((row) => row.code)).not.toContain('CHF');
  });

  it('refuses a currency rate that is not positive', async () => {
    await expect(
      database.db.insert(currencies).values({ code: 'JPY', symbol: '¥', rate: '0' }),
    ).rejects.toThrow();
  });
});

describe('a lost connection', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'is dropped from the pool without ending the process',
    async () => {
      const other = await openTestDatabase();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const [{ current_database: name } = { current_database: '' }] = (
        (await other.db.execute(sql`select current_database()`)) as unknown as Rows<{
          current_database: string;
        }>
      ).rows;
      // End every connection to that database from the server side, as a restart would.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const result = (await other.db.execute(sql`select 1 as ok`)) as unknown as Rows<{ ok: number }>;
      expect(result.rows[0]?.ok).toBe(1);
      await other.drop();
    },
  );
});
