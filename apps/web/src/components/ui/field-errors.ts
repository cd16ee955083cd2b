import { fieldErrors, type FieldErrors } from '@portal/contracts';
import { VALIDATION_ERROR } from '@portal/i18n';
import { ApiError, errorText } from '@/lib/api';

/** The smallest part of a zod schema this needs (any contracts schema fits). */
interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly Parameters<typeof fieldErrors>[0][number][] };
  };
}

/** Each field's problem with `values` by `schema` (none when valid). */
export function schemaFieldErrors(schema: Schema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  return result.success || !result.error ? {} : fieldErrors(result.error.issues);
}

/**
 * The field errors of a failed request: a 400's `fields`, or none. A refusal of one field with a code of
 * its own (an IBAN that is not one) is said in the page's language (`errorText`).
 */
export function serverFieldErrors(err: unknown): FieldErrors {
  const body = (err as { status?: unknown; body?: unknown } | null)?.body as { fields?: unknown } | undefined;
  const fields = body && typeof body === 'object' ? body.fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  const entries = Object.entries(fields as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  );
  const own = err instanceof ApiError && err.code !== VALIDATION_ERROR && entries.length === 1;
  return Object.fromEntries(own ? [[entries[0]![0], errorText(err)]] : entries);
}
