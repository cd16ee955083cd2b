import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, parseRange } from './send-file';

describe('parseRange', () => {
  it('reads single ranges and refuses what cannot be served', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Malformed or multiple ranges are ignored: the whole file is sent.
    expect(parseRange('bytes=5-3', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('download names', () => {
  it('adds the extension once and removes characters that do not belong in a file name', () => {
    expect(downloadName('Q3 2026 Investment Report', 'pdf')).toBe('Q3 2026 Investment Report.pdf');
    expect(downloadName('report.PDF', 'pdf')).toBe('report.PDF');
    expect(downloadName('../../etc/passwd', 'txt')).toBe('..-..-etc-passwd.txt');
    expect(downloadName('a\r\nb"c', null)).toBe('a--b-c');
    expect(downloadName('   ', 'pdf')).toBe('document.pdf');
  });

  it('keeps a non-ASCII name in filename* and gives an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Ålesund — “Lodge” (1).pdf')).toBe(
      `attachment; filename="Alesund - Lodge (1).pdf"; filename*=UTF-8''%C3%85lesund%20%E2%80%94%20%E2%80%9CLodge%E2%80%9D%20%281%29.pdf`,
    );
  });
});
