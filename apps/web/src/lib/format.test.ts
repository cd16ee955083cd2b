import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatMoney,
  formatMonth,
  formatPercent,
  formatRelative,
  initials,
  roundDecimal,
} from './format';

describe('formatMoney', () => {
  it('uses euro with en-US grouping and at most two decimals', () => {
    expect(formatMoney(14)).toBe('€14');
    expect(formatMoney(1234567)).toBe('€1,234,567');
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('€0.30');
    expect(formatMoney(120.755)).toBe('€120.76');
    expect(formatMoney(null)).toBe('€0');
  });
});

describe('formatPercent', () => {
  it('shows one decimal, rounding the decimal value half up', () => {
    expect(formatPercent(6.3)).toBe('6.3%');
    expect(formatPercent(9.45)).toBe('9.5%');
    expect(formatPercent(12.6)).toBe('12.6%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100 / 3)).toBe('33.3%');
    expect(roundDecimal(-2.25, 1)).toBe(-2.3);
  });
});

describe('formatDate', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const DAY = 24 * 60 * MIN;

  it('gives the relative forms', () => {
    expect(formatRelative(ago(30_000), now)).toBe('Just now');
    expect(formatRelative(ago(MIN), now)).toBe('1 minute ago');
    expect(formatRelative(ago(45 * MIN), now)).toBe('45 minutes ago');
    expect(formatRelative(ago(3 * 60 * MIN), now)).toBe('3 hours ago');
    expect(formatRelative(ago(DAY), now)).toBe('Yesterday');
    expect(formatRelative(ago(5 * DAY), now)).toBe('5 days ago');
    expect(formatRelative(ago(14 * DAY), now)).toBe('2 weeks ago');
    expect(formatRelative(ago(90 * DAY), now)).toBe('3 months ago');
    expect(formatRelative(ago(800 * DAY), now)).toBe('2 years ago');
    expect(formatDate(ago(DAY), 'relative', now)).toBe('Yesterday');
  });

  it('formats short, long, time and full in en-US, and says when a date is invalid', () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05', 'long')).toBe('March 5, 2026');
    expect(formatDate(new Date(2026, 2, 5, 14, 7), 'time')).toBe('2:07 PM');
    expect(formatDate(new Date(2026, 2, 5, 14, 7), 'full')).toBe('Thursday, March 5, 2026 at 2:07 PM');
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatDate(null)).toBe('Invalid date');
  });

  it('keeps a date-only string on its calendar day', () => {
    expect(formatDate('2023-06-01')).toBe('Jun 1, 2023');
  });

  it('formats a YYYY-MM month', () => {
    expect(formatMonth('2025-03')).toBe('Mar 2025');
  });
});

describe('formatCount', () => {
  it("words a count singular or plural by the locale's rules", () => {
    expect(formatCount(1, 'month')).toBe('1 month');
    expect(formatCount(2, 'month')).toBe('2 months');
    expect(formatCount(0, 'statement')).toBe('0 statements');
    expect(formatCount(1250, 'investor')).toBe('1,250 investors');
    expect(formatCount(1, 'person', 'people')).toBe('1 person');
    expect(formatCount(3, 'person', 'people')).toBe('3 people');
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
