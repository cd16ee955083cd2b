import { z } from 'zod';
import { uuidString } from './common';
import { INTEREST_AMOUNT_MAX, INTEREST_AMOUNT_MIN } from './constants';
import { toCents } from './money';

/**
 * The opportunity of a project that is open for interest: what the dashboard's Investment
 * Opportunities card and the Join New Project page show (docs/product.md §8). Admins edit it;
 * at most one project is open for interest at a time.
 */
export const opportunityFields = z.object({
  openForInterest: z.boolean(),
  targetAmount: z.number(),
  currentCommitments: z.number(),
  minimumInvestment: z.number(),
  maximumInvestment: z.number(),
  projectedAnnualROI: z.number(),
  /** 'YYYY-MM-DD', shown as its quarter ('Q3 2027'); null until set. */
  expectedLaunch: z.string().nullable(),
  features: z.array(z.string()),
});
export type OpportunityFields = z.infer<typeof opportunityFields>;

/** `GET /api/opportunities/current`: the open project with its opportunity (investors read it). */
export const opportunity = opportunityFields.omit({ openForInterest: true }).extend({
  _id: uuidString,
  name: z.string(),
  location: z.string(),
  description: z.string(),
  expectedLaunch: z.string(),
});
export type Opportunity = z.infer<typeof opportunity>;

export const OPPORTUNITY_FEATURES_MAX = 10;
const MONEY_MAX = 999_999_999_999.99;

/** A euro amount of the opportunity form: a number >= 0 with at most two decimals. */
const amount = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: `${label} must be a number` })
      .min(0, { error: `${label} cannot be negative` })
      .max(MONEY_MAX, { error: `${label} is too large` })
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
        error: `${label} can have at most 2 decimals`,
      })
      // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
      .meta({ multipleOf: 0.01 }),
  );

const launchDate = z
  .string({ error: 'Expected launch must be a date (YYYY-MM-DD)' })
  .trim()
  .refine(
    (v) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return (
        d.getUTCFullYear() === Number(m[1]) &&
        d.getUTCMonth() === Number(m[2]) - 1 &&
        d.getUTCDate() === Number(m[3])
      );
    },
    { error: 'Expected launch must be a date (YYYY-MM-DD)' },
  );

/**
 * `PUT /api/projects/{id}/opportunity` (admin): the whole opportunity at once. Opening it for
 * interest needs a launch date and a maximum above 0; the minimum may not exceed the maximum.
 */
export const opportunityInput = z
  .object({
    openForInterest: z.boolean({ error: 'Open for interest must be true or false' }),
    targetAmount: amount('Target amount'),
    currentCommitments: amount('Current commitments'),
    minimumInvestment: amount('Minimum investment'),
    maximumInvestment: amount('Maximum investment'),
    projectedAnnualROI: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: 'Projected annual ROI must be a number' })
        .min(0, { error: 'Projected annual ROI cannot be negative' })
        .max(1000, { error: 'Projected annual ROI must be at most 1000%' })
        .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
          error: 'Projected annual ROI can have at most 2 decimals',
        })
        .meta({ multipleOf: 0.01 }),
    ),
    expectedLaunch: z.preprocess((v) => (v === '' ? null : v), launchDate.nullable()),
    features: z
      .array(
        z
          .string({ error: 'Each feature must be text' })
          .trim()
          .max(200, { error: 'A feature must be at most 200 characters' }),
        { error: 'Features must be a list of texts' },
      )
      .max(OPPORTUNITY_FEATURES_MAX, { error: `At most ${OPPORTUNITY_FEATURES_MAX} features` })
      .transform((list) => list.filter((f) => f !== '')),
  })
  .superRefine((v, ctx) => {
    if (toCents(v.minimumInvestment) > toCents(v.maximumInvestment))
      ctx.addIssue({
        code: 'custom',
        path: ['minimumInvestment'],
        message: 'Minimum investment cannot be more than the maximum investment',
      });
    if (v.openForInterest && v.expectedLaunch === null)
      ctx.addIssue({
        code: 'custom',
        path: ['expectedLaunch'],
        message: 'Expected launch is required to open the project for interest',
      });
    if (v.openForInterest && toCents(v.maximumInvestment) === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['maximumInvestment'],
        message: 'Maximum investment must be above 0 to open the project for interest',
      });
  });
export type OpportunityInput = z.input<typeof opportunityInput>;
export type OpportunityValues = z.output<typeof opportunityInput>;

/** 'YYYY-MM-DD' -> 'Q3 2027', as the expected launch is shown. */
export function launchQuarter(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return `Q${Math.floor((m - 1) / 3) + 1} ${y}`;
}

/** Pre-committed share of the target in whole percent (2,100,000 of 5,000,000 -> 42), in cents. */
export function preCommittedPercent(o: { currentCommitments: number; targetAmount: number }): number {
  const target = toCents(o.targetAmount);
  return target > 0 ? Math.round((toCents(o.currentCommitments) * 100) / target) : 0;
}

/** The bounds of the interest form's amount: the open opportunity's, else the default 25,000-500,000. */
export function interestBounds(o: Pick<Opportunity, 'minimumInvestment' | 'maximumInvestment'> | null) {
  return o
    ? { min: o.minimumInvestment, max: o.maximumInvestment }
    : { min: INTEREST_AMOUNT_MIN, max: INTEREST_AMOUNT_MAX };
}
