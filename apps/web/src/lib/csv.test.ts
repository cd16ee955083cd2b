import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2.5, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2.5,\r\n');
  });

  it('quotes commas, quotes, line breaks and surrounding spaces', () => {
    expect(toCsv(['v'], [['Inari, Lapland'], ['say "hi"'], ['two\nlines'], [' padded']])).toBe(
      'v\r\n"Inari, Lapland"\r\n"say ""hi"""\r\n"two\nlines"\r\n" padded"\r\n',
    );
  });

  it('keeps text from running as a spreadsheet formula, but leaves numbers as they are', () => {
    expect(toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['@SUM(A1)'], ['-2'], [-2]])).toBe(
      'v\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@SUM(A1)\r\n\'-2\r\n-2\r\n',
    );
  });

  it('writes an empty body when there are no rows', () => {
    expect(toCsv(['Date', 'Amount'], [])).toBe('Date,Amount\r\n');
  });
});
