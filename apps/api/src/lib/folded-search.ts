import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Search that ignores case and accents, the way people type into a search box: "Weiss" finds
 * "Weiß", "zolc" finds "Żółć", "Muller" finds "Müller". The term and the column are folded the
 * same way (lower case, then one letter for each accented letter, and the letters written as two),
 * the term in JavaScript and the column in SQL, on PGlite and PostgreSQL alike (no extension).
 */

/** Letters written as two in plain Latin, in both cases. */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['œ', 'oe'],
  ['Œ', 'oe'],
];

/** Accented letters of the Latin alphabets; each folds to its letter without the marks. */
const ACCENTED = 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťțŧùúûüũūŭůűųŵýÿŷźżž';

/** The letters whose marks are not separate characters in Unicode. */
const UNDECOMPOSED: Record<string, string> = { đ: 'd', ħ: 'h', ŀ: 'l', ł: 'l', ø: 'o', ŧ: 't' };

/** Each letter and its plain letter, in both cases: a database of the C locale lowers only ASCII. */
const plainOf = new Map<string, string>(PAIRS);
for (const letter of ACCENTED) {
  const plain = UNDECOMPOSED[letter] ?? letter.normalize('NFD').replace(/\p{M}/gu, '');
  if (!/^[a-z]$/.test(plain)) throw new Error(`folded search: ${letter} has no plain letter`);
  plainOf.set(letter, plain);
  const upper = letter.toUpperCase();
  if (upper.length === 1 && upper !== letter) plainOf.set(upper, plain);
}

/** The single letters as `translate` takes them: one string of letters and one of their plain letters. */
const single = [...plainOf].filter(([letter, plain]) => letter.length === 1 && plain.length === 1);
const FROM = single.map(([letter]) => letter).join('');
const TO = single.map(([, plain]) => plain).join('');

/** A text folded as the columns are: what `foldedContains` compares. */
export function foldText(text: string): string {
  let folded = '';
  for (const character of text.toLowerCase()) folded += plainOf.get(character) ?? character;
  return folded;
}

/**
 * The record number a search names, when the whole term is one ("1042", "#1042"): a list then
 * finds that record rather than every text that holds those digits. Null for any other term.
 */
export function searchedNumber(term: string | undefined): number | null {
  const match = term?.trim().match(/^#?(\d{1,9})$/);
  return match ? Number(match[1]) : null;
}

/** A text matched literally inside LIKE: its wildcards and the escape character lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The SQL that folds a column's text as `foldText` does. */
export function foldedSql(column: AnyColumn | SQL): SQL {
  let folded: SQL = sql`lower(${column})`;
  for (const [letter, plain] of PAIRS) folded = sql`replace(${folded}, ${letter}, ${plain})`;
  return sql`translate(${folded}, ${FROM}, ${TO})`;
}

/**
 * True when any of the columns contains the term, both folded; the term is taken literally (its
 * `%` and `_` are letters). A blank term matches everything.
 */
export function foldedContains(term: string, ...columns: (AnyColumn | SQL)[]): SQL {
  const folded = foldText(term.trim());
  if (folded === '' || columns.length === 0) return sql`true`;
  const pattern = `%${escapeLike(folded)}%`;
  const tests = columns.map((column) => sql`${foldedSql(column)} like ${pattern}`);
  return sql`(${sql.join(tests, sql` or `)})`;
}
