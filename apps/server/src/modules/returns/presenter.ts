import { monthLabel, type MonthlyReturnRecord } from '@portal/contracts';
import type { monthlyReturns } from '../../db/schema';
import { num } from '../../lib/format';
import { lockReason, type LockFacts } from '../locks/service';

type ReturnRow = typeof monthlyReturns.$inferSelect;

/** How the lock's messages name a month's return ('The Nov 2026 return'). */
export const returnEntryName = (month: string) => `The ${monthLabel(month)} return`;

/**
 * The only way a monthly return row becomes JSON: the amount exact to the cent, the day it is paid, and
 * why it can no longer change, when it cannot.
 */
export const presentMonthlyReturn = (
  r: Pick<ReturnRow, 'id' | 'projectId' | 'month' | 'amount' | 'paymentDate' | 'paidOn'> & LockFacts,
): MonthlyReturnRecord => {
  const reason = lockReason(r, returnEntryName(r.month), 'returns');
  return {
    _id: r.id,
    projectId: r.projectId,
    month: r.month,
    amount: num(r.amount),
    paymentDate: r.paymentDate,
    paidOn: r.paidOn,
    locked: reason ? { reason } : null,
  };
};
