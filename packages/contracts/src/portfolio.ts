import { z } from 'zod';
import { uuidString } from './common';
import { fromCents, toCents } from './money';
import { adjustmentLabel } from './adjustments';

export interface InvestmentRow {
  amount: string | number;
  returns: string | number | null;
  startDate: string | null;
  monthlyReturns: ReadonlyArray<{ month: string; amount: string | number }>;
}

/** A monthly return as the income rule reads it: its month and, when it is not that month's last day, its payment date. */
export interface IncomeRow {
  month: string;
  amount: string | number;
  /** `YYYY-MM-DD`; null or absent: the last day of the month. */
  paymentDate?: string | null;
}

/**
 * The day a monthly return is paid: its own payment date (a distribution paid after the month), else the
 * last day of its month. The database keeps the same day in `monthly_returns.paid_on` (tested to agree).
 */
export function incomePaidOn(r: Pick<IncomeRow, 'month' | 'paymentDate'>): string {
  return r.paymentDate ?? monthEnd(r.month);
}

/**
 * The monthly returns paid by `today` (`YYYY-MM-DD`, UTC): the only ones that count in returns, totals,
 * ROI, the share recovered and the charts. The rest are scheduled (Upcoming in the Payout Timeline).
 */
export function paidMonthlyReturns<T extends Pick<IncomeRow, 'month' | 'paymentDate'>>(
  rows: readonly T[],
  today: string,
): T[] {
  return rows.filter((r) => incomePaidOn(r) <= today);
}

/**
 * An investment's returns: the sum of its monthly returns when there are any, else its returns field.
 * Given the paid monthly returns (`paidMonthlyReturns`), as every caller does: the SQL twin is
 * `investmentReturnsSql`.
 */
export function investmentReturns(inv: Pick<InvestmentRow, 'returns' | 'monthlyReturns'>): number {
  if (inv.monthlyReturns.length > 0) {
    return fromCents(inv.monthlyReturns.reduce((acc, r) => acc + toCents(r.amount), 0));
  }
  return fromCents(toCents(inv.returns));
}

/**
 * The same rule when the database has summed the monthly returns: `monthlyTotal` is their sum, null when
 * the investment has none (the returns field counts then).
 */
