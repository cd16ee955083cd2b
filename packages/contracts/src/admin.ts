import { z } from 'zod';
import {
  id,
  moneyLock,
  month,
  pageQuery,
  projectIdQuery,
  projectIdValue,
  requiredText,
  text,
  uuidString,
} from './common';
import { MIN_PASSWORD_LENGTH } from './constants';
import { emailAddress, emailProblem } from './email';
import { birthDateInput, phoneInput } from './person';

/**
 * Schemas of the admin API: users, investments, monthly returns, the audit log and the dashboard.
 * Messages of the add-user form (docs/product.md §18), in their fixed order.
 */

/** A money amount typed by an admin: a JSON number with at most two decimals, kept exact. */
export const moneyAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite({ error: `${label} must be a number` })
    .min(0, { error: `${label} must not be negative` })
    .max(999_999_999_999.99, { error: `${label} is too large` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} must have at most 2 decimals`,
    })
    // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
    .meta({ multipleOf: 0.01 });

/** A page of a server-side list. */
export const pagination = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof pagination>;

/* ----------------------------------------------------------------------------------------------- users */

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
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
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
    .string({ error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .max(1024, { error: 'Password must be at most 1024 characters' }),
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
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
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
    .date({ error: 'startDate must be a date (YYYY-MM-DD)' })
    .or(z.iso.datetime({ offset: true, error: 'startDate must be a date (YYYY-MM-DD)' }))
    .nullish()
    .or(z.literal('')),
});
export type InvestmentInput = z.input<typeof investmentInput>;

const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

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
  address: nullableText(200),
  city: nullableText(100),
  country: nullableText(100),
  postalCode: nullableText(20),
  /** Blank clears it. */
  dateOfBirth: z.preprocess(
    (v) => (v === '' ? null : v),
    birthDateInput('dateOfBirth must be an ISO date').nullish(),
  ),
  projectId: id.optional(),
  investments: z.array(investmentInput).max(100, { error: 'At most 100 investments' }).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

/* --------------------------------------------------------------------------------------------- returns */

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
export const incomePaymentDate = z.iso.date({ error: 'paymentDate must be an ISO date (YYYY-MM-DD)' });

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

/* ------------------------------------------------------------------------------------------------ audit */

export const auditEntry = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** Who did it, an admin or an investor (their own bank account, a swap they accepted); null once deleted. */
  actor: z
    .object({ _id: uuidString, name: z.string(), email: z.string(), role: z.enum(['admin', 'investor']) })
    .nullable(),
  /** The person the entry is about (the user changed, the investor whose stay or return it is), if any. */
  subject: z.object({ _id: uuidString, name: z.string() }).nullable(),
  /** The project the entry is about, if any (read now: a renamed project shows its new name). */
  project: z.object({ _id: uuidString, name: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * The kinds of object writes are recorded for (`audit_log.entity`), with the words the screen uses; each
 * kind's actions, and the sentence of each, are in audit-sentence.ts.
 */
export const AUDIT_ENTITIES = [
  { id: 'user', label: 'User' },
  { id: 'investment', label: 'Investment' },
  { id: 'monthly-return', label: 'Monthly return' },
  { id: 'project', label: 'Project' },
  { id: 'project-media', label: 'Project media' },
  { id: 'update', label: 'Project update' },
  { id: 'perk', label: 'Perk' },
  { id: 'cabin_allowance', label: 'Cabin allowance' },
  { id: 'booking', label: 'Booking' },
  { id: 'activity_request', label: 'Activity request' },
  { id: 'document', label: 'Document' },
  { id: 'user-media', label: 'Investor media' },
  { id: 'notification', label: 'Notification' },
  { id: 'interest', label: 'Interest registration' },
  { id: 'settings', label: 'Settings' },
  { id: 'distribution', label: 'Distribution' },
  { id: 'adjustment', label: 'Adjustment' },
  { id: 'statements', label: 'Statements' },
  { id: 'cabin', label: 'Cabin' },
  { id: 'high_season', label: 'High season' },
  { id: 'swap_offer', label: 'Swap offer' },
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]['id'];
const AUDIT_ENTITY_IDS = AUDIT_ENTITIES.map((e) => e.id) as [AuditEntity, ...AuditEntity[]];

/** 'monthly-return' -> 'Monthly return'; a kind the list does not know is shown as it is. */
export const auditEntityLabel = (entity: string): string =>
  AUDIT_ENTITIES.find((e) => e.id === entity)?.label ?? entity;

const auditDay = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` }).optional(),
  );

/** The filters of the audit log (list and CSV export): admin, kind of object, object, days (inclusive, UTC). */
const auditFilterFields = {
  entity: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(AUDIT_ENTITY_IDS, { error: `entity must be one of: ${AUDIT_ENTITY_IDS.join(', ')}` }).optional(),
  ),
  entityId: z.string().trim().max(64, { error: 'entityId must be at most 64 characters' }).optional(),
  actorId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  from: auditDay('from'),
  to: auditDay('to'),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** `GET /api/admin/audit/export`: the filters of the list, every entry they match. */
export const auditFilters = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, { error: 'from must not be after to', path: ['from'] });
export type AuditFilters = z.infer<typeof auditFilters>;

/** `GET /api/admin/audit`: the filters, and a page of at most 100 entries. */
export const auditQuery = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int({ error: 'page must be a whole number' })
      .min(1, { error: 'page must be at least 1' })
      .max(100_000, { error: 'page must be at most 100000' })
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int({ error: 'pageSize must be a whole number' })
      .min(1, { error: 'pageSize must be at least 1' })
      .max(100, { error: 'pageSize must be at most 100' })
      .default(25),
    ...auditFilterFields,
  })
  .refine(fromNotAfterTo, { error: 'from must not be after to', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditList = z.object({
  success: z.literal(true),
  data: z.array(auditEntry),
  pagination,
  /** Every admin account, for the filter by admin (A-Z). */
  admins: z.array(z.object({ _id: uuidString, name: z.string(), email: z.string() })),
});
export type AuditList = z.infer<typeof auditList>;

/* -------------------------------------------------------------------------------------------- dashboard */

export const capitalFigures = z.object({
  invested: z.number(),
  /** Income paid (the investments' returns and the rental income paid so far). */
  returned: z.number(),
  /** Returns of capital paid (final capital distributions). */
  capitalReturned: z.number(),
  investors: z.number(),
});
export type CapitalFigures = z.infer<typeof capitalFigures>;

export const adminDashboard = z.object({
  overall: capitalFigures.extend({ projects: z.number(), activeProjects: z.number() }),
  project: capitalFigures
    .extend({ _id: uuidString, name: z.string(), pendingBookings: z.number() })
    .nullable(),
  pendingBookings: z.number(),
  newInterest: z.number(),
  awaitingActivation: z.number(),
  /**
   * Returns paid per month over the last 12 months (the selected project, else every project): the
   * monthly returns by their month, rental income paid by the month of its payment date.
   */
  returnsByMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
  recentActivity: z.array(auditEntry),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const dashboardQuery = projectIdQuery;
