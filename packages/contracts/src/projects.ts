import { z } from 'zod';
import { money, month, requiredText, text, uuidString } from './common';
import { opportunityFields } from './opportunity';
import { PROJECT_STATUSES } from './value-sets';
import { labelled, says } from './validation';

/** A project as the API answers it (docs/product.md §17). */
export const project = z.object({
  _id: uuidString,
  name: z.string(),
  location: z.string(),
  status: z.enum(PROJECT_STATUSES),
  totalInvestment: z.number(),
  totalReturned: z.number(),
  annualROI: z.string(),
  investmentDate: z.string(),
  investmentPeriod: z.number(),
  expectedMonthlyReturn: z.number(),
  description: z.string(),
  expectedCompletion: z.string().nullable(),
  /** The investors' share of their rentals' gross income, a percentage (70 is 70 %). Always sent. */
  rentalSharePercent: z.number().optional(),
  /** Set while the project is archived (admins see it; investors do not). Always sent by the server. */
  archivedAt: z.string().nullable().optional(),
  /** What investors see while the project is open for interest (admins edit it). Always sent. */
  opportunity: opportunityFields.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof project>;

/** The signed-in investor's own stake in a project. */
export const projectInvestment = z.object({
  amount: z.number(),
  /** The sum of the monthly returns when there are any, else the investment's returns field. */
  returns: z.number(),
  /** Returns as a percentage of the amount (two decimals); null when the amount is 0. */
  roi: z.number().nullable(),
  startDate: z.string().nullable(),
});
export type ProjectInvestment = z.infer<typeof projectInvestment>;

/** An item of `GET /api/projects`: an investor's items carry their own investment; an admin's do not. */
export const projectListItem = project.extend({ investment: projectInvestment.optional() });
export type ProjectListItem = z.infer<typeof projectListItem>;

/** `GET /api/projects/{id}`: the project and, for an investor, their stake month by month. */
export const projectDetail = project.extend({
  investment: projectInvestment
    .extend({ monthlyReturns: z.array(z.object({ month, amount: z.number() })) })
    .nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A number, or a numeric string as form fields send it. */
const numeric = (field: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
    },
    z.number({ error: labelled(field, 'validation.not_number') }),
  );

/** A calendar day: 'YYYY-MM-DD' or an ISO timestamp (its date part is kept). */
const calendarDate = (field: string) =>
  z
    .string({ error: labelled(field, 'validation.calendar_date') })
    .trim()
    .max(40)
    .refine(
      (v) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
        if (!m) return false;
        const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
        return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
      },
      { error: labelled(field, 'validation.calendar_date') },
    )
    .transform((v) => v.slice(0, 10));

const annualROI = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: says('validation.annualroi_must_be_a_number_such_as_8_5') })
    .trim()
    .max(12)
    .transform((v) => (v === '' ? '0' : v))
    .refine((v) => /^-?\d{1,4}(\.\d{1,4})?$/.test(v) && Math.abs(Number(v)) <= 1000, {
      error: says('validation.annualroi_must_be_a_number_such_as_8_5'),
    }),
);

/**
 * The fields an admin sets on a project. Anything left out takes its default on creation
 * (status pending, totals 0, annualROI "0", investment date today, period 60, monthly return 0.1,
 * rental share 70 %)
 * and stays as it is on update.
 */
const projectFields = {
  name: requiredText('Name', 200),
  location: text(200).optional(),
  status: z
    .enum(PROJECT_STATUSES, {
      error: says('validation.status_one_of', { values: PROJECT_STATUSES.join(', ') }),
    })
    .optional(),
  totalInvestment: z.preprocess(blankToUndefined, numeric('totalInvestment').pipe(money)).optional(),
  totalReturned: z.preprocess(blankToUndefined, numeric('totalReturned').pipe(money)).optional(),
  annualROI: annualROI.optional(),
  investmentDate: z.preprocess(blankToUndefined, calendarDate('investmentDate').optional()),
  investmentPeriod: z.preprocess(
    blankToUndefined,
    numeric('investmentPeriod')
      .pipe(
        z
          .number()
          .int({ error: says('validation.investmentperiod_must_be_a_whole_number_of') })
          .min(1, { error: says('validation.investmentperiod_must_be_between_1_and_600') })
          .max(600, { error: says('validation.investmentperiod_must_be_between_1_and_600') }),
      )
      .optional(),
  ),
  expectedMonthlyReturn: z.preprocess(
    blankToUndefined,
    numeric('expectedMonthlyReturn')
      .pipe(
        z
          .number()
          .min(0, { error: says('validation.expectedmonthlyreturn_must_be_between_0_and_100') })
          .max(100, { error: says('validation.expectedmonthlyreturn_must_be_between_0_and_100') }),
      )
      .optional(),
  ),
  rentalSharePercent: z.preprocess(
    blankToUndefined,
    numeric('rentalSharePercent')
      .pipe(
        z
          .number()
          .min(0, { error: says('validation.rentalsharepercent_must_be_between_0_and_100') })
          .max(100, { error: says('validation.rentalsharepercent_must_be_between_0_and_100') })
          .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
            error: says('validation.rentalsharepercent_can_have_at_most_two_decimals'),
          })
          .meta({ multipleOf: 0.01 }),
      )
      .optional(),
  ),
  description: text(5000).optional(),
  expectedCompletion: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    calendarDate('expectedCompletion').nullable().optional(),
  ),
};

export const projectInput = z.object(projectFields);
export type ProjectInput = z.input<typeof projectInput>;
export type ProjectValues = z.output<typeof projectInput>;

export const projectUpdateInput = z.object(projectFields).partial();
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;
export type ProjectUpdateValues = z.output<typeof projectUpdateInput>;
