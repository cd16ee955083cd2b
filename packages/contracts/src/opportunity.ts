import { z } from 'zod';
import { uuidString } from './common';
import { INTEREST_AMOUNT_MAX, INTEREST_AMOUNT_MIN } from './constants';
import { toCents } from './money';
import { labelled, says } from './validation';

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
      .number({ error: labelled(label, 'validation.not_number') })
      .min(0, { error: labelled(label, 'validation.negative') })
      .max(MONEY_MAX, { error: labelled(label, 'validation.too_large') })
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
        error: labelled(label, 'validation.decimals'),
      })
      // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
      .meta({ multipleOf: 0.01 }),
  );

const launchDate = z
  .string({ error: says('validation.expected_launch_must_be_a_date_yyyy_mm_dd') })
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
    { error: says('validation.expected_launch_must_be_a_date_yyyy_mm_dd') },
  );

/**
 * `PUT /api/projects/{id}/opportunity` (admin): the whole opportunity at once. Opening it for
 * interest needs a launch date and a maximum above 0; the minimum may not exceed the maximum.
 */
export const opportunityInput = z
  .object({
    openForInterest: z.boolean({ error: says('validation.open_for_interest_must_be_true_or_false') }),
    targetAmount: amount('Target amount'),
    currentCommitments: amount('Current commitments'),
    minimumInvestment: amount('Minimum investment'),
    maximumInvestment: amount('Maximum investment'),
    projectedAnnualROI: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: says('validation.projected_annual_roi_must_be_a_number') })
        .min(0, { error: says('validation.projected_annual_roi_cannot_be_negative') })
        .max(1000, { error: says('validation.projected_annual_roi_must_be_at_most_1000') })
        .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
          error: says('validation.projected_annual_roi_can_have_at_most_2_decimals'),
        })
        .meta({ multipleOf: 0.01 }),
    ),
    expectedLaunch: z.preprocess((v) => (v === '' ? null : v), launchDate.nullable()),
    features: z
      .array(
        z
          .string({ error: says('validation.each_feature_must_be_text') })
          .trim()
          .max(200, { error: says('validation.a_feature_must_be_at_most_200_characters') }),
        { error: says('validation.features_must_be_a_list_of_texts') },
      )
      .max(OPPORTUNITY_FEATURES_MAX, {
        error: says('validation.too_many_features', { max: OPPORTUNITY_FEATURES_MAX }),
      })
      .transform((list) => list.filter((f) => f !== '')),
  })
  .superRefine((v, ctx) => {
    if (toCents(v.minimumInvestment) > toCents(v.maximumInvestment))
      ctx.addIssue({
        code: 'custom',
        path: ['minimumInvestment'],
        message: says('validation.minimum_investment_cannot_be_more_than_the'),
      });
    if (v.openForInterest && v.expectedLaunch === null)
      ctx.addIssue({
        code: 'custom',
        path: ['expectedLaunch'],
        message: says('validation.expected_launch_is_required_to_open_the_project'),
      });
    if (v.openForInterest && toCents(v.maximumInvestment) === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['maximumInvestment'],
        message: says('validation.maximum_investment_must_be_above_0_to_open_the'),
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
