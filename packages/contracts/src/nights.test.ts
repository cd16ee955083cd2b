import { describe, expect, it } from 'vitest';
import {
  bonusNightsFor,
  earliestTodayIso,
  listNights,
  nightBalance,
  stayDates,
  stayText,
  nightsText,
  todayIso,
  yearsUntil,
} from './nights';

describe('nightBalance', () => {
  it('takes booked nights from the total first, then from the bonus pool', () => {
    expect(nightBalance(14, 3, 0)).toEqual({ remainingNights: 14, bonusNightsRemaining: 3, available: 17 });
    expect(nightBalance(14, 3, 7)).toEqual({ remainingNights: 7, bonusNightsRemaining: 3, available: 10 });
    expect(nightBalance(14, 3, 14)).toEqual({ remainingNights: 0, bonusNightsRemaining: 3, available: 3 });
    expect(nightBalance(14, 3, 16)).toEqual({ remainingNights: 0, bonusNightsRemaining: 1, available: 1 });
    expect(nightBalance(14, 3, 17)).toEqual({ remainingNights: 0, bonusNightsRemaining: 0, available: 0 });
  });

  it('never goes below zero when more is booked than the allowance holds (an allowance lowered later)', () => {
    expect(nightBalance(5, 1, 9)).toEqual({ remainingNights: 0, bonusNightsRemaining: 0, available: 0 });
    expect(nightBalance(0, 0, 0)).toEqual({ remainingNights: 0, bonusNightsRemaining: 0, available: 0 });
  });

  it('counts the bonus nights a new request uses', () => {
    expect(bonusNightsFor(3, nightBalance(14, 3, 7))).toBe(0);
    expect(bonusNightsFor(9, nightBalance(14, 3, 7))).toBe(2);
    expect(bonusNightsFor(2, nightBalance(14, 3, 14))).toBe(2);
  });
});

describe('yearsUntil', () => {
  it('answers years with one decimal, and 0 once expired', () => {
    expect(yearsUntil('2028-06-30', '2026-11-22')).toBe(1.6);
    expect(yearsUntil('2027-11-22', '2026-11-22')).toBe(1);
    expect(yearsUntil('2026-11-22', '2026-11-22')).toBe(0);
    expect(yearsUntil('2025-01-01', '2026-11-22')).toBe(0);
  });
});

describe('night texts', () => {
  it('lists and spans nights in words', () => {
    expect(listNights(['2026-02-12'])).toBe('Feb 12, 2026');
    expect(listNights(['2026-02-12', '2026-02-13'])).toBe('Feb 12, 2026 and Feb 13, 2026');
    expect(listNights(['2026-02-12', '2026-02-13', '2026-02-14', '2026-02-15', '2026-02-16'])).toBe(
      'Feb 12, 2026, Feb 13, 2026, Feb 14, 2026 and 2 more',
    );
    expect(nightsText(1)).toBe('1 night');
    expect(nightsText(3)).toBe('3 nights');
  });

  it('writes a stay as check-in → check-out and its nights, the same way everywhere', () => {
    // Nights Dec 14, 15 and 16: check-in Dec 14, check-out Dec 17.
    expect(stayText(['2026-12-14', '2026-12-15', '2026-12-16'])).toBe('Dec 14 → Dec 17, 2026 · 3 nights');
    expect(stayText(['2026-02-12'])).toBe('Feb 12 → Feb 13, 2026 · 1 night');
    expect(stayDates(['2026-01-30', '2026-01-31'])).toBe('Jan 30 → Feb 1, 2026');
    expect(stayDates(['2026-12-30', '2026-12-31'])).toBe('Dec 30, 2026 → Jan 1, 2027');
    expect(stayText(['2026-03-20', '2026-02-13', '2026-02-12'])).toBe(
      'Feb 12 → Feb 14, 2026; Mar 20 → Mar 21, 2026 · 3 nights',
    );
    expect(stayDates([])).toBe('');
  });
});

describe('earliestTodayIso', () => {
  it('is the date at UTC−12: the previous UTC day until noon UTC, then the UTC day', () => {
    const at = (iso: string) => new Date(iso);
    expect(todayIso(at('2026-03-10T05:00:00Z'))).toBe('2026-03-10');
    expect(earliestTodayIso(at('2026-03-10T00:00:00Z'))).toBe('2026-03-09');
    expect(earliestTodayIso(at('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
    expect(earliestTodayIso(at('2026-03-10T11:59:59.999Z'))).toBe('2026-03-09');
    expect(earliestTodayIso(at('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    expect(earliestTodayIso(at('2026-03-10T23:59:59Z'))).toBe('2026-03-10');
    expect(earliestTodayIso(at('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
  });
});
