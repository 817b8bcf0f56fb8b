import { FOLD_FROM, FOLD_PAIRS, FOLD_TO, foldText } from '@promptmarket/contracts/folded-text';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Search that ignores case and accents, the way people type into a search box: "Weiss" finds
 * "Weiß", "zolc" finds "Żółć", "Muller" finds "Müller". The term and the column are folded the
 * same way (lower case, then one letter for each accented letter, and the letters written as two),
 * the term in JavaScript and the column in SQL, on PGlite and PostgreSQL alike (no extension).
 */

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
  for (const [letter, plain] of FOLD_PAIRS) folded = sql`replace(${folded}, ${letter}, ${plain})`;
  return sql`translate(${folded}, ${FOLD_FROM}, ${FOLD_TO})`;
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
