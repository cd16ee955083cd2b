import { z } from 'zod';
import { bankAccount } from './bank';
import { requiredText, text, uuidString } from './common';
import { birthDateInput, phoneInput } from './person';

export const projectRef = z.object({ _id: uuidString, name: z.string() });

export const investmentSummaryItem = z.object({
  _id: uuidString,
  projectId: projectRef,
  amount: z.number(),
  returns: z.number(),
  roi: z.number().nullable(),
  startDate: z.string().nullable(),
  monthlyReturns: z.array(z.object({ month: z.string(), amount: z.number() })),
});
export type InvestmentSummaryItem = z.infer<typeof investmentSummaryItem>;

const profileFields = {
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
};

/** The signed-in user as `GET /api/users/me` answers it (docs/product.md §17). */
export const currentUser = z.object({
  _id: uuidString,
  name: z.string(),
  email: z.string(),
  investorId: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  role: z.enum(['admin', 'user']),
  status: z.enum(['active', 'inactive']),
  ...profileFields,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The sign-in before the current one; null on the first sign-in ("Welcome" rather than "Welcome back"). */
  previousLoginAt: z.string().nullable().optional(),
  twoFactorEnabled: z.boolean(),
  /** Admin accounts must use two-factor sign-in when an admin has required it. */
  twoFactorRequired: z.boolean(),
  /** Where distributions are paid; null until the investor gives one (the IBAN masked). */
  bankAccount: bankAccount.nullable(),
  totalInvestment: z.number(),
  totalReturned: z.number(),
  /** Capital paid back so far (returns of capital whose payment date has come); not part of totalReturned. */
  capitalReturned: z.number(),
  /**
   * The investor's share of their rentals paid so far (payment date come): income, part of the computed
   * totalReturned (a total set by hand stands as it is). Always sent.
   */
  rentalIncome: z.number().optional(),
  /**
   * Income adjustments counted so far (positive or negative): part of the computed totalReturned, as the
   * rental income is. Capital adjustments are part of capitalReturned.
   */
  adjustedIncome: z.number().optional(),
  investmentDate: z.string().nullable(),
  investmentPeriod: z.string().nullable(),
  investments: z.array(investmentSummaryItem),
});
export type CurrentUser = z.infer<typeof currentUser>;

const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The profile fields a user edits (docs/product.md §14). Anything else in the body is dropped. */
export const profileInput = z.object({
  name: requiredText('Full Name', 120),
  phone: phoneInput,
  address: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
  dateOfBirth: z.preprocess(
    (v) => (v === '' ? null : v),
    birthDateInput('dateOfBirth must be an ISO timestamp')
      .nullish()
      .transform((v) => v ?? null),
  ),
});
export type ProfileInput = z.input<typeof profileInput>;
export type ProfileValues = z.output<typeof profileInput>;
