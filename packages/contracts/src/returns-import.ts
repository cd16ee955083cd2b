import { z } from 'zod';
import { errorBody } from './common';
import { says } from './validation';

/** The columns of a returns import, in the order of the template's header line. */
export const RETURNS_IMPORT_COLUMNS = ['investor', 'project', 'month', 'amount', 'kind'] as const;
/**
 * Columns a file may add after them: `paymentDate` (YYYY-MM-DD, on or after the first day of the month),
 * the day the amount is paid; empty or absent, the last day of the month.
 */
export const RETURNS_IMPORT_OPTIONAL_COLUMNS = ['paymentDate'] as const;
/** The most data rows one file may hold. */
export const RETURNS_IMPORT_MAX_ROWS = 50_000;
/** The largest file accepted (50,000 rows of about a hundred characters fit well). */
export const RETURNS_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/** `?dryRun=true|false`: a dry run checks every row and writes nothing. */
export const returnsImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: says('validation.dryrun_must_be_true_or_false') })
    .transform((v) => v === 'true'),
});

/** One data row's outcome; `row` is its line in the file (the header is line 1). */
export const returnsImportRow = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  /** Every problem of the row, in words. */
  error: z.string().optional(),
});
export type ReturnsImportRow = z.infer<typeof returnsImportRow>;

export const returnsImportResult = z.object({
  rows: z.array(returnsImportRow),
  /** Rows written: 0 for a dry run and for a file with any bad row. */
  written: z.number().int(),
});
export type ReturnsImportResult = z.infer<typeof returnsImportResult>;

/** The 400 of an import: the error envelope, with each row's outcome when the rows were the problem. */
export const returnsImportError = errorBody.extend({ data: returnsImportResult.optional() });
