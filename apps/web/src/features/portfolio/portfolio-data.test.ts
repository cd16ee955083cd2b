import { describe, expect, it } from 'vitest';
import type { Payout } from '@portal/contracts';
import {
  NO_PAYOUT_FILTER,
  addMonths,
  niceTicks,
  filterPayouts,
  payoutsCount,
  payoutsCsv,
  projectRows,
  returnsByMonth,
  termProgress,
} from './portfolio-data';

const inv = (
  id: string,
  name: string,
  amount: number,
  returns: number,
  monthly: [string, number][] = [],
) => ({
  _id: `i-${id}`,
  projectId: { _id: id, name },
  amount,
  returns,
  roi: null,
  startDate: '2024-01-01',
  monthlyReturns: monthly.map(([month, a]) => ({ month, amount: a })),
});

describe('projectRows', () => {
  it("gives each investment's ROI as returns over amount, a dash (null) for nothing invested", () => {
    const rows = projectRows([inv('a', 'Aurora', 8000, 1260), inv('b', 'Birch', 0, 10)]);
    expect(rows.map((r) => [r.name, r.roi])).toEqual([
      ['Aurora', 15.75],
      ['Birch', null],
    ]);
  });
});

describe('returnsByMonth', () => {
  it('sums per month and project in cents, filling the months without returns with zero', () => {
    const { months, series } = returnsByMonth([
      inv('a', 'Aurora', 1, 0, [
        ['2025-11', 0.1],
        ['2026-01', 0.2],
      ]),
      inv('b', 'Birch', 1, 0, [['2026-01', 100.05]]),
      inv('c', 'No returns', 1, 5),
    ]);
    expect(series).toEqual([
      { key: 'p0', name: 'Aurora' },
      { key: 'p1', name: 'Birch' },
    ]);
    expect(months).toEqual([
      { month: '2025-11', total: 0.1, p0: 0.1, p1: 0 },
      { month: '2025-12', total: 0, p0: 0, p1: 0 },
      { month: '2026-01', total: 100.25, p0: 0.2, p1: 100.05 },
    ]);
  });

  it('is empty without monthly returns', () => {
    expect(returnsByMonth([])).toEqual({ months: [], series: [] });
  });

  it('steps over year ends', () => {
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });
});

describe('niceTicks', () => {
  it('steps the axis in round amounts up past the highest bar', () => {
    expect(niceTicks(340)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(84)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(1500)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('termProgress', () => {
  const today = new Date(2026, 10, 22);
  it('counts whole months since the investment date, capped at the period', () => {
    expect(termProgress('2023-06-01', 60, 'active', today)).toEqual({
      elapsed: 41,
      period: 60,
      percent: (41 * 100) / 60,
    });
    expect(termProgress('2026-10-23', 60, 'active', today).elapsed).toBe(0);
    expect(termProgress('2016-01-01', 60, 'active', today).elapsed).toBe(60);
    expect(termProgress('2027-01-01', 60, 'pending', today)).toEqual({ elapsed: 0, period: 60, percent: 0 });
  });
  it('shows a completed project as through its term', () => {
    expect(termProgress('2021-12-01', 36, 'completed', today)).toEqual({
      elapsed: 36,
      period: 36,
      percent: 100,
    });
  });
});

const payout = (over: Partial<Payout>): Payout => ({
  _id: 'x',
  amount: 100,
  date: '2026-10-31',
  month: '2026-10',
  type: 'monthly',
  status: 'paid',
  project: { _id: 'a', name: 'Aurora' },
  ...over,
});

describe('payout filters and CSV export', () => {
  const list = [
    payout({ _id: '1', amount: 120.45 }),
    payout({ _id: '2', status: 'pending', date: '2026-11-30', month: '2026-11' }),
    payout({ _id: '3', type: 'final', project: { _id: 'p', name: 'Pine, "Hollow"' }, amount: 1500 }),
  ];

  it('counts the paid payouts and the upcoming ones apart', () => {
    expect(payoutsCount(list)).toBe('2 payouts · €1,620.45 · 1 upcoming · €100');
    expect(payoutsCount([list[0]!])).toBe('1 payout · €120.45');
    expect(payoutsCount([list[1]!])).toBe('1 upcoming · €100');
    expect(payoutsCount([])).toBe('0 payouts · €0');
  });

  it('filters by type, status and project together', () => {
    expect(filterPayouts(list, NO_PAYOUT_FILTER)).toHaveLength(3);
    expect(filterPayouts(list, { ...NO_PAYOUT_FILTER, status: 'pending' }).map((p) => p._id)).toEqual(['2']);
    expect(filterPayouts(list, { ...NO_PAYOUT_FILTER, type: 'final' }).map((p) => p._id)).toEqual(['3']);
    expect(
      filterPayouts(list, { type: 'monthly', status: 'paid', projectId: 'a' }).map((p) => p._id),
    ).toEqual(['1']);
    expect(filterPayouts(list, { ...NO_PAYOUT_FILTER, projectId: 'none' })).toEqual([]);
  });

  it('exports the rows shown with exact amounts and readable labels', () => {
    expect(payoutsCsv(list)).toBe(
      [
        'Date,Month,Project,Type,Status,Amount (EUR)',
        '2026-10-31,2026-10,Aurora,Monthly return,Paid,120.45',
        '2026-11-30,2026-11,Aurora,Monthly return,Upcoming,100.00',
        '2026-10-31,2026-10,"Pine, ""Hollow""",Final distribution,Paid,1500.00',
        '',
      ].join('\r\n'),
    );
  });
});
