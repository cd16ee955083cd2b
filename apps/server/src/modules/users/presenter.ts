import {
  fromCents,
  investmentReturns,
  maskIban,
  summarizePortfolio,
  toCents,
  type CurrentUser,
} from '@portal/contracts';
import type { users } from '../../db/schema';
import { iso, num } from '../../lib/format';

type UserRow = typeof users.$inferSelect;

interface InvestmentWithProject {
  id: string;
  projectId: string;
  projectName: string;
  amount: string;
  returns: string;
  roi: string | null;
  startDate: string | null;
}

interface MonthlyReturnRow {
  projectId: string;
  month: string;
  amount: string;
}

/** What `getCurrentUser` reads: the user row, their investments and monthly returns, the admin policy. */
export interface CurrentUserRows {
  user: UserRow;
  investments: readonly InvestmentWithProject[];
  returns: readonly MonthlyReturnRow[];
  requireAdminTotp: boolean;
  /** Capital paid back so far, as the database summed it (a numeric string). */
  capitalReturned: string;
  /** Rental income paid so far, as the database summed it (a numeric string). */
  rentalIncome: string;
  /** Income and capital adjustments counted so far, as the database summed them (numeric strings). */
  adjustedIncome: string;
  adjustedCapital: string;
}

/** The only way a user row becomes the JSON of `GET /api/users/me`. Never includes the password hash. */
export function presentCurrentUser({
  user,
  investments,
  returns,
  requireAdminTotp,
  capitalReturned,
  rentalIncome,
  adjustedIncome,
  adjustedCapital,
}: CurrentUserRows): CurrentUser {
  const byProject = new Map<string, { month: string; amount: string }[]>();
  for (const r of returns) {
    const list = byProject.get(r.projectId) ?? [];
    list.push({ month: r.month, amount: r.amount });
    byProject.set(r.projectId, list);
  }
  const items = investments.map((inv) => {
    const monthly = (byProject.get(inv.projectId) ?? []).sort((a, b) => a.month.localeCompare(b.month));
    return {
      _id: inv.id,
      projectId: { _id: inv.projectId, name: inv.projectName },
      amount: num(inv.amount),
      returns: investmentReturns({ returns: inv.returns, monthlyReturns: monthly }),
      roi: inv.roi == null ? null : Number(inv.roi),
      startDate: inv.startDate,
      monthlyReturns: monthly.map((m) => ({ month: m.month, amount: num(m.amount) })),
    };
  });
  const totals = summarizePortfolio(
    {
      totalInvestment: user.totalInvestment,
      totalReturned: user.totalReturned,
      investmentDate: user.investmentDate,
      investmentPeriod: user.investmentPeriod,
    },
    items.map((i) => ({
      amount: i.amount,
      returns: i.returns,
      startDate: i.startDate,
      monthlyReturns: i.monthlyReturns,
    })),
    // Income besides the investments' returns: the rental income and the income adjustments.
    fromCents(toCents(rentalIncome) + toCents(adjustedIncome)),
  );
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    investorId: user.investorId,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    role: user.isAdmin ? 'admin' : 'user',
    status: user.isActive ? 'active' : 'inactive',
    phone: user.phone,
    address: user.address,
    city: user.city,
    country: user.country,
    postalCode: user.postalCode,
    dateOfBirth: user.dateOfBirth,
    createdAt: iso(user.createdAt)!,
    lastLoginAt: iso(user.lastLoginAt),
    previousLoginAt: iso(user.previousLoginAt),
    twoFactorEnabled: user.totpEnabledAt != null,
    twoFactorRequired: user.isAdmin && requireAdminTotp,
    bankAccount:
      user.bankIbanLast4 && user.bankHolder && user.bankUpdatedAt
        ? {
            iban: maskIban(user.bankIbanLast4),
            bic: user.bankBic,
            holder: user.bankHolder,
            updatedAt: iso(user.bankUpdatedAt)!,
          }
        : null,
    ...totals,
    capitalReturned: fromCents(toCents(capitalReturned) + toCents(adjustedCapital)),
    rentalIncome: num(rentalIncome),
    adjustedIncome: num(adjustedIncome),
    investments: items,
  };
}
