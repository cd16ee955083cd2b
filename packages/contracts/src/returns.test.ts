import { describe, expect, it } from 'vitest';
import { monthLabel, nextReturnMonth, returnInput } from './returns';

describe('returnInput', () => {
  it('requires a YYYY-MM month', () => {
    const base = { projectId: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: 1 };
    expect(returnInput.safeParse({ ...base, month: '2025-1' }).success).toBe(false);
    expect(returnInput.safeParse({ ...base, month: '2025-12' }).success).toBe(true);
  });
});

describe('monthLabel and nextReturnMonth', () => {
  const now = new Date(2026, 10, 25); // 25 Nov 2026
  it('writes a month the way the screens do', () => {
    expect(monthLabel('2026-10')).toBe('Oct 2026');
    expect(monthLabel('2025-01')).toBe('Jan 2025');
    expect(monthLabel('2025-13')).toBe('2025-13');
  });
  it('proposes the month after the latest recorded one, never after the current month', () => {
    expect(nextReturnMonth(['2026-09', '2026-10'], now)).toBe('2026-11');
    expect(nextReturnMonth(['2025-11', '2025-12'], now)).toBe('2026-01');
    expect(nextReturnMonth(['2026-10', '2026-11'], now)).toBe('2026-09');
    expect(nextReturnMonth(['2026-09', '2026-11'], now)).toBe('2026-10');
  });
  it('proposes the month before the current one when nothing is recorded', () => {
    expect(nextReturnMonth([], now)).toBe('2026-10');
    expect(nextReturnMonth([], new Date(2026, 0, 5))).toBe('2025-12');
  });
});
