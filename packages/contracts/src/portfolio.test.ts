import { describe, expect, it } from 'vitest';
import {
  derivePayouts,
  PAYOUT_STATUS_LABELS,
  incomePaidOn,
  investmentReturns,
  paidMonthlyReturns,
  monthEnd,
  periodMonths,
  portfolioMetrics,
  returnOnInvestment,
  roundedReturnOnInvestment,
  summedInvestmentReturns,
  summarizePortfolio,
  type InvestmentRow,
  type PayoutSource,
} from './portfolio';

const noOverrides = {
  totalInvestment: null,
  totalReturned: null,
  investmentDate: null,
  investmentPeriod: null,
};

describe('summarizePortfolio', () => {
  const investments: InvestmentRow[] = [
    {
      amount: '10000.10',
      returns: '999.99',
      startDate: '2024-03-01',
      monthlyReturns: [
        { month: '2024-04', amount: '0.10' },
        { month: '2024-05', amount: '0.20' },
      ],
    },
    { amount: '5000.00', returns: '250.55', startDate: '2023-11-15', monthlyReturns: [] },
  ];

  it('sums the investments exactly, returns from monthly rows when there are any', () => {
    expect(investmentReturns(investments[0]!)).toBe(0.3);
    expect(investmentReturns(investments[1]!)).toBe(250.55);
    expect(summarizePortfolio(noOverrides, investments)).toEqual({
      totalInvestment: 15000.1,
      totalReturned: 250.85,
      investmentDate: '2023-11-15',
      investmentPeriod: '2-month',
    });
  });

  it('takes the summed monthly returns when there are any, else the returns field', () => {
    expect(summedInvestmentReturns('120.00', '0.10')).toBe(0.1);
    expect(summedInvestmentReturns('120.00', null)).toBe(120);
    expect(summedInvestmentReturns(null, null)).toBe(0);
    expect(summedInvestmentReturns('5', '250.555')).toBe(250.55);
  });

  it('rounds the ROI to two decimals exactly, a half up; null when nothing is invested', () => {
    expect(roundedReturnOnInvestment('1000.00', 125.5)).toBe(12.55);
    expect(roundedReturnOnInvestment('3', 1)).toBe(33.33);
    expect(roundedReturnOnInvestment('2000', '0.01')).toBe(0);
    expect(roundedReturnOnInvestment('200', '0.01')).toBe(0.01);
    expect(roundedReturnOnInvestment('400', '0.02')).toBe(0.01);
    expect(roundedReturnOnInvestment('800', '0.02')).toBe(0);
    expect(roundedReturnOnInvestment('800', '0.04')).toBe(0.01);
    expect(roundedReturnOnInvestment('0', 10)).toBeNull();
  });

  it('answers zeros and nulls without investments', () => {
    expect(summarizePortfolio(noOverrides, [])).toEqual({
      totalInvestment: 0,
      totalReturned: 0,
      investmentDate: null,
      investmentPeriod: null,
    });
  });

  it('keeps totals that are set', () => {
    const totals = summarizePortfolio(
      {
        totalInvestment: '1.10',
        totalReturned: 0,
        investmentDate: '2020-01-01',
        investmentPeriod: '12-month',
      },
      investments,
    );
    expect(totals).toEqual({
      totalInvestment: 1.1,
      totalReturned: 0,
      investmentDate: '2020-01-01',
      investmentPeriod: '12-month',
    });
  });
});

describe('returnOnInvestment', () => {
  it('is returns as a percentage of the amount, null when nothing is invested', () => {
    expect(returnOnInvestment(8000, 1260)).toBe(15.75);
    expect(returnOnInvestment('25000.00', '7083.33')).toBeCloseTo(28.33332, 5);
    expect(returnOnInvestment(0, 50)).toBeNull();
    expect(returnOnInvestment('0.00', null)).toBeNull();
    expect(returnOnInvestment(100, null)).toBe(0);
  });
});