export function summedInvestmentReturns(
  returns: string | number | null,
  monthlyTotal: string | number | null,
): number {
  return fromCents(toCents(monthlyTotal ?? returns));
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
 * The investment summary (docs/product.md §17): a total that is missing is computed from the investments;
 * the date is the earliest start date; the period is the number of months with recorded returns. The
 * computed total returned is the income: the investments' returns and the rental income paid so far
 * (`rentalIncome`); a total set by hand stands as it is.
 */
export function summarizePortfolio(
  overrides: SummaryOverrides,
  investments: readonly InvestmentRow[],
  rentalIncome: string | number = 0,
): PortfolioTotals {
  const invested = investments.reduce((acc, i) => acc + toCents(i.amount), 0);
  const returned =
    investments.reduce((acc, i) => acc + toCents(investmentReturns(i)), 0) + toCents(rentalIncome);
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

/** An investment's own ROI: returns as a percentage of the amount; null (shown as a dash) when nothing is invested. */
export function returnOnInvestment(amount: string | number, returns: string | number | null): number | null {
  const invested = toCents(amount);
  if (invested <= 0) return null;
  return (toCents(returns) * 100) / invested;
}

/** The same ROI rounded to two decimals in integer arithmetic, so that a half rounds up exactly. */
export function roundedReturnOnInvestment(
  amount: string | number,
  returns: string | number | null,
): number | null {
  const invested = toCents(amount);
  if (invested <= 0) return null;
  return Math.round((toCents(returns) * 10_000) / invested) / 100;
}

/** '58-month' -> 58; anything without a leading whole number of months -> null. */
export function periodMonths(period: string | null | undefined): number | null {
  const m = /^\s*(\d{1,4})\b/.exec(period ?? '');
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? n : null;
}

export interface PortfolioMetrics {
  /**
   * What has come back, capital returned and income, as a percentage of the total invested ('{n}% of
   * investment recovered'); 0 when nothing is invested.
   */
  recoveredPercent: number;
  /** Returns a year as a percentage of the money invested; null (a dash) when it cannot be known. */
  annualROI: number | null;
}

/**
 * The Portfolio Summary's percentages. The share recovered counts capital returned with the income; the
 * annual ROI (income only, rental income included) weighs every investment by the months it has
 * earned (returns ÷ Σ amount × months, × 12), so a project that started last year does not dilute one
 * that has paid for five. When the totals are set by hand (they differ from the investments) the
 * weights are unknown, and the stated period stands for the whole amount.
 */
export function portfolioMetrics(
  totals: PortfolioTotals & { capitalReturned?: number; rentalIncome?: number; adjustedIncome?: number },
  investments: readonly InvestmentRow[],
): PortfolioMetrics {
  const invested = toCents(totals.totalInvestment);
  const returned = toCents(totals.totalReturned);
  const capital = toCents(totals.capitalReturned ?? 0);
  // Income besides the investments' returns: rental income and income adjustments.
  const rental = toCents(totals.rentalIncome ?? 0) + toCents(totals.adjustedIncome ?? 0);
  const recoveredPercent = invested > 0 ? ((returned + capital) * 100) / invested : 0;
  if (invested <= 0) return { recoveredPercent, annualROI: null };

  const computed =
    invested === investments.reduce((acc, i) => acc + toCents(i.amount), 0) &&
    returned === investments.reduce((acc, i) => acc + toCents(investmentReturns(i)), 0) + rental;
  if (computed) {
    let weight = 0;
    let earned = rental;
    for (const inv of investments) {
      const months = new Set(inv.monthlyReturns.map((r) => r.month)).size;
      if (months === 0) continue;
      weight += toCents(inv.amount) * months;
      earned += toCents(investmentReturns(inv));
    }
    if (weight > 0) return { recoveredPercent, annualROI: (earned * 12 * 100) / weight };
  }
  const months = periodMonths(totals.investmentPeriod);
  if (!months) return { recoveredPercent, annualROI: null };
  return { recoveredPercent, annualROI: (returned * 12 * 100) / (invested * months) };
}

export const PAYOUT_TYPES = ['monthly', 'final', 'capital', 'rental', 'adjustment'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const PAYOUT_TYPE_LABELS: Record<PayoutType, string> = {
  monthly: 'Monthly return',
  final: 'Final distribution',
  capital: 'Return of capital',
  rental: 'Rental income',
  adjustment: 'Adjustment',
};
export const PAYOUT_STATUSES = ['paid', 'pending'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A payout whose day has not come is scheduled: shown as Upcoming. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { paid: 'Paid', pending: 'Upcoming' };

/**
 * One amount paid to an investor, as the payouts are derived from it: a monthly return (income, paid on
 * the last day of its month), rental income (the investor's share of a rental, income paid on its own
 * `date`), or a return of capital (paid on its own `date`).
 */
export interface PayoutSource {
  id: string;
  projectId: string;
  projectName: string;
  projectStatus: string;
  month: string;
  amount: string | number;
  kind?: 'income' | 'capital' | 'rental' | 'adjustment';
  /** An adjustment's reason. */
  reason?: string | null;
  /**
   * The payment date (`YYYY-MM-DD`): a return of capital's or rental income's; a monthly return's when it
   * has its own (else the last day of its month).
   */
  date?: string | null;
}

export interface DerivedPayout {
  _id: string;
  amount: number;
  /** The day it is paid (YYYY-MM-DD): a monthly return's payment date, else the last day of its month. */
  date: string;
  month: string;
  type: PayoutType;
  status: PayoutStatus;
  project: { _id: string; name: string };
  /** An adjustment's line: "Adjustment: {reason}" (an adjustment may be negative). */
  note?: string;
  /** What the bank's files said of a distribution's payout: booked, or returned with the bank's reason. */
  bank?: { status: 'booked' | 'returned'; on: string | null; reason: string | null };
}

/** The last calendar day of a 'YYYY-MM' month, as 'YYYY-MM-DD'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/**
 * An investor's payouts, newest first. A month's return is paid on its payment date, else the last day of
 * that month (its `month` stays the month it was earned in), rental income and a return of capital on
 * their own date (pending, shown as Upcoming, until then); the last
 * monthly return of a completed project is its final distribution; a month without a positive return
 * pays nothing.
 */
export function derivePayouts(rows: readonly PayoutSource[], today: string): DerivedPayout[] {
  const ownDate = (r: PayoutSource) => r.kind === 'capital' || r.kind === 'rental' || r.kind === 'adjustment';
  const lastMonth = new Map<string, string>();
  for (const r of rows) {
    if (ownDate(r)) continue;
    const seen = lastMonth.get(r.projectId);
    if (!seen || r.month > seen) lastMonth.set(r.projectId, r.month);
  }
  return rows
    .filter((r) => (r.kind === 'adjustment' ? toCents(r.amount) !== 0 : toCents(r.amount) > 0))
    .map((r): DerivedPayout => {
      const dated = ownDate(r) && !!r.date;
      const date = dated && r.date ? r.date : incomePaidOn({ month: r.month, paymentDate: r.date });
      return {
        _id: r.id,
        amount: fromCents(toCents(r.amount)),
        date,
        month: dated ? date.slice(0, 7) : r.month,
        type:
          r.kind === 'capital' || r.kind === 'rental' || r.kind === 'adjustment'
            ? r.kind
            : r.projectStatus === 'completed' && lastMonth.get(r.projectId) === r.month
              ? 'final'
              : 'monthly',
        status: date <= today ? 'paid' : 'pending',
        project: { _id: r.projectId, name: r.projectName },
        ...(r.kind === 'adjustment' && { note: adjustmentLabel(r.reason ?? '') }),
      };
    })
    .sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.project.name.localeCompare(b.project.name),
    );
}

/** A payout as `GET /api/investment/payouts` answers it (docs/product.md §17, with its month and project). */
export const payout = z.object({
  _id: uuidString,
  amount: z.number(),
  date: z.string(),
  month: z.string(),
  type: z.enum(PAYOUT_TYPES),
  status: z.enum(PAYOUT_STATUSES),
  project: z.object({ _id: uuidString, name: z.string() }),
  /** An adjustment's line: "Adjustment: {reason}". */
  note: z.string().optional(),
  /** What the bank's statement files said of this payout: booked, or returned with the bank's reason code. */
  bank: z
    .object({
      status: z.enum(['booked', 'returned']),
      on: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .optional(),
});
export type Payout = z.infer<typeof payout>;

/** The most payouts one answer carries: 25 projects of 5 years of monthly returns. */
export const PAYOUTS_MAX = 1500;

export const payoutsAnswer = z.object({ success: z.literal(true), payouts: z.array(payout) });
export type PayoutsAnswer = z.infer<typeof payoutsAnswer>;
