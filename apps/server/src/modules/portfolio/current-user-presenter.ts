import { maskIban, type CurrentUser } from '@portal/contracts';
import type { users } from '../../db/schema';
import { iso } from '../../lib/format';
import type { PortfolioSummary } from './summary';

type UserRow = typeof users.$inferSelect;

/** What `getCurrentUser` reads: the user row, the admin policy and the summary of their holdings. */
export interface CurrentUserRows {
  user: UserRow;
  requireAdminTotp: boolean;
  summary: PortfolioSummary;
}

/** The only way a user row becomes the JSON of `GET /api/users/me`. Never includes the password hash. */
export function presentCurrentUser({ user, requireAdminTotp, summary }: CurrentUserRows): CurrentUser {
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
    ...summary,
  };
}
