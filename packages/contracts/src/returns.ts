import { z } from 'zod';
import { id, moneyLock, month, projectIdQuery, uuidString } from './common';
import { moneyAmount } from './money';
import { says } from './validation';

/**
 * Schemas of the monthly returns an admin records (docs/product.md §15.3), and the month helpers their
 * checks and the screens share.
 */

export const monthlyReturnRecord = z.object({
  _id: uuidString,
  projectId: uuidString,
  month: z.string(),
  amount: z.number(),
  /** Its own payment date (`YYYY-MM-DD`), or null: paid on the last day of its month. */
  paymentDate: z.string().nullable().optional(),
  /** The day it is paid (`YYYY-MM-DD`): its payment date, else the last day of its month. */
  paidOn: z.string().optional(),
  /** Why it can no longer be edited or deleted (a final distribution paid it, or its period is published). */
  locked: moneyLock.nullable().optional(),
});
export type MonthlyReturnRecord = z.infer<typeof monthlyReturnRecord>;

export const returnsQuery = projectIdQuery;

/**
 * A monthly return's own payment date: an ISO day on or after the first day of its month (income is not
 * paid before its month has begun). Null or absent: the last day of the month.
 */
export const incomePaymentDate = z.iso.date({
  error: says('validation.paymentdate_must_be_an_iso_date_yyyy_mm_dd'),
});

/** The problem of a payment date for a month ('YYYY-MM'), or null when it may be paid then. */
export function incomePaymentDateProblem(month: string, paymentDate: string): string | null {
  return paymentDate < `${month}-01`
    ? `Payment date must be on or after the first day of ${monthLabel(month)} (${month}-01)`
    : null;
}

/**
 * The problem of a return's month ('YYYY-MM') before the month its investment started (`startDate`,
 * 'YYYY-MM-DD…'), or null: money is not paid on an investment before it was made. Without a start date
 * every month may be recorded.
 */
export function monthBeforeStartProblem(month: string, startDate: string | null | undefined): string | null {
  const startMonth = startDate?.slice(0, 7);
  return startMonth && month < startMonth
    ? `${monthLabel(month)} is before this investment's start month, ${monthLabel(startMonth)}`
    : null;
}

/**
 * The problem of a return's month ('YYYY-MM') after the month its investment ended (`endedOn`, the day its
 * capital was returned in full), or null; an investment still running has no end.
 */
export function monthAfterEndProblem(month: string, endedOn: string | null | undefined): string | null {
  const endMonth = endedOn?.slice(0, 7);
  return endMonth && month > endMonth
    ? `${monthLabel(month)} is after this investment ended, ${monthLabel(endMonth)} (its capital was returned in full)`
    : null;
}

/**
 * The problem of a month ('YYYY-MM') that has not begun yet on `today` (UTC), or null: a return, imported
 * or recorded, and a distribution run are for a month that has begun.
 */
export function monthNotBegunProblem(month: string, today = new Date()): string | null {
  const current = today.toISOString().slice(0, 7);
  return month > current
    ? `${monthLabel(month)} has not begun yet: a return can be recorded up to ${monthLabel(current)}`
    : null;
}

/**
 * `POST` and `PUT /api/users/{id}/returns` (docs/product.md §15.3; amount numeric). `paymentDate`: see
 * `incomePaymentDate`; on `PUT`, absent keeps the recorded one and null puts it back to the month's end.
 */
export const returnInput = z
  .object({
    projectId: id,
    month,
    amount: moneyAmount('amount'),
    paymentDate: incomePaymentDate.nullish(),
  })
  .superRefine((v, ctx) => {
    const problem = v.paymentDate ? incomePaymentDateProblem(v.month, v.paymentDate) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['paymentDate'], message: problem });
  });
export type ReturnInput = z.infer<typeof returnInput>;

export const returnDeleteParams = z.object({ id, month });
export const returnDeleteQuery = z.object({ projectId: id });

export const returnsResult = z.object({ monthlyReturns: z.array(monthlyReturnRecord) });
export type ReturnsResult = z.infer<typeof returnsResult>;

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** 'YYYY-MM' -> 'Oct 2026', the way the screens write a month (anything else is returned as it is). */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTH_ABBREVIATIONS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${Number(m[1])}` : month;
}

const monthKey = (year: number, monthIndex: number) => {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const shiftMonth = (month: string, by: number) =>
  monthKey(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by);

/**
 * The month an admin most likely records next ('YYYY-MM'): the month after the latest one recorded,
 * never after the current month; with nothing recorded, the month before the current one (returns are
 * recorded after a month ends). When that month is taken, the newest free month before it.
 */
export function nextReturnMonth(recorded: readonly string[], now: Date = new Date()): string {
  const current = monthKey(now.getFullYear(), now.getMonth());
  const taken = new Set(recorded);
  const latest = [...taken].sort().at(-1);
  let candidate = latest ? shiftMonth(latest, 1) : shiftMonth(current, -1);
  if (candidate > current) candidate = current;
  for (let i = 0; i < 1200 && taken.has(candidate); i++) candidate = shiftMonth(candidate, -1);
  return candidate;
}
