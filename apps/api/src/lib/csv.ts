/**
 * CSV files people open in a spreadsheet. Excel reads a CSV with the separator and decimal sign of
 * the computer's language: German, French, Spanish, Italian and Polish Excel split on `;` and read
 * `1234,56`; English Excel splits on `,` and reads `1234.56`. A file written the English way opens
 * in German Excel as one column of text, so every file is written for the reader's language.
 */

export type CsvDialect = {
  separator: ',' | ';';
  decimal: '.' | ',';
  /** The thousands separator Excel reads in that language, or none where it would be ambiguous. */
  group: '' | '.';
};

const english: CsvDialect = { separator: ',', decimal: '.', group: '' };
const dialects: Record<string, CsvDialect> = {
  en: english,
  de: { separator: ';', decimal: ',', group: '.' },
  es: { separator: ';', decimal: ',', group: '.' },
  it: { separator: ';', decimal: ',', group: '.' },
  // French and Polish group with a (narrow) no-break space, which Excel does not always read
  // back as a number: their amounts are written ungrouped.
  fr: { separator: ';', decimal: ',', group: '' },
  pl: { separator: ';', decimal: ',', group: '' },
};

/** The spreadsheet conventions of a language; English's for any other. */
export function csvDialect(locale: string): CsvDialect {
  return dialects[locale] ?? english;
}

/** An amount in minor units (cents), written with two decimals in the dialect. */
export type CsvMoney = { readonly minor: number };
export function money(minor: number): CsvMoney {
  return { minor };
}

/**
 * A cell: text (written as given, made safe), a whole number, an amount, a moment (ISO 8601, UTC)
 * or nothing (an empty cell).
 */
export type CsvCell = string | number | Date | CsvMoney | null | undefined;

/** `123456` → `1.234,56` (German), `1234.56` (English). */
export function formatMoney(minor: number, dialect: CsvDialect): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const grouped = dialect.group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, dialect.group) : whole;
  return `${minor < 0 ? '-' : ''}${grouped}${dialect.decimal}${digits.slice(-2)}`;
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return
 * before one) as a formula: text that came from people gets a leading apostrophe, which makes it
 * text again (OWASP's CSV injection advice). Numbers the shop writes itself are left alone.
 */
function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quoted(text: string, dialect: CsvDialect): string {
  const needsQuotes =
    text.includes(dialect.separator) ||
    text.includes('"') ||
    text.includes('\n') ||
    text.includes('\r') ||
    text !== text.trim();
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvCell(cell: CsvCell, dialect: CsvDialect): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell)) throw new RangeError(`not a whole number: ${cell}`);
    return String(cell);
  }
  if (typeof cell === 'object') return quoted(formatMoney(cell.minor, dialect), dialect);
  return quoted(neutralised(cell), dialect);
}

/** One line, ended with CRLF as RFC 4180 and Excel have it. */
export function csvLine(cells: readonly CsvCell[], dialect: CsvDialect): string {
  return `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator)}\r\n`;
}

/** The byte order mark that tells Excel the file is UTF-8, so that accents survive. */
export const UTF8_BOM = '\uFEFF';

/**
 * A whole file as chunks: the BOM and the header line, then one chunk per page of rows as the
 * pages come. Nothing is read before the reader asks for it, so a stream made from this holds
 * one page in memory at a time, however long the file.
 */
export async function* csvDocument(
  dialect: CsvDialect,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): AsyncGenerator<string> {
  yield `${UTF8_BOM}${csvLine(header, dialect)}`;
  for await (const rows of pages) {
    if (rows.length > 0) yield rows.map((row) => csvLine(row, dialect)).join('');
  }
}

/**
 * Reads a table page by page in the order of a unique, increasing key (keyset pagination): each
 * page starts after the last key of the one before, so no page costs more than the first and rows
 * added meanwhile never shift a page. Stops at the first short page.
 */
export async function* keysetPages<T, K>(
  read: (after: K | undefined, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  pageSize: number,
): AsyncGenerator<T[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await read(after, pageSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < pageSize || last === undefined) return;
    after = keyOf(last);
  }
}
