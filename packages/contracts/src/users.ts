import { z } from 'zod';
import { bankAccount } from './bank';
import { id, pageQuery, pagination, projectIdValue, requiredText, text, uuidString } from './common';
import { MIN_PASSWORD_LENGTH } from './constants';
import { emailAddress, emailProblem } from './email';
import { moneyAmount } from './money';
import { birthDateInput, localeInput, phoneInput } from './person';
import { LOCALES } from '@portal/i18n/locale';
import { says } from './validation';

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
  /** The language of the account's pages, emails and PDFs. */
  locale: z.enum(LOCALES),
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
  /** Left out, the account keeps its language. */
  locale: localeInput.optional(),
});
export type ProfileInput = z.input<typeof profileInput>;
export type ProfileValues = z.output<typeof profileInput>;

/* ------------------------ users as the admin screens see and edit them (docs/product.md §15, §17, §18) */

/** An investment as the admin sees it inside a user; `projectId` is the plain id here. */
export const adminInvestment = z.object({
  _id: uuidString,
  projectId: uuidString,
  projectName: z.string(),
  amount: z.number(),
  /** The sum of the monthly returns when there are any, else the stored returns field. */
  returns: z.number(),
  roi: z.number().nullable(),
  startDate: z.string().nullable(),
  monthlyReturns: z.array(z.object({ month: z.string(), amount: z.number() })).optional(),
});
export type AdminInvestment = z.infer<typeof adminInvestment>;

/** A user as the admin screens see it (docs/product.md §17). Never carries the password. */
export const adminUser = z.object({
  _id: uuidString,
  name: z.string(),
  email: z.string(),
  investorId: z.string().nullable(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  role: z.enum(['admin', 'user']),
  status: z.enum(['active', 'inactive']),
  /** Signed up and not yet activated by an admin. */
  awaitingActivation: z.boolean(),
  activatedAt: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  totalInvestment: z.number(),
  totalReturned: z.number(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  investments: z.array(adminInvestment),
});
export type AdminUser = z.infer<typeof adminUser>;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/users`: server-side search (name, email or investor ID), project link filter and paging. */
export const userListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: says('validation.search_must_be_at_most_100_characters') })
    .optional(),
  projectId: projectIdValue,
  /** With projectId: true = holds an investment in it, false = investors who do not (yet). */
  linked: booleanParam.optional(),
  status: z.enum(['active', 'inactive', 'pending']).optional(),
  role: z.enum(['admin', 'user']).optional(),
});
/** The same query as the web app builds it, before it becomes a query string. */
export interface UserListParams {
  search?: string;
  projectId?: string;
  linked?: boolean;
  status?: 'active' | 'inactive' | 'pending';
  role?: 'admin' | 'user';
  page: number;
  pageSize: number;
}

export const userList = z.object({
  success: z.literal(true),
  data: z.array(adminUser),
  pagination,
});
export type UserList = z.infer<typeof userList>;

export const emailInput = emailAddress();

export const investorIdInput = requiredText('Investor ID', 40);

/** `POST /api/users` (docs/product.md §15.2): only these four fields are sent on creation. */
export const createUserInput = z.object({
  name: requiredText('Name', 120),
  email: emailInput,
  password: z
    .string({ error: says('validation.password_too_short', { min: MIN_PASSWORD_LENGTH }) })
    .min(MIN_PASSWORD_LENGTH, { error: says('validation.password_too_short', { min: MIN_PASSWORD_LENGTH }) })
    .max(1024, { error: says('validation.password_must_be_at_most_1024_characters') }),
  investorId: investorIdInput,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/** The add-user form's checks, in their fixed order; the first failure is the message shown. */
export function validateNewUser(form: {
  name: string;
  email: string;
  password: string;
  investorId: string;
}): string | null {
  if (!form.name.trim()) return 'Name is required';
  const emailIssue = emailProblem(form.email);
  if (emailIssue) return emailIssue;
  if (form.password.length < MIN_PASSWORD_LENGTH)
    return says('validation.password_too_short', { min: MIN_PASSWORD_LENGTH });
  if (!form.investorId.trim()) return 'Investor ID is required';
  return null;
}

/** A project reference: the plain id, or the `{ _id }` object of the investor summary. */
const projectIdRef = z
  .union([id, z.object({ _id: id })])
  .transform((v) => (typeof v === 'string' ? v : v._id));

export const investmentInput = z.object({
  projectId: projectIdRef,
  amount: moneyAmount('amount'),
  returns: moneyAmount('returns').optional(),
  roi: z.number().finite().min(-1000).max(1000).nullish(),
  startDate: z.iso
    .date({ error: says('validation.startdate_must_be_a_date_yyyy_mm_dd') })
    .or(z.iso.datetime({ offset: true, error: says('validation.startdate_must_be_a_date_yyyy_mm_dd') }))
    .nullish()
    .or(z.literal('')),
});
export type InvestmentInput = z.input<typeof investmentInput>;

/**
 * `PUT /api/users/{id}`: the user's investments, or the whole user (docs/product.md §15.3). Status, role and
 * password are not editable here; unknown fields (`_id`, `role`, totals …) are dropped.
 *
 * With `projectId`, the investments are those of that project: entries for other projects or with an
 * amount of 0 are dropped, and an empty list removes the investment (docs/product.md §18). Without it, each
 * entry with an amount above 0 is written and nothing is removed. Monthly returns are never touched.
 */
export const updateUserInput = z.object({
  name: requiredText('Name', 120).optional(),
  email: emailInput.optional(),
  investorId: investorIdInput.optional(),
  phone: phoneInput,
  address: optionalText(200),
  city: optionalText(100),
  country: optionalText(100),
  postalCode: optionalText(20),
  /** Blank clears it. */
  dateOfBirth: z.preprocess(
    (v) => (v === '' ? null : v),
    birthDateInput('dateOfBirth must be an ISO date').nullish(),
  ),
  projectId: id.optional(),
  investments: z
    .array(investmentInput)
    .max(100, { error: says('validation.at_most_100_investments') })
    .optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;
