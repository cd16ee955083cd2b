import {
  fromCents,
  summedInvestmentReturns,
  toCents,
  type AdminInvestment,
  type AdminUser,
} from '@portal/contracts';
import type { users } from '../../db/schema';
import { iso, num } from '../../lib/format';
import { presentUserFields } from '../portfolio/current-user-presenter';

type UserRow = Omit<typeof users.$inferSelect, 'searchDocument'>;

export interface AdminInvestmentRow {
  id: string;
  userId: string;
  projectId: string;
  projectName: string;
  amount: string;
  /** The investment's stored returns field. */
  returns: string;
  /** The sum of its monthly returns; null when it has none. */
  monthlyTotal: string | null;
  /**
   * The investor's other income in the project, paid so far: rental income and income adjustments (a
   * numeric string). Part of the user's computed total returned, as on their own dashboard.
   */
  otherIncome: string;
  roi: string | null;
  startDate: string | null;
}

function presentAdminInvestment(
  inv: AdminInvestmentRow,
  monthly?: readonly { month: string; amount: string }[],
): AdminInvestment {
  return {
    _id: inv.id,
    projectId: inv.projectId,
    projectName: inv.projectName,
    amount: num(inv.amount),
    returns: summedInvestmentReturns(inv.returns, inv.monthlyTotal),
    roi: inv.roi == null ? null : Number(inv.roi),
    startDate: inv.startDate,
    ...(monthly ? { monthlyReturns: monthly.map((m) => ({ month: m.month, amount: num(m.amount) })) } : {}),
  };
}

/**
 * A user row with their investments and, for one user's own screen, the monthly returns of each project
 * (by project id, ascending by month).
 */
export interface AdminUserRows {
  user: UserRow;
  investments: readonly AdminInvestmentRow[];
  monthly?: ReadonlyMap<string, { month: string; amount: string }[]>;
}

/** The only way a user row becomes the JSON of the admin screens. Never includes the password hash. */
export function presentAdminUser({ user, investments, monthly }: AdminUserRows): AdminUser {
  const items = investments.map((i) =>
    presentAdminInvestment(i, monthly ? (monthly.get(i.projectId) ?? []) : undefined),
  );
  const invested = investments.reduce((acc, i) => acc + toCents(i.amount), 0);
  const returned = investments.reduce(
    (acc, i) => acc + toCents(summedInvestmentReturns(i.returns, i.monthlyTotal)) + toCents(i.otherIncome),
    0,
  );
  return {
    ...presentUserFields(user),
    awaitingActivation: !user.isActive && user.activatedAt == null,
    activatedAt: iso(user.activatedAt),
    totalInvestment: user.totalInvestment != null ? num(user.totalInvestment) : fromCents(invested),
    totalReturned: user.totalReturned != null ? num(user.totalReturned) : fromCents(returned),
    investments: items,
  };
}
