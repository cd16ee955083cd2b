import { PAYOUTS_MAX, type PayoutSource } from '@portal/contracts';
import type { DatedFlow, Portfolio } from './service';

/** Newest first by date, at most PAYOUTS_MAX (the order of equal dates kept). */
const newest = <T extends DatedFlow>(flows: readonly T[]) =>
  [...flows].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1)).slice(0, PAYOUTS_MAX);

/**
 * What the investor's payouts are derived from (`derivePayouts`): their monthly returns (newest month
 * first), returns of capital, rental income and adjustments (newest first), at most PAYOUTS_MAX of each.
 */
export function payoutSources(portfolio: Portfolio): PayoutSource[] {
  const base = (f: DatedFlow | Portfolio['monthly'][number]) => ({
    id: f.id,
    projectId: f.projectId,
    projectName: f.projectName,
    projectStatus: f.projectStatus,
    amount: f.amount,
  });
  const monthly = [...portfolio.monthly]
    .sort((a, b) =>
      a.month !== b.month ? (a.month < b.month ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
    )
    .slice(0, PAYOUTS_MAX);
  return [
    ...monthly.map((m) => ({
      ...base(m),
      month: m.month,
      kind: 'income' as const,
      date: m.paymentDate,
      reason: null,
    })),
    ...newest(portfolio.capital).map((c) => ({
      ...base(c),
      month: c.date.slice(0, 7),
      kind: 'capital' as const,
      date: c.date,
      reason: null,
    })),
    ...newest(portfolio.rental).map((r) => ({
      ...base(r),
      month: r.date.slice(0, 7),
      kind: 'rental' as const,
      date: r.date,
      reason: null,
    })),
    ...newest(portfolio.adjustments).map((a) => ({
      ...base(a),
      month: a.date.slice(0, 7),
      kind: 'adjustment' as const,
      date: a.date,
      reason: a.reason,
    })),
  ];
}
