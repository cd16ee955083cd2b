import { asc, eq } from 'drizzle-orm';
import {
  fromCents,
  incomePaidOn,
  paidMonthlyReturns,
  toCents,
  type Performance,
  type PerformanceFigures,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import {
  adjustments,
  capitalReturns,
  investments,
  monthlyReturns,
  projects,
  rentalIncomes,
} from '../../db/schema';
import { xirr, type CashFlow } from './xirr';

/** One investment as the figures need it. */
export interface Holding {
  projectId: string;
  name: string;
  /** The amount invested (a numeric string, as the database gives it). */
  invested: string;
  startDate: string | null;
  /** The investment's returns field, which counts only when it has no paid monthly returns: it has no date. */
  undatedReturns: string;
  /** Monthly returns, each paid on its payment date, else on the last day of its month. */
  monthly: readonly { month: string; amount: string; paymentDate?: string | null }[];
  /** Returns of capital, each on its payment date. */
  capital?: readonly { date: string; amount: string }[];
  /** Rental income (the investor's share of a rental), income paid on its payment date. */
  rental?: readonly { date: string; amount: string }[];
  /** Adjustments (positive or negative), each on its date: income ones count as income, capital ones as capital. */
  adjustments?: readonly { kind: 'income' | 'capital'; date: string; amount: string; reason: string }[];
}

/** Ratios are given to six decimals (0.000001 is 0.0001 %): more is noise. */
const ratio = (x: number) => Math.round(x * 1e6) / 1e6;

/** The same day a year earlier ('2024-02-29' → '2023-02-28'). */
function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The performance figures of a set of holdings on `asOf` (one project's, or the whole portfolio's). Money
 * is summed in whole cents. A monthly return is paid on its payment date, else the last day of its month
 * (`incomePaidOn`), rental income and a return of capital on their payment date; one that falls due after
 * `asOf` is left out, each flow counts on its own day.
 *
 * The IRR is null, never a guess, when a flow has no date: an investment without a start date, or returns
 * recorded as one undated amount; or when the flows allow no rate (see `xirr`).
 */
export function performanceFigures(holdings: readonly Holding[], asOf: string): PerformanceFigures {
  const yearAgo = yearBefore(asOf);
  let investedC = 0;
  let incomeC = 0;
  let income12C = 0;
  let capitalC = 0;
  let dated = true;
  const flows: CashFlow[] = [];
  for (const h of holdings) {
    const invested = toCents(h.invested);
    investedC += invested;
    if (invested > 0) {
      if (!h.startDate || h.startDate > asOf) dated = false;
      else flows.push({ date: h.startDate, amount: -fromCents(invested) });
    }
    const paidMonths = paidMonthlyReturns(h.monthly, asOf);
    if (paidMonths.length === 0) {
      const undated = toCents(h.undatedReturns);
      incomeC += undated;
      if (undated !== 0) dated = false;
    }
    const adjusted = (kind: 'income' | 'capital') =>
      (h.adjustments ?? []).filter((a) => a.kind === kind).map((a) => ({ date: a.date, amount: a.amount }));
    for (const c of [...(h.capital ?? []), ...adjusted('capital')]) {
      const cents = toCents(c.amount);
      if (c.date > asOf || cents === 0) continue;
      capitalC += cents;
      flows.push({ date: c.date, amount: fromCents(cents) });
    }
    const income = [
      ...paidMonths.map((m) => ({ date: incomePaidOn(m), amount: m.amount })),
      ...(h.rental ?? []),
      ...adjusted('income'),
    ];
    for (const m of income) {
      const cents = toCents(m.amount);
      if (m.date > asOf || cents === 0) continue;
      incomeC += cents;
      if (m.date > yearAgo) income12C += cents;
      flows.push({ date: m.date, amount: fromCents(cents) });
    }
  }
  const outstandingC = investedC - capitalC;
  if (outstandingC > 0) flows.push({ date: asOf, amount: fromCents(outstandingC) });
  const rate = dated && investedC > 0 ? xirr(flows) : null;
  return {
    invested: fromCents(investedC),
    capitalReturned: fromCents(capitalC),
    income: fromCents(incomeC),
    netCashFlow: fromCents(capitalC + incomeC - investedC),
    dpi: investedC > 0 ? ratio((capitalC + incomeC) / investedC) : null,
    cashYield12m: outstandingC > 0 ? ratio(income12C / outstandingC) : null,
    xirr: rate === null ? null : ratio(rate),
  };
}

/**
 * The investor's holdings, each with its monthly returns, returns of capital, rental income and
 * adjustments (five queries whatever their number).
 */
export async function loadHoldings(db: DbOrTx, userId: string): Promise<Holding[]> {
  const [invs, months, capital, rental, adjusted] = await Promise.all([
    db
      .select({
        projectId: investments.projectId,
        name: projects.name,
        invested: investments.amount,
        startDate: investments.startDate,
        undatedReturns: investments.returns,
      })
      .from(investments)
      .innerJoin(projects, eq(projects.id, investments.projectId))
      .where(eq(investments.userId, userId))
      .orderBy(asc(investments.startDate), asc(projects.name)),
    db
      .select({
        projectId: monthlyReturns.projectId,
        month: monthlyReturns.month,
        amount: monthlyReturns.amount,
        paymentDate: monthlyReturns.paymentDate,
      })
      .from(monthlyReturns)
      .where(eq(monthlyReturns.userId, userId)),
    db
      .select({
        projectId: capitalReturns.projectId,
        date: capitalReturns.paymentDate,
        amount: capitalReturns.amount,
      })
      .from(capitalReturns)
      .where(eq(capitalReturns.userId, userId)),
    db
      .select({
        projectId: rentalIncomes.projectId,
        date: rentalIncomes.paymentDate,
        amount: rentalIncomes.amount,
      })
      .from(rentalIncomes)
      .where(eq(rentalIncomes.userId, userId)),
    db
      .select({
        projectId: adjustments.projectId,
        kind: adjustments.kind,
        date: adjustments.paymentDate,
        amount: adjustments.amount,
        reason: adjustments.reason,
      })
      .from(adjustments)
      .where(eq(adjustments.userId, userId)),
  ]);
  const byProject = new Map<string, Holding['monthly'][number][]>();
  for (const m of months) byProject.set(m.projectId, [...(byProject.get(m.projectId) ?? []), m]);
  const capitalBy = new Map<string, { date: string; amount: string }[]>();
  for (const c of capital) capitalBy.set(c.projectId, [...(capitalBy.get(c.projectId) ?? []), c]);
  const rentalBy = new Map<string, { date: string; amount: string }[]>();
  for (const r of rental) rentalBy.set(r.projectId, [...(rentalBy.get(r.projectId) ?? []), r]);
  const adjustedBy = new Map<string, (typeof adjusted)[number][]>();
  for (const a of adjusted) adjustedBy.set(a.projectId, [...(adjustedBy.get(a.projectId) ?? []), a]);
  return invs.map((i) => ({
    ...i,
    monthly: byProject.get(i.projectId) ?? [],
    capital: capitalBy.get(i.projectId) ?? [],
    rental: rentalBy.get(i.projectId) ?? [],
    adjustments: adjustedBy.get(i.projectId) ?? [],
  }));
}

/** The figures for the portfolio and for each project, as `GET /api/investment/performance` answers. */
export function presentPerformance(holdings: readonly Holding[], asOf: string): Performance {
  return {
    asOf,
    portfolio: performanceFigures(holdings, asOf),
    projects: holdings.map((h) => ({
      projectId: h.projectId,
      name: h.name,
      ...performanceFigures([h], asOf),
    })),
  };
}
