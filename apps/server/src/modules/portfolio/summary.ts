import {
  fromCents,
  investmentReturns,
  summarizePortfolio,
  toCents,
  type CurrentUser,
  type SummaryOverrides,
} from '@portal/contracts';
import { num } from '../../lib/format';
import type { Portfolio } from './service';

/** The investment summary and the per-project table of `GET /api/users/me`. */
export type PortfolioSummary = Pick<
  CurrentUser,
  | 'totalInvestment'
  | 'totalReturned'
  | 'investmentDate'
  | 'investmentPeriod'
  | 'capitalReturned'
  | 'rentalIncome'
  | 'adjustedIncome'
  | 'investments'
>;

/** Whole cents of the flows paid so far. */
const paidCents = (flows: readonly { amount: string; paid: boolean }[]) =>
  flows.reduce((sum, f) => sum + (f.paid ? toCents(f.amount) : 0), 0);

/**
 * The summary of the holdings paid so far (their day come, UTC): each investment with its paid monthly
 * returns, the totals (`overrides`, the totals set by hand, stand as they are), the capital returned (with
 * the capital adjustments), the rental income and the income adjustments. Money summed in whole cents.
 */
export function portfolioSummary(portfolio: Portfolio, overrides: SummaryOverrides): PortfolioSummary {
  const items = portfolio.holdings.map((h) => {
    const monthly = h.monthly
      .filter((m) => m.paid)
      .map((m) => ({ month: m.month, amount: m.amount }))
      .sort((a, b) => a.month.localeCompare(b.month));
    return {
      _id: h.investmentId,
      projectId: { _id: h.projectId, name: h.name },
      amount: num(h.invested),
      returns: investmentReturns({ returns: h.undatedReturns, monthlyReturns: monthly }),
      roi: h.roi == null ? null : Number(h.roi),
      startDate: h.startDate,
      monthlyReturns: monthly.map((m) => ({ month: m.month, amount: num(m.amount) })),
    };
  });
  const rentalIncome = paidCents(portfolio.rental);
  const adjusted = (kind: 'income' | 'capital') =>
    paidCents(portfolio.adjustments.filter((a) => a.kind === kind));
  const adjustedIncome = adjusted('income');
  const totals = summarizePortfolio(
    overrides,
    items.map((i) => ({
      amount: i.amount,
      returns: i.returns,
      startDate: i.startDate,
      monthlyReturns: i.monthlyReturns,
    })),
    // Income besides the investments' returns: the rental income and the income adjustments.
    fromCents(rentalIncome + adjustedIncome),
  );
  return {
    ...totals,
    capitalReturned: fromCents(paidCents(portfolio.capital) + adjusted('capital')),
    rentalIncome: fromCents(rentalIncome),
    adjustedIncome: fromCents(adjustedIncome),
    investments: items,
  };
}
