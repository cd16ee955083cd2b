import { describe, expect, it } from 'vitest';
import { formatFor, initials, roundDecimal } from './format';

const en = formatFor('en');
const de = formatFor('de');
const nb = formatFor('nb');
/** Intl writes no-break spaces (U+00A0, U+202F) and a minus sign (U+2212) where a reader sees a space and a dash. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

describe('money', () => {
  it('is euro with en-US grouping in English, at most two decimals, whole euros without', () => {
    expect(en.money(14)).toBe('€14');
    expect(en.money(1234567)).toBe('€1,234,567');
    expect(en.money(1234.5)).toBe('€1,234.50');
    expect(en.money(0.1 + 0.2)).toBe('€0.30');
    expect(en.money(120.755)).toBe('€120.76');
    expect(en.money(null)).toBe('€0');
    expect(en.money(-12)).toBe('-€12');
    expect(en.money(25000, { cents: true })).toBe('€25,000.00');
    expect(en.cents(-123456)).toBe('-€1,234.56');
    expect(en.cents(10n ** 20n + 5n)).toBe('€1,000,000,000,000,000,000.05');
  });

  it('is written as Germany and Norway write it', () => {
    expect(plain(de.money(25000, { cents: true }))).toBe('25.000,00 €');
    expect(plain(de.money(1234.5))).toBe('1.234,50 €');
    expect(plain(de.money(14))).toBe('14 €');
    expect(plain(nb.money(25000, { cents: true }))).toBe('25 000,00 €');
    expect(plain(nb.cents(-123456))).toBe('-1 234,56 €');
    expect(plain(de.cents(10n ** 20n + 5n))).toBe('1.000.000.000.000.000.000,05 €');
  });

  it("writes English by hand exactly as Intl's en-US writes it", () => {
    const intl = (decimals: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: decimals,
        maximumFractionDigits: 2,
      });
    for (const cents of [0, 1, 99, 100, 101, 123456, -5, -100000, 999999999999, 12345678901]) {
      const euros = cents / 100;
      expect(en.money(euros)).toBe(intl(cents % 100 === 0 ? 0 : 2).format(euros));
      expect(en.cents(cents)).toBe(intl(2).format(euros));
    }
  });
});

describe('percent and number', () => {
  it('shows one decimal, rounding the decimal value half up', () => {
    expect(en.percent(6.3)).toBe('6.3%');
    expect(en.percent(9.45)).toBe('9.5%');
    expect(en.percent(0)).toBe('0.0%');
    expect(en.percent(100 / 3)).toBe('33.3%');
    expect(plain(de.percent(9.45))).toBe('9,5 %');
    expect(plain(nb.percent(12.6))).toBe('12,6 %');
    expect(roundDecimal(-2.25, 1)).toBe(-2.3);
    for (const v of [0, 0.05, 6.3, 9.45, 12.6, 100 / 3, -2.25, 1234.56]) {
      expect(en.percent(v)).toBe(
        new Intl.NumberFormat('en-US', {
          style: 'percent',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(roundDecimal(v, 1) / 100),
      );
    }
  });

  it('groups numbers as each language does', () => {
    expect(en.number(1250)).toBe('1,250');
    expect(de.number(1250)).toBe('1.250');
    expect(plain(nb.number(1250))).toBe('1 250');
    expect(de.number(2.345, 2)).toBe('2,35');
  });
});

describe('dates', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;

  it('gives the relative forms', () => {
    expect(en.relative(ago(30_000), now)).toBe('Just now');
    expect(en.relative(ago(MIN), now)).toBe('1 minute ago');
    expect(en.relative(ago(45 * MIN), now)).toBe('45 minutes ago');
    expect(en.relative(ago(3 * 60 * MIN), now)).toBe('3 hours ago');
    expect(en.relative(ago(DAY), now)).toBe('Yesterday');
    expect(en.relative(ago(5 * DAY), now)).toBe('5 days ago');
    expect(en.relative(ago(14 * DAY), now)).toBe('2 weeks ago');
    expect(en.relative(ago(90 * DAY), now)).toBe('3 months ago');
    expect(en.relative(ago(800 * DAY), now)).toBe('2 years ago');
    expect(en.date(ago(DAY), 'relative', now)).toBe('Yesterday');
    expect(de.relative(ago(DAY), now)).toBe('Gestern');
    expect(de.relative(ago(5 * DAY), now)).toBe('Vor 5 Tagen');
    expect(nb.relative(ago(DAY), now)).toBe('I går');
    expect(nb.relative(ago(30_000), now)).toBe('Akkurat nå');
    // Inside a sentence ('Requested 3 weeks ago'), as each language writes it there.
    expect(en.date(ago(DAY), 'ago', now)).toBe('yesterday');
    expect(en.date(ago(14 * DAY), 'ago', now)).toBe('2 weeks ago');
    expect(de.date(ago(5 * DAY), 'ago', now)).toBe('vor 5 Tagen');
    expect(nb.date(ago(21 * DAY), 'ago', now)).toBe('for 3 uker siden');
    expect(nb.date(ago(30_000), 'ago', now)).toBe('akkurat nå');
  });

  it('writes a moment to the second, as a log shows it', () => {
    const at = new Date(2026, 2, 10, 8, 0, 5);
    expect(en.date(at, 'moment')).toBe('Mar 10, 2026, 08:00:05');
    expect(de.date(at, 'moment')).toBe('10. März 2026, 08:00:05');
    expect(nb.date(at, 'moment')).toBe('10. mars 2026, 08:00:05');
    expect(de.date(at, 'seconds')).toBe('08:00:05');
  });

  it('formats short, long, time and full, and says when a date is invalid', () => {
    expect(en.date('2026-03-05')).toBe('Mar 5, 2026');
    expect(en.date('2026-03-05', 'long')).toBe('March 5, 2026');
    expect(en.date(new Date(2026, 2, 5, 14, 7), 'time')).toBe('2:07 PM');
    expect(en.date(new Date(2026, 2, 5, 14, 7), 'full')).toBe('Thursday, March 5, 2026 at 2:07 PM');
    expect(en.date('not a date')).toBe('Invalid date');
    expect(en.date(null)).toBe('Invalid date');
    expect(de.date('2026-03-05')).toBe('5. März 2026');
    expect(de.date('2026-03-05', 'long')).toBe('5. März 2026');
    expect(nb.date('2026-03-05', 'long')).toBe('5. mars 2026');
    expect(de.date(new Date(2026, 2, 5, 14, 7), 'time')).toBe('14:07');
    expect(de.date('x')).toBe('Ungültiges Datum');
  });

  it('writes English dates by hand exactly as Intl does', () => {
    for (const day of ['2023-06-01', '2026-03-05', '2024-12-31', '2025-02-28']) {
      const d = new Date(`${day}T00:00:00`);
      expect(en.date(day)).toBe(
        new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' }).format(d),
      );
      expect(en.date(day, 'long')).toBe(
        new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' }).format(d),
      );
      expect(en.month(day.slice(0, 7))).toBe(
        new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' }).format(d),
      );
    }
  });

  it('formats a YYYY-MM month', () => {
    expect(en.month('2025-03')).toBe('Mar 2025');
    expect(de.month('2025-03')).toBe('März 2025');
    expect(nb.month('2025-03')).toBe('mars 2025');
  });
});

describe('file sizes', () => {
  it('are bytes, whole kilobytes or megabytes with one decimal, with the English units as the portal writes them', () => {
    expect(en.fileSize(0)).toBe('0 B');
    expect(en.fileSize(900)).toBe('900 B');
    expect(en.fileSize(2048)).toBe('2 KB');
    expect(en.fileSize(830 * 1024 + 300)).toBe('830 KB');
    expect(en.fileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(en.fileSize(2 * 1024 * 1024)).toBe('2.0 MB');
    expect(en.fileSize(1536 * 1024 * 1024)).toBe('1,536.0 MB');
  });

  it('use Intl units in German and Norwegian', () => {
    expect(plain(de.fileSize(900))).toBe('900 Byte');
    expect(plain(de.fileSize(2048))).toBe('2 kB');
    expect(plain(de.fileSize(2.45 * 1024 * 1024))).toBe('2,5 MB');
    expect(plain(de.fileSize(1536 * 1024 * 1024))).toBe('1.536,0 MB');
    expect(plain(nb.fileSize(900))).toBe('900 B');
    expect(plain(nb.fileSize(1.5 * 1024 * 1024))).toBe('1,5 MB');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('Emma Lindqvist')).toBe('EL');
    expect(initials('ava maria van der berg')).toBe('AM');
    expect(initials('  Cher ')).toBe('C');
    expect(initials('')).toBe('');
  });
});
