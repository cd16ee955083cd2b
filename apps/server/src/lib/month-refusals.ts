import {
  incomePaymentDateProblem,
  monthAfterEndProblem,
  monthBeforeStartProblem,
  monthNotBegunProblem,
} from '@portal/contracts';
import { coded, type CodedError } from './errors';

/**
 * The month checks of returns and distribution runs as coded refusals: the contracts' checks decide, the
 * months go as 'YYYY-MM' (worded in the reader's language by `{{month, month}}`).
 */

/** A month ('YYYY-MM') that has not begun yet on `today` (UTC). */
export function monthNotBegun(month: string, today = new Date()): CodedError | null {
  return monthNotBegunProblem(month, today)
    ? coded('distributions.month_not_begun', { month, current: today.toISOString().slice(0, 7) })
    : null;
}

/** A month before the investment's start month, or after the month it ended. */
export function monthOutsideHolding(
  month: string,
  startDate: string | null | undefined,
  endedOn: string | null | undefined,
): CodedError | null {
  if (startDate && monthBeforeStartProblem(month, startDate))
    return coded('distributions.month_before_start', { month, start: startDate.slice(0, 7) });
  if (endedOn && monthAfterEndProblem(month, endedOn))
    return coded('distributions.month_after_end', { month, end: endedOn.slice(0, 7) });
  return null;
}

/** Income paid before the first day of its month. */
export function paymentDateBeforeMonth(month: string, paymentDate: string): CodedError | null {
  return incomePaymentDateProblem(month, paymentDate)
    ? coded('distributions.payment_date_before_month', { month, first: `${month}-01` })
    : null;
}
