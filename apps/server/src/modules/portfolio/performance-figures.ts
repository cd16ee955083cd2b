import {
  fromCents,
  incomePaidOn,
  paidMonthlyReturns,
  toCents,
  type PerformanceFigures,
} from '@portal/contracts';
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