describe('portfolioMetrics', () => {
  it('gives the recovered percentage of the total invested', () => {
    const m = portfolioMetrics(
      { totalInvestment: 40000, totalReturned: 10000, investmentDate: null, investmentPeriod: '12-month' },
      [],
    );
    expect(m.recoveredPercent).toBe(25);
  });

  it('counts capital returned in the recovered percentage, not in the annual ROI', () => {
    const totals = {
      totalInvestment: 40000,
      totalReturned: 10000,
      investmentDate: null,
      investmentPeriod: '12-month',
    };
    const m = portfolioMetrics({ ...totals, capitalReturned: 15000.01 }, []);
    expect(m.recoveredPercent).toBe(62.500025);
    expect(m.annualROI).toBe(portfolioMetrics(totals, []).annualROI);
  });

  it('weighs each investment by the months it has earned', () => {
    // 12 000 over 12 months on 100 000 and 600 over 6 months on 10 000: both 12% a year.
    const months = (n: number, each: string, startYear = 2024) =>
      Array.from({ length: n }, (_, i) => ({
        month: `${startYear + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
        amount: each,
      }));
    const investments: InvestmentRow[] = [
      { amount: 100000, returns: 0, startDate: '2024-01-01', monthlyReturns: months(12, '1000.00') },
      { amount: 10000, returns: 0, startDate: '2025-01-01', monthlyReturns: months(6, '100.00', 2025) },
    ];
    const totals = summarizePortfolio(noOverrides, investments);
    expect(totals.totalReturned).toBe(12600);
    expect(totals.investmentPeriod).toBe('18-month');
    const m = portfolioMetrics(totals, investments);
    expect(m.annualROI).toBe(12);
    expect(m.recoveredPercent).toBeCloseTo(11.4545, 3);
  });

  it('uses the stated period when the totals are set by hand', () => {
    const m = portfolioMetrics(
      { totalInvestment: 50000, totalReturned: 6000, investmentDate: null, investmentPeriod: '24-month' },
      [{ amount: 100, returns: 0, startDate: null, monthlyReturns: [] }],
    );
    expect(m.annualROI).toBe(6);
  });

  it('answers a dash (null) when nothing is invested or no period is known', () => {
    expect(
      portfolioMetrics(
        { totalInvestment: 0, totalReturned: 0, investmentDate: null, investmentPeriod: null },
        [],
      ),
    ).toEqual({ recoveredPercent: 0, annualROI: null });
    expect(
      portfolioMetrics(
        { totalInvestment: 0, totalReturned: 500, investmentDate: null, investmentPeriod: '3-month' },
        [],
      ),
    ).toEqual({ recoveredPercent: 0, annualROI: null });
    expect(
      portfolioMetrics(
        { totalInvestment: 1000, totalReturned: 0, investmentDate: null, investmentPeriod: null },
        [{ amount: 1000, returns: 0, startDate: null, monthlyReturns: [] }],
      ).annualROI,
    ).toBeNull();
  });

  it('reads the number of months of a period', () => {
    expect(periodMonths('58-month')).toBe(58);
    expect(periodMonths('12 months')).toBe(12);
    expect(periodMonths('0-month')).toBeNull();
    expect(periodMonths('long term')).toBeNull();
    expect(periodMonths(null)).toBeNull();
  });
});

describe('incomePaidOn and paidMonthlyReturns', () => {
  it('pays a month on its payment date, else its last day, and counts it from that day on', () => {
    expect(incomePaidOn({ month: '2024-02' })).toBe('2024-02-29');
    expect(incomePaidOn({ month: '2025-10', paymentDate: null })).toBe('2025-10-31');
    expect(incomePaidOn({ month: '2025-10', paymentDate: '2025-12-15' })).toBe('2025-12-15');
    const rows = [
      { month: '2025-09', amount: '1.00' },
      { month: '2025-10', amount: '2.00', paymentDate: '2025-12-15' },
      { month: '2025-11', amount: '4.00' },
    ];
    expect(paidMonthlyReturns(rows, '2025-12-14').map((r) => r.month)).toEqual(['2025-09', '2025-11']);
    expect(paidMonthlyReturns(rows, '2025-12-15').map((r) => r.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
    ]);
    expect(paidMonthlyReturns(rows, '2025-11-29').map((r) => r.month)).toEqual(['2025-09']);
    // The returns of the paid months; none paid yet: the returns field, as with no months.
    expect(
      investmentReturns({ returns: '9.00', monthlyReturns: paidMonthlyReturns(rows, '2025-12-14') }),
    ).toBe(5);
    expect(
      investmentReturns({ returns: '9.00', monthlyReturns: paidMonthlyReturns(rows, '2025-09-29') }),
    ).toBe(9);
  });
});

describe('derivePayouts', () => {
  const row = (over: Partial<PayoutSource>): PayoutSource => ({
    id: 'r',
    projectId: 'p1',
    projectName: 'Aurora',
    projectStatus: 'active',
    month: '2026-09',
    amount: '100.00',
    ...over,
  });

  it('pays a month with its own payment date on that day, Upcoming until then, under the month it is for', () => {
    const [p] = derivePayouts([row({ month: '2026-10', date: '2026-12-15', kind: 'income' })], '2026-12-14');
    expect(p).toMatchObject({ date: '2026-12-15', month: '2026-10', type: 'monthly', status: 'pending' });
    expect(derivePayouts([row({ month: '2026-10', date: '2026-12-15' })], '2026-12-15')[0]!.status).toBe(
      'paid',
    );
  });

  it('pays each month on its last day, newest first, exact amounts', () => {
    const payouts = derivePayouts(
      [
        row({ id: 'a', month: '2026-08', amount: '0.10' }),
        row({ id: 'b', month: '2026-10', amount: '120.45' }),
        row({ id: 'c', month: '2026-10', projectId: 'p0', projectName: 'Alder' }),
        row({ id: 'd', month: '2026-11', amount: '99.99' }),
      ],
      '2026-11-22',
    );
    expect(payouts.map((p) => [p._id, p.date, p.status, p.amount])).toEqual([
      ['d', '2026-11-30', 'pending', 99.99],
      ['c', '2026-10-31', 'paid', 100],
      ['b', '2026-10-31', 'paid', 120.45],
      ['a', '2026-08-31', 'paid', 0.1],
    ]);
    expect(payouts[0]).toEqual({
      _id: 'd',
      amount: 99.99,
      date: '2026-11-30',
      month: '2026-11',
      type: 'monthly',
      status: 'pending',
      project: { _id: 'p1', name: 'Aurora' },
    });
  });

  it('pays a return of capital on its own date, as its own type, and leaves the final distribution to income', () => {
    const payouts = derivePayouts(
      [
        row({ id: 'm', month: '2024-12', projectStatus: 'completed' }),
        row({
          id: 'k',
          month: '2024-12',
          projectStatus: 'completed',
          kind: 'capital',
          date: '2024-12-15',
          amount: '15000.00',
        }),
        row({ id: 'later', month: '2027-01', kind: 'capital', date: '2027-01-10', amount: '1.00' }),
      ],
      '2026-11-25',
    );
    expect(payouts.map((p) => [p._id, p.type, p.date, p.month, p.status, p.amount])).toEqual([
      ['later', 'capital', '2027-01-10', '2027-01', 'pending', 1],
      ['m', 'final', '2024-12-31', '2024-12', 'paid', 100],
      ['k', 'capital', '2024-12-15', '2024-12', 'paid', 15000],
    ]);
    expect(PAYOUT_STATUS_LABELS.pending).toBe('Upcoming');
  });

  it('counts a payout as paid on its own day', () => {
    expect(derivePayouts([row({ month: '2026-02' })], '2026-02-28')[0]!.status).toBe('paid');
    expect(derivePayouts([row({ month: '2026-02' })], '2026-02-27')[0]!.status).toBe('pending');
  });

  it('marks the last return of a completed project as its final distribution', () => {
    const payouts = derivePayouts(
      [
        row({ id: 'x', projectStatus: 'completed', month: '2024-11' }),
        row({ id: 'y', projectStatus: 'completed', month: '2024-12' }),
        row({ id: 'z', projectId: 'p2', month: '2024-12' }),
      ],
      '2026-01-01',
    );
    expect(Object.fromEntries(payouts.map((p) => [p._id, p.type]))).toEqual({
      x: 'monthly',
      y: 'final',
      z: 'monthly',
    });
  });

  it('leaves out months without a positive return', () => {
    const payouts = derivePayouts(
      [row({ id: 'zero', amount: '0.00' }), row({ id: 'loss', amount: '-5.00' }), row({ id: 'ok' })],
      '2027-01-01',
    );
    expect(payouts.map((p) => p._id)).toEqual(['ok']);
    expect(derivePayouts([], '2027-01-01')).toEqual([]);
  });

  it('knows the length of every month', () => {
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2025-02')).toBe('2025-02-28');
    expect(monthEnd('2025-12')).toBe('2025-12-31');
    expect(monthEnd('2025-04')).toBe('2025-04-30');
  });
});
