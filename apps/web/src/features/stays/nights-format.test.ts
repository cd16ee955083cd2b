import { describe, expect, it } from 'vitest';
import { daysUntil, fromIsoDay, nightsLabel, toIsoDay } from './nights-format';

describe('night formatting', () => {
  it('round-trips local calendar days and counts days', () => {
    expect(toIsoDay(fromIsoDay('2026-03-29'))).toBe('2026-03-29');
    expect(daysUntil('2026-11-25', new Date(2026, 10, 22, 23, 30))).toBe(3);
    expect(nightsLabel(1)).toBe('1 night');
    expect(nightsLabel(3)).toBe('3 nights');
  });
});
