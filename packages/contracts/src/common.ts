import { z } from 'zod';

/** Ids are UUIDs, exposed as `_id`. */
export const id = z.uuid({ error: 'must be a valid id' });
export const idParams = z.object({ id });

/** A bounded, trimmed line of text. */
export const text = (max = 200) => z.string().trim().max(max);
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Money travels as a JSON number; the database keeps it as numeric(14,2). */
export const money = z.number().finite().min(0).max(999_999_999_999.99);

/** 'YYYY-MM' */
export const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be YYYY-MM' });

/** An ISO date or timestamp string. */
export const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** The response envelope (docs/product.md §4): success flag, data, message. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export const okMessage = z.object({ success: z.literal(true), message: z.string().optional() });

export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  /** A 400 from a schema: each field's problem in words, by the field's path ('totalInvestment'). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A page of a server-side list. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
