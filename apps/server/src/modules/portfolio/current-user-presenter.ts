import { maskIban, type CurrentUser } from '@portal/contracts';
import { DEFAULT_LOCALE, isLocale } from '@portal/i18n';
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

/** The fields of a user row that both the user's own JSON and the admin screens show. */
export function presentUserFields(user: Omit<UserRow, 'searchDocument'>) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    investorId: user.investorId,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    role: user.isAdmin ? ('admin' as const) : ('user' as const),
    status: user.isActive ? ('active' as const) : ('inactive' as const),
    phone: user.phone,
    address: user.address,
    city: user.city,
    country: user.country,
    postalCode: user.postalCode,
    dateOfBirth: user.dateOfBirth,
    createdAt: iso(user.createdAt)!,
    lastLoginAt: iso(user.lastLoginAt),
  };
}

/** The only way a user row becomes the JSON of `GET /api/users/me`. Never includes the password hash. */
export function presentCurrentUser({ user, requireAdminTotp, summary }: CurrentUserRows): CurrentUser {
  return {
    ...presentUserFields(user),
    previousLoginAt: iso(user.previousLoginAt),
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
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
