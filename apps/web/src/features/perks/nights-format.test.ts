import { describe, expect, it } from 'vitest';
import { daysUntil, formatNights, fromIsoDay, nightsLabel, toIsoDay } from './nights-format';

describe('night formatting', () => {
  it('groups consecutive nights into ranges', () => {
    expect(formatNights([])).toBe('');
    expect(formatNights(['2026-02-12'])).toBe('Feb 12, 2026');
    expect(formatNights(['2026-02-14', '2026-02-12', '2026-02-13'])).toBe('Feb 12–14, 2026');
    expect(formatNights(['2026-02-12', '2026-02-13', '2026-03-20'])).toBe('Feb 12–13, 2026; Mar 20, 2026');
    expect(formatNights(['2026-01-31', '2026-02-01'])).toBe('Jan 31 – Feb 1, 2026');
    expect(formatNights(['2026-12-31', '2027-01-01'])).toBe('Dec 31, 2026 – Jan 1, 2027');
  });

  it('round-trips local calendar days and counts days', () => {
    expect(toIsoDay(fromIsoDay('2026-03-29'))).toBe('2026-03-29');
    expect(daysUntil('2026-11-25', new Date(2026, 10, 22, 23, 30))).toBe(3);
    expect(nightsLabel(1)).toBe('1 night');
    expect(nightsLabel(3)).toBe('3 nights');
  });
});
