import { z } from 'zod';
import { envelope, id, requiredText, uuidString } from './common';
import { DISTRIBUTION_AMOUNT_MAX } from './distributions';
import { ADJUSTMENT_KINDS } from './value-sets';
import { says } from './validation';

/**
 * An adjustment (docs/product.md "Final is final"): money that was paid or reported is never edited; a
 * mistake is put right by an entry of its own, positive or negative, income or capital, dated the day it
 * is made, that says why and, when it corrects one entry, which. A reversal of a final distribution run is
 * one negative adjustment per investor paid, with the run's id.
 */
export const adjustmentInput = z.object({
  userId: id,
  projectId: id,
  kind: z.enum(ADJUSTMENT_KINDS, {
    error: says('validation.kind_one_of', { values: ADJUSTMENT_KINDS.join(', ') }),
  }),
  amount: z
    .number({ error: says('validation.amount_must_be_a_number') })
    .finite({ error: says('validation.amount_must_be_a_number') })
    .refine((v) => v !== 0, { error: says('validation.amount_must_not_be_0_an_adjustment_adds_or_takes') })
    .refine((v) => Math.abs(v) <= DISTRIBUTION_AMOUNT_MAX, {
      error: says('validation.amount_must_be_between_eur_999_999_999_99_and'),
    })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: says('validation.amount_must_have_at_most_2_decimals'),
    })
    .meta({ multipleOf: 0.01 }),
  reason: requiredText('Reason', 500),
  /** The entry it corrects: a monthly return, a return of capital, a rental income or an adjustment. */
  corrects: id.nullish().transform((v) => v ?? null),
});
export type AdjustmentInput = z.input<typeof adjustmentInput>;

export const adjustment = z.object({
  _id: uuidString,
  userId: uuidString,
  userName: z.string(),
  projectId: uuidString,
  projectName: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  /** Positive adds to what the investor was paid, negative takes it away. */
  amount: z.number(),
  reason: z.string(),
  corrects: uuidString.nullable(),
  /** The run it reverses (or that paid it, for a run paid again after a reversal). */
  distributionId: uuidString.nullable(),
  /** The day it counts (YYYY-MM-DD): the day it was made. */
  date: z.string(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustment>;

export const adjustmentsQuery = z.object({
  userId: id.optional(),
  projectId: id.optional(),
});

export const adjustmentAnswer = envelope(adjustment);
export const adjustmentListAnswer = envelope(z.array(adjustment));

/** Reversing a final run: why, in words the investors are shown. */
export const reversalInput = z.object({ reason: requiredText('Reason', 500) });
export type ReversalInput = z.input<typeof reversalInput>;

/** The line an adjustment is shown as, in the payouts, the CSV and the statements. */
export const adjustmentLabel = (reason: string) => `Adjustment: ${reason}`;
