import { z } from 'zod';
import { PAYOUT_BANK_STATUSES } from './subscriptions';
import { envelope, id, month, text, uuidString } from './common';
import { moneyAmount } from './money';
import { incomePaymentDateProblem } from './returns';
import { DISTRIBUTION_KINDS, DISTRIBUTION_STATUSES } from './value-sets';
import { says } from './validation';

/**
 * A distribution run (docs/product.md §15.13): an amount a project pays its investors for a period,
 * split pro rata to what each invested, in whole cents (the cents left by rounding go by the largest
 * remainder, ties by investor ID), so that the allocations add up to the amount exactly. A draft can be
 * edited or deleted; making it final writes each investor's amount (income as that month's return paid
 * on the payment date, capital as a return of capital) and tells them.
 */
/**
 * The largest amount of one run: the largest SEPA transfer (€999,999,999.99), a thousandth of what
 * numeric(14,2) holds, so that the investors' totals the run adds to (their returns per investment and
 * in all) have room. At numeric(14,2)'s own bound a draft was saved and its finalize overflowed.
 */
export const DISTRIBUTION_AMOUNT_MAX = 999_999_999.99;

export const distributionInput = z
  .object({
    projectId: id,
    period: month,
    kind: z
      .enum(DISTRIBUTION_KINDS, {
        error: says('validation.kind_one_of', { values: DISTRIBUTION_KINDS.join(', ') }),
      })
      .default('income'),
    amount: moneyAmount('Amount')
      .refine((v) => v > 0, { error: says('validation.amount_must_be_more_than_0') })
      .refine((v) => v <= DISTRIBUTION_AMOUNT_MAX, {
        error: says('validation.amount_must_be_at_most_eur_999_999_999_99'),
      }),
    paymentDate: z.iso.date({ error: says('validation.paymentdate_must_be_a_date_yyyy_mm_dd') }),
    note: text(500)
      .nullish()
      .transform((v) => v || null),
  })
  // Income is that month's return, paid on the payment date: not before the month has begun.
  .superRefine((v, ctx) => {
    const problem = v.kind === 'income' ? incomePaymentDateProblem(v.period, v.paymentDate) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['paymentDate'], message: problem });
  });
export type DistributionInput = z.input<typeof distributionInput>;

const distributionFields = {
  _id: uuidString,
  projectId: uuidString,
  projectName: z.string(),
  period: z.string(),
  kind: z.enum(DISTRIBUTION_KINDS),
  amount: z.number(),
  paymentDate: z.string(),
  note: z.string().nullable(),
  status: z.enum(DISTRIBUTION_STATUSES),
  /** How many investors are paid, and how many of them have no bank account yet. */
  investorCount: z.number().int(),
  missingBankAccounts: z.number().int(),
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
  /** When and why a final run was reversed (null unless its status is `reversed`). */
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
};

export const distributionSummary = z.object(distributionFields);
export type DistributionSummary = z.infer<typeof distributionSummary>;

export const distributionAllocation = z.object({
  userId: uuidString,
  name: z.string(),
  email: z.string(),
  investorId: z.string().nullable(),
  /** What the investor had invested in the project when the run was computed. */
  invested: z.number(),
  /** Their share of the project, a fraction (0.25 is 25 %). */
  share: z.number(),
  amount: z.number(),
  /** The bank account's IBAN, masked; null when the investor has given none (they are left out of the payment file). */
  iban: z.string().nullable(),
  /** The payout's end-to-end id in the SEPA file (given when the file is first made), or null. */
  endToEndId: z.string().nullable(),
  /** What the bank's statement files said of the payout: booked, returned (with the bank's reason), or null. */
  bankStatus: z.enum(PAYOUT_BANK_STATUSES).nullable(),
  bankStatusOn: z.string().nullable(),
  returnReason: z.string().nullable(),
});
export type DistributionAllocation = z.infer<typeof distributionAllocation>;

export const distributionDetail = z.object({
  ...distributionFields,
  allocations: z.array(distributionAllocation),
});
export type DistributionDetail = z.infer<typeof distributionDetail>;

export const distributionAnswer = envelope(distributionDetail);
export const distributionListAnswer = envelope(z.array(distributionSummary));
