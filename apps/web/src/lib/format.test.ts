import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, formatMonth, formatNumber, formatPercent } from './format';
import { setLocale } from './i18n';

/** Intl's no-break spaces as spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting in the page language', () => {
  afterEach(() => setLocale('en'));

  it("formats as the spec writes English, until the page's language changes", async () => {
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatPercent(9.45)).toBe('9.5%');
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatMonth('2025-03')).toBe('Mar 2025');
    expect(formatNumber(1250)).toBe('1,250');
    await setLocale('de');
    expect(plain(formatMoney(1234.5))).toBe('1.234,50 €');
    expect(plain(formatPercent(9.45))).toBe('9,5 %');
    expect(formatDate('2026-03-05')).toBe('5. März 2026');
    expect(document.documentElement.lang).toBe('de');
    await setLocale('nb');
    expect(plain(formatMoney(25000.5))).toBe('25 000,50 €');
    expect(formatMonth('2025-03')).toBe('mars 2025');
  });
});

describe('formatCount', () => {
  it('words a count singular or plural, in English', () => {
    expect(formatCount(1, 'month')).toBe('1 month');
    expect(formatCount(2, 'month')).toBe('2 months');
    expect(formatCount(0, 'statement')).toBe('0 statements');
    expect(formatCount(1250, 'investor')).toBe('1,250 investors');
    expect(formatCount(1, 'person', 'people')).toBe('1 person');
    expect(formatCount(3, 'person', 'people')).toBe('3 people');
  });
});
