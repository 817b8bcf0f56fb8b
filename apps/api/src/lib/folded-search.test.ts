import { foldText } from '@promptmarket/contracts/folded-text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { foldedContains, searchedNumber } from './folded-search';

describe('foldText', () => {
  it('lowers the case, drops accents and writes ß, æ and œ as two letters', () => {
    expect(foldText('Żółć')).toBe('zolc');
    expect(foldText('Weiß')).toBe('weiss');
    expect(foldText('ẞ Æsir Œuvre')).toBe('ss aesir oeuvre');
    expect(foldText('Ñandú Čapek Łódź Ørsted')).toBe('nandu capek lodz orsted');
  });
});

describe('searchedNumber', () => {
  it('reads a term that is a record number alone, with or without #', () => {
    expect(searchedNumber('1042')).toBe(1042);
    expect(searchedNumber(' #7 ')).toBe(7);
    for (const other of [undefined, '', 'A-1042', '10 42', '1234567890', '12.5']) {
      expect(searchedNumber(other), String(other)).toBeNull();
    }
  });
});

describe('foldedContains in the database', () => {
  let database: TestDatabase;
  const names = ['Żaneta Weiß', 'Müller', 'ÉMILE ZOLA', '100% cotton_shirt', 'plain'];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  async function found(term: string): Promise<string[]> {
    const values = sql.join(
      names.map((name) => sql`(${name})`),
      sql`, `,
    );
    // Both drivers answer raw queries with `{ rows }`.
    const result = (await database.db.execute(
      sql`select name from (values ${values}) as names(name) where ${foldedContains(term, sql.raw('name'))} order by name`,
    )) as unknown as { rows: { name: string }[] };
    return result.rows.map((row) => row.name);
  }

  it('finds names whatever their accents and case, with the term typed either way', async () => {
    expect(await found('zaneta weiss')).toEqual(['Żaneta Weiß']);
    expect(await found('ŻANETA')).toEqual(['Żaneta Weiß']);
    expect(await found('muller')).toEqual(['Müller']);
    expect(await found('émile')).toEqual(['ÉMILE ZOLA']);
    expect(await found('zola')).toEqual(['ÉMILE ZOLA']);
  });

  it('takes % and _ literally and matches everything on a blank term', async () => {
    expect(await found('100%')).toEqual(['100% cotton_shirt']);
    expect(await found('%')).toEqual(['100% cotton_shirt']);
    expect(await found('n_s')).toEqual(['100% cotton_shirt']);
    expect(await found('o_t')).toEqual([]);
    expect(await found('  ')).toHaveLength(names.length);
  });
});
