import { z } from 'zod';
import { labelled, says } from './validation';

/** Ids are UUIDs, exposed as `_id`. */
export const id = z.uuid({ error: says('validation.id') });
export const idParams = z.object({ id });

/**
 * An id the server answers, read from a uuid column. It parses as any string (answers are not checked
 * again, and the web app's fakes may use short ids); the OpenAPI document says `format: uuid`.
 */
export const uuidString = z.string().meta({ format: 'uuid' });

/**
 * A project id read from a query string or a path (the one parser of it). Surrounding spaces are dropped
 * and a blank id counts as missing: the route then answers 'Project ID is required' (code
 * projects.project_id_required) where it needs one, so the message stays exact. A malformed id is 'Project ID must be a valid id'.
 */
export const projectIdValue = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
  z
    .uuid({ error: says('validation.projectid_must_be_a_valid_id') })
    .transform((v) => v.toLowerCase())
    .optional(),
);

/** `?projectId=`, wherever a route reads it. */
export const projectIdQuery = z.object({ projectId: projectIdValue });
export type ProjectIdQuery = z.infer<typeof projectIdQuery>;

/** A bounded, trimmed line of text. */
export const text = (max = 200) => z.string().trim().max(max);
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: labelled(label, 'validation.required') })
    .trim()
    .min(1, { error: labelled(label, 'validation.required') })
    .max(max, { error: labelled(label, 'validation.too_long', { max }) });

/** The account holder's current password, asked again before a change only they may make. */
export const currentPassword = z
  .string({ error: says('validation.current_password_is_required') })
  .min(1, { error: says('validation.current_password_is_required') })
  .max(1024);

/**
 * The current password, and the authenticator's code when two-factor sign-in is on (a current code or
 * a recovery code): the account holder makes the change, not a stolen session alone.
 */
export const holderConfirmation = z.object({
  currentPassword,
  code: z
    .string()
    .trim()
    .max(32)
    .optional()
    .transform((v) => v || undefined),
});

/** Money travels as a JSON number; the database keeps it as numeric(14,2). */
export const money = z.number().finite().min(0).max(999_999_999_999.99);

/** 'YYYY-MM' */
export const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: says('validation.month_must_be_yyyy_mm') });

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
  /**
   * What went wrong, stable for programs and worded by the web app in the user's language:
   * `<namespace>.<name>` ('stays.nights_taken'), or one of the kind (`common.not_found`,
   * `common.validation` …). `message` says it in English.
   */
  code: z.string(),
  /** The variables of the code's message ('date', 'name' …), when it has any. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A 400 from a schema: each field's problem in words, by the field's path ('totalInvestment'). */
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * A 400 from a schema: each field's problem by its code (`validation.<name>`, worded by the web app as
   * `validation:errors.<name>`) and its params, by the same paths as `fields` (issue 33).
   */
  fieldCodes: z
    .record(
      z.string(),
      z.object({
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A page of a server-side list. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** A page of a server-side list. */
export const pagination = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof pagination>;

/**
 * A money entry that is final: why it cannot change, in words that say what to do instead (an
 * adjustment). Null: it may still be edited or deleted.
 */
export const moneyLock = z.object({ reason: z.string() });
export type MoneyLock = z.infer<typeof moneyLock>;
