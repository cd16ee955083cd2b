import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { issueCode, issueText, saidCode, type IssueLike } from '@portal/contracts';
import { fieldCodeText } from './field-errors';

/** zod's own sentence for a built-in problem, which `issueText` rewords with the field's label. */
const zodDefault = (issue: z.core.$ZodRawIssue): string => {
  const m = z.config().localeError?.(issue);
  return typeof m === 'string' ? m : (m?.message ?? '');
};

/** One of zod's built-in problems in words: in English with the field's label, else by its code. */
const inWords = (raw: z.core.$ZodRawIssue) => {
  const issue: IssueLike = { ...(raw as unknown as IssueLike), message: zodDefault(raw) };
  return (i18next.language !== 'en' && fieldCodeText(issueCode(issue))) || issueText(issue);
};

/**
 * A problem the resolver reports: a message of the contract itself in the page's language (by its code,
 * `saidCode`; in English with the field's label); one of zod's, already in words (`inWords`), as it is.
 */
function shownText(path: PropertyKey[], message: string): string {
  if (i18next.language === 'en') return issueText({ path, message });
  const said = saidCode(message);
  return (said && fieldCodeText(said)) ?? message;
}

/** The first problem inside one field's (nested) errors: 'dates' → dates[2]'s message. */
function firstError(
  node: unknown,
  path: PropertyKey[],
): { path: PropertyKey[]; message: string; type: FieldError['type'] } | null {
  if (!node || typeof node !== 'object') return null;
  const e = node as Partial<FieldError>;
  if (typeof e.message === 'string') return { path, message: e.message, type: e.type ?? 'contract' };
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref' || k === 'root') continue;
    const found = firstError(v, [...path, /^\d+$/.test(k) ? Number(k) : k]);
    if (found) return found;
  }
  return null;
}

/**
 * react-hook-form's resolver for a form whose values become a contracts body by `toBody`: the body is
 * validated with `schema` (the server's own) by `zodResolver`, each problem in the words the API
 * answers with (`issueText`, ADR 009), or in the page's language by its code (issue 33). Only the problems of fields `shown(name)` accepts are reported:
 * any other is left to the server, whose answer the form shows above its fields. The form keeps its
 * own values (`raw`); the submit handler makes the body again.
 */
export function contractResolver<F extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: F) => unknown,
  shown: (name: string) => boolean,
): Resolver<F> {
  const resolve = zodResolver(schema as never, { error: inWords }, { mode: 'sync', raw: true });
  return async (values, context, options) => {
    const result = await resolve(toBody(values) as never, context, {
      ...options,
      shouldUseNativeValidation: false,
    } as never);
    const errors: Record<string, FieldError> = {};
    for (const [name, nested] of Object.entries(result.errors as Record<string, unknown>)) {
      const first = firstError(nested, [name]);
      if (!first || !shown(name)) continue;
      // A message of the contract itself ('investmentPeriod must be …') gets the field's label too.
      errors[name] = { type: first.type, message: shownText(first.path, first.message) };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<F> }
      : { values, errors: {} };
  };
}
