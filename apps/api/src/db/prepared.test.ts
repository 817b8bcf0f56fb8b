import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database';
import { preparedRows } from './prepared';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table prepared_probe (id int primary key, name text, price bigint, shown boolean)`,
  );
  await database.db.execute(
    sql`insert into prepared_probe values (1, 'one', 100, true), (2, 'two', 250, false), (3, null, 9007199254740993, true)`,
  );
});
afterAll(() => database.drop());

type Probe = { id: number; name: string | null; price: string | number; shown: boolean };
const probe = (minimum: number, shown: boolean | null) =>
  sql`select id, name, price, shown from prepared_probe
      where id >= ${minimum} and (${shown}::boolean is null or shown = ${shown}) order by id`;

describe(`prepared reads on ${testDatabaseKind()}`, () => {
  it('answers the same rows as a plain query, run after run, with other values each time', async () => {
    for (const [minimum, shown] of [
      [1, null],
      [2, true],
      [1, false],
      [1, null],
    ] as const) {
      const plain = ((await database.db.execute(probe(minimum, shown))) as unknown as { rows: Probe[] }).rows;
      expect(await preparedRows<Probe>(database.db, probe(minimum, shown))).toEqual(plain);
    }
    expect(await preparedRows<Probe>(database.db, probe(3, null))).toEqual([
      { id: 3, name: null, price: expect.anything(), shown: true },
    ]);
  });

  it('does not read another request’s transaction before it commits', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writer = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe values (4, 'four', 1, true)`);
        inserted();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch(() => 'rolled back');
    await insertedOnce;
    const reading = preparedRows<Probe>(database.db, probe(4, null));
    release();
    expect(await reading).toEqual([]);
    expect(await writer).toBe('rolled back');
  });

  it('keeps working after a statement fails and after many distinct statements', async () => {
    await expect(preparedRows(database.db, sql`select nope from prepared_probe`)).rejects.toThrow();
    for (let index = 0; index < 520; index += 1) {
      const rows = await preparedRows<{ n: number }>(database.db, sql.raw(`select ${index} as n`));
      expect(rows).toEqual([{ n: index }]);
    }
    expect((await preparedRows<Probe>(database.db, probe(2, null))).map((row) => row.id)).toEqual([2, 3]);
  });
});
