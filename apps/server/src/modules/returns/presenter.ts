import type { MonthlyReturnRecord } from '@portal/contracts';
import type { monthlyReturns } from '../../db/schema';
import { num } from '../../lib/format';

type ReturnRow = typeof monthlyReturns.$inferSelect;

/** The only way a monthly return row becomes JSON: the amount exact to the cent, and the day it is paid. */
export const presentMonthlyReturn = (
  r: Pick<ReturnRow, 'id' | 'projectId' | 'month' | 'amount' | 'paymentDate' | 'paidOn'>,
): MonthlyReturnRecord => ({
  _id: r.id,
  projectId: r.projectId,
  month: r.month,
  amount: num(r.amount),
  paymentDate: r.paymentDate,
  paidOn: r.paidOn,
});
