import { z } from 'zod';
import { envelope, id, requiredText, uuidString } from './common';
import { DISTRIBUTION_AMOUNT_MAX } from './distributions';
import { ADJUSTMENT_KINDS } from './value-sets';

/**
 * An adjustment (docs/product.md "Final is final"): money that was paid or reported is never edited; a
 * mistake is put right by an entry of its own, positive or negative, income or capital, dated the day it
 * is made, that says why and, when it corrects one entry, which. A reversal of a final distribution run is
 * one negative adjustment per investor paid, with the run's id.
 */
export const adjustmentInput = z.object({
  userId: id,
  projectId: id,
  kind: z.enum(ADJUSTMENT_KINDS, { error: `kind must be one of ${ADJUSTMENT_KINDS.join(', ')}` }),
  amount: z
    .number({ error: 'Amount must be a number' })
    .finite({ error: 'Amount must be a number' })
    .refine((v) => v !== 0, { error: 'Amount must not be 0: an adjustment adds or takes away money' })
    .refine((v) => Math.abs(v) <= DISTRIBUTION_AMOUNT_MAX, {
      error: 'Amount must be between −€999,999,999.99 and €999,999,999.99',
    })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: 'Amount must have at most 2 decimals',
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
