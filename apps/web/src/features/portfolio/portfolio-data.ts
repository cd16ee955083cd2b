import i18next from 'i18next';
import {
  returnOnInvestment,
  sumMoney,
  type InvestmentSummaryItem,
  type Payout,
  type PayoutStatus,
  type PayoutType,
} from '@portal/contracts';
import { toCsv } from '@/lib/csv';
import { formatMoney, formatNumber } from '@/lib/format';

/** A row of the Per-Project Investments table. */
export interface ProjectRow {
  projectId: string;
  name: string;
  amount: number;
  returns: number;
  /** Returns as a percentage of the amount; null (a dash) when nothing is invested. */
  roi: number | null;
  startDate: string | null;
}

export function projectRows(investments: readonly InvestmentSummaryItem[]): ProjectRow[] {
  return investments.map((inv) => ({
    projectId: inv.projectId._id,
    name: inv.projectId.name,
    amount: inv.amount,
    returns: inv.returns,
    roi: returnOnInvestment(inv.amount, inv.returns),
    startDate: inv.startDate,
  }));
}

/** 'YYYY-MM' of a month plus n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) + n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
}

export interface ReturnsSeries {
  key: string;
  name: string;
}
export interface ReturnsMonth {
  month: string;
  total: number;
  /** Amount per series key. */
  [key: string]: number | string;
}

/**
 * The investor's returns per month, one series a project, with every month between the first and the
 * last present (a month without returns is a zero, so the time axis stays even). Sums are in cents.
 */
export function returnsByMonth(
  investments: readonly Pick<InvestmentSummaryItem, 'projectId' | 'monthlyReturns'>[],
): { months: ReturnsMonth[]; series: ReturnsSeries[] } {
  const cents = new Map<string, Map<string, number>>();
  const series: ReturnsSeries[] = [];
  let first = '';
  let last = '';
  for (const [i, inv] of investments.entries()) {
    if (inv.monthlyReturns.length === 0) continue;
    const key = `p${i}`;
    series.push({ key, name: inv.projectId.name });
    for (const r of inv.monthlyReturns) {
      const byKey = cents.get(r.month) ?? new Map<string, number>();
      byKey.set(key, (byKey.get(key) ?? 0) + Math.round(r.amount * 100));
      cents.set(r.month, byKey);
      if (!first || r.month < first) first = r.month;
      if (!last || r.month > last) last = r.month;
    }
  }
  const months: ReturnsMonth[] = [];
  if (first && last) {
    for (let m = first; m <= last; m = addMonths(m, 1)) {
      const byKey = cents.get(m);
      const row: ReturnsMonth = { month: m, total: 0 };
      let total = 0;
      for (const s of series) {
        const c = byKey?.get(s.key) ?? 0;
        row[s.key] = c / 100;
        total += c;
      }
      row.total = total / 100;
      months.push(row);
    }
  }
  return { months, series };
}

/** Round axis steps (1, 2, 2.5 or 5 times a power of ten) giving about four gridlines up to the highest bar. */
export function niceTicks(max: number, lines = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / lines;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const top = Math.ceil(max / step);
  return Array.from({ length: top + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}

/** How far a project is into its term: whole months since its investment date, of its period. */
export function termProgress(
  investmentDate: string,
  periodMonths: number,
  status: string,
  today: Date = new Date(),
): { elapsed: number; period: number; percent: number } {
  const period = Math.max(0, periodMonths);
  if (status === 'completed') return { elapsed: period, period, percent: 100 };
  const [y, m, d] = investmentDate.split('-').map(Number) as [number, number, number];
  let months = (today.getFullYear() - y) * 12 + (today.getMonth() + 1 - m);
  if (today.getDate() < d) months -= 1;
  const elapsed = Math.min(period, Math.max(0, months));
  return { elapsed, period, percent: period > 0 ? (elapsed * 100) / period : 0 };
}

/** Each payout type's message. */
const PAYOUT_TYPE_LABEL = {
  monthly: 'payouts.type.monthly',
  final: 'payouts.type.final',
  capital: 'payouts.type.capital',
  rental: 'payouts.type.rental',
  adjustment: 'payouts.type.adjustment',
} as const satisfies Record<PayoutType, string>;

/** Each payout status's message (a payout whose day has not come is Upcoming). */
const PAYOUT_STATUS_LABEL = {
  paid: 'payouts.status.paid',
  pending: 'payouts.status.pending',
} as const satisfies Record<PayoutStatus, string>;

/** A payout type in the page's language: Monthly return, Monatliche Rendite. */
export const payoutTypeLabel = (type: PayoutType): string =>
  i18next.t(PAYOUT_TYPE_LABEL[type], { ns: 'portfolio' });
/** A payout status in the page's language: Paid, Upcoming. */
export const payoutStatusLabel = (status: PayoutStatus): string =>
  i18next.t(PAYOUT_STATUS_LABEL[status], { ns: 'portfolio' });

/** The payouts as CSV, in the order shown; amounts as plain decimals a spreadsheet can sum. */
export function payoutsCsv(payouts: readonly Payout[]): string {
  const header = [
    i18next.t('portfolio:payouts.csv.date'),
    i18next.t('portfolio:payouts.csv.month'),
    i18next.t('portfolio:payouts.csv.project'),
    i18next.t('portfolio:payouts.csv.type'),
    i18next.t('portfolio:payouts.csv.status'),
    i18next.t('portfolio:payouts.csv.amount'),
  ];
  return toCsv(
    header,
    payouts.map((p) => [
      p.date,
      p.month,
      p.project.name,
      // An adjustment says what it corrects: "Adjustment: {reason}".
      p.note ?? payoutTypeLabel(p.type),
      payoutStatusLabel(p.status),
      p.amount.toFixed(2),
    ]),
  );
}

export interface PayoutFilter {
  type: Payout['type'] | 'all';
  status: Payout['status'] | 'all';
  projectId: string | 'all';
}

export const NO_PAYOUT_FILTER: PayoutFilter = { type: 'all', status: 'all', projectId: 'all' };

const totalOf = (list: readonly Payout[]) => sumMoney(list.map((p) => p.amount));

/**
 * The timeline's count of what it shows: the paid payouts and their sum (capital and income, as Total
 * Returns and the capital returned count them), and the upcoming ones apart: '77 payouts · €26,041.02 ·
 * 1 upcoming · €454.54'.
 */
export function payoutsCount(shown: readonly Payout[]): string {
  const upcoming = shown.filter((p) => p.status !== 'paid');
  const paid = shown.filter((p) => p.status === 'paid');
  const parts: string[] = [];
  if (paid.length > 0 || upcoming.length === 0)
    parts.push(
      i18next.t('portfolio:payouts.paidCount', {
        count: paid.length,
        n: formatNumber(paid.length),
        amount: formatMoney(totalOf(paid)),
      }),
    );
  if (upcoming.length > 0)
    parts.push(
      i18next.t('portfolio:payouts.upcomingCount', {
        count: upcoming.length,
        n: formatNumber(upcoming.length),
        amount: formatMoney(totalOf(upcoming)),
      }),
    );
  return parts.join(' · ');
}

export function filterPayouts(payouts: readonly Payout[], f: PayoutFilter): Payout[] {
  return payouts.filter(
    (p) =>
      (f.type === 'all' || p.type === f.type) &&
      (f.status === 'all' || p.status === f.status) &&
      (f.projectId === 'all' || p.project._id === f.projectId),
  );
}
