/**
 * Text folded for search, the way people type into a search box: "Weiss" finds "Weiß", "zolc"
 * finds "Żółć". Lower case, then one plain letter for each accented letter of the Latin alphabets,
 * and the letters written as two. The API folds its columns the same way in SQL
 * (`foldedContains`), the back office its built-in texts in JavaScript.
 */

/** Letters written as two in plain Latin, in both cases. */
export const FOLD_PAIRS: ReadonlyArray<readonly [string, string]> = [
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
const plainOf = new Map<string, string>(FOLD_PAIRS);
for (const letter of ACCENTED) {
  const plain = UNDECOMPOSED[letter] ?? letter.normalize('NFD').replace(/\p{M}/gu, '');
  if (!/^[a-z]$/.test(plain)) throw new Error(`folded search: ${letter} has no plain letter`);
  plainOf.set(letter, plain);
  const upper = letter.toUpperCase();
  if (upper.length === 1 && upper !== letter) plainOf.set(upper, plain);
}

/** The single letters as `translate` takes them: one string of letters and one of their plain letters. */
const single = [...plainOf].filter(([letter, plain]) => letter.length === 1 && plain.length === 1);
export const FOLD_FROM = single.map(([letter]) => letter).join('');
export const FOLD_TO = single.map(([, plain]) => plain).join('');

/** A text folded for search: lower case, accents dropped, ß as ss (the API folds its columns the same way in SQL). */
export function foldText(text: string): string {
  let folded = '';
  for (const character of text.toLowerCase()) folded += plainOf.get(character) ?? character;
  return folded;
}
