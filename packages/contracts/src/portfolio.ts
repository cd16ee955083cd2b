import { fromCents, toCents } from './money';

export interface InvestmentRow {
  amount: string | number;
  returns: string | number | null;
  startDate: string | null;
  monthlyReturns: ReadonlyArray<{ month: string; amount: string | number }>;
}

/** An investment's returns: the sum of its monthly returns when there are any, else its returns field. */
export function investmentReturns(inv: Pick<InvestmentRow, 'returns' | 'monthlyReturns'>): number {
  if (inv.monthlyReturns.length > 0) {
    return fromCents(inv.monthlyReturns.reduce((acc, r) => acc + toCents(r.amount), 0));
  }
  return fromCents(toCents(inv.returns));
}

export interface SummaryOverrides {
  totalInvestment: string | number | null;
  totalReturned: string | number | null;
  investmentDate: string | null;
  investmentPeriod: string | null;
}

export interface PortfolioTotals {
  totalInvestment: number;
  totalReturned: number;
  investmentDate: string | null;
  investmentPeriod: string | null;
}

/**
 * The investment summary of spec section 3: a total that is missing is computed from the investments;
 * the date is the earliest start date; the period is the number of months with recorded returns.
 */
export function summarizePortfolio(
  overrides: SummaryOverrides,
  investments: readonly InvestmentRow[],
): PortfolioTotals {
  const invested = investments.reduce((acc, i) => acc + toCents(i.amount), 0);
  const returned = investments.reduce((acc, i) => acc + toCents(investmentReturns(i)), 0);
  const starts = investments
    .map((i) => i.startDate)
    .filter((d): d is string => !!d)
    .sort();
  const months = new Set(investments.flatMap((i) => i.monthlyReturns.map((r) => r.month)));
  return {
    totalInvestment:
      overrides.totalInvestment != null ? fromCents(toCents(overrides.totalInvestment)) : fromCents(invested),
    totalReturned:
      overrides.totalReturned != null ? fromCents(toCents(overrides.totalReturned)) : fromCents(returned),
    investmentDate: overrides.investmentDate ?? starts[0] ?? null,
    investmentPeriod: overrides.investmentPeriod ?? (months.size > 0 ? `${months.size}-month` : null),
  };
}
