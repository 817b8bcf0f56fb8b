import { describe, expect, it } from 'vitest';
import { csvCell, csvDialect, csvDocument, csvLine, formatMoney, keysetPages, money } from './csv';

const de = csvDialect('de');
const en = csvDialect('en');

describe('CSV for spreadsheets', () => {
  it('writes amounts the way each language’s Excel reads them', () => {
    expect(formatMoney(123456, de)).toBe('1.234,56');
    expect(formatMoney(123456789, de)).toBe('1.234.567,89');
    expect(formatMoney(123456, en)).toBe('1234.56');
    expect(formatMoney(5, de)).toBe('0,05');
    expect(formatMoney(-150, en)).toBe('-1.50');
    expect(formatMoney(-123456, csvDialect('fr'))).toBe('-1234,56');
    expect(formatMoney(100, csvDialect('pl'))).toBe('1,00');
    expect(csvLine(['a', money(123456), 7], de)).toBe('a;1.234,56;7\r\n');
    expect(csvLine(['a', money(123456), 7], en)).toBe('a,1234.56,7\r\n');
    // A language the shop has no rules for gets English ones.
    expect(csvDialect('pt')).toEqual(en);
  });

  it('quotes a cell holding the separator, a quote or a line break, and only then', () => {
    expect(csvCell('Müller; Jr', de)).toBe('"Müller; Jr"');
    expect(csvCell('Müller; Jr', en)).toBe('Müller; Jr');
    expect(csvCell('Smith, Ada', en)).toBe('"Smith, Ada"');
    expect(csvCell('say "hi"', en)).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', en)).toBe('"two\nlines"');
    expect(csvCell(' padded', en)).toBe('" padded"');
    expect(csvCell(null, en)).toBe('');
    expect(csvCell(new Date('2025-03-05T23:59:59Z'), de)).toBe('2025-03-05T23:59:59.000Z');
  });

  it('turns text that a spreadsheet would run as a formula back into text', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")', en)).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvCell('+1', en)).toBe("'+1");
    expect(csvCell('-2+3', en)).toBe("'-2+3");
    expect(csvCell('@SUM(A1)', en)).toBe("'@SUM(A1)");
    expect(csvCell('\t=1', en)).toBe("'\t=1");
    expect(csvCell('a=b', en)).toBe('a=b');
    // Numbers the shop writes itself stay numbers, negative ones included.
    expect(csvCell(money(-250), de)).toBe('-2,50');
    expect(csvCell(-3, en)).toBe('-3');
  });

  it('starts with a BOM and the header, then reads a page only when the reader wants more', async () => {
    const asked: (number | undefined)[] = [];
    const pages = keysetPages(
      async (after: number | undefined, limit) => {
        asked.push(after);
        const start = after ?? 0;
        return Array.from({ length: Math.max(0, Math.min(limit, 5 - start)) }, (_, i) => start + i + 1);
      },
      (row) => row,
      2,
    );
    const rows = (async function* () {
      for await (const page of pages) yield page.map((row) => [row]);
    })();
    const document = csvDocument(en, ['n'], rows);
    expect((await document.next()).value).toBe('\uFEFFn\r\n');
    expect(asked).toEqual([]);
    expect((await document.next()).value).toBe('1\r\n2\r\n');
    expect(asked).toEqual([undefined]);
    const rest: string[] = [];
    for await (const chunk of document) rest.push(chunk);
    expect(rest).toEqual(['3\r\n4\r\n', '5\r\n']);
    expect(asked).toEqual([undefined, 2, 4]);
  });
});
