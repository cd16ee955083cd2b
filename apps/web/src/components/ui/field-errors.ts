import i18next from 'i18next';
import { fieldCodes, fieldErrors, type FieldCode, type FieldErrors } from '@portal/contracts';
import { errorKey, VALIDATION_ERROR } from '@portal/i18n';
import { ApiError, errorText } from '@/lib/api';

/** A field's problem by its code (`validation.<name>`) in the page's language, or undefined without words. */
export function fieldCodeText({ code, params }: FieldCode): string | undefined {
  const key = errorKey(code);
  return i18next.exists(key, params)
    ? (i18next.t as (k: string, p?: object) => string)(key, params)
    : undefined;
}

/**
 * Each field's problem in the page's language (issue 33): in English as the contracts word it (`fields`),
 * in another the words of its code (`codes`), else the English text.
 */
function inPageLanguage(fields: FieldErrors, codes: Record<string, FieldCode> | undefined): FieldErrors {
  if (i18next.language === 'en' || !codes) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, text]) => {
      const code = codes[name];
      return [name, (code && fieldCodeText(code)) ?? text];
    }),
  );
}

/** The field codes of an answer (`fieldCodes`), the well-formed ones. */
function answerCodes(value: unknown): Record<string, FieldCode> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, FieldCode] =>
        !!e[1] && typeof e[1] === 'object' && typeof (e[1] as { code?: unknown }).code === 'string',
    ),
  );
}

/** The smallest part of a zod schema this needs (any contracts schema fits). */
interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly Parameters<typeof fieldErrors>[0][number][] };
  };
}

/** Each field's problem with `values` by `schema` (none when valid), in the page's language. */
export function schemaFieldErrors(schema: Schema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success || !result.error) return {};
  return inPageLanguage(fieldErrors(result.error.issues), fieldCodes(result.error.issues));
}

/**
 * The field errors of a failed request: a 400's `fields`, or none, in the page's language: a schema's
 * problems by their `fieldCodes`, and a refusal of one field with a code of its own (an IBAN that is not
 * one) by that code (`errorText`).
 */
export function serverFieldErrors(err: unknown): FieldErrors {
  const body = (err as { status?: unknown; body?: unknown } | null)?.body as
    { fields?: unknown; fieldCodes?: unknown } | undefined;
  const fields = body && typeof body === 'object' ? body.fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  const entries = Object.entries(fields as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  );
  const own = err instanceof ApiError && err.code !== VALIDATION_ERROR && entries.length === 1;
  if (own) return { [entries[0]![0]]: errorText(err) };
  return inPageLanguage(Object.fromEntries(entries), answerCodes(body?.fieldCodes));
}
