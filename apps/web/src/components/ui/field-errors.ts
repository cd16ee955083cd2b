import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fieldErrors, type FieldErrors } from '@portal/contracts';

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

/** The field errors of a failed request: a 400's `fields`, or none. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const body = (err as { status?: unknown; body?: unknown } | null)?.body as { fields?: unknown } | undefined;
  const fields = body && typeof body === 'object' ? body.fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

/**
 * One form's field-level problems, in words, next to each field: `check` validates the values about to
 * be sent with the same contracts schema the server uses, `fromError` takes a server 400's `fields`;
 * either shows each message in its `<Field error={fe.of('name')}>` (aria-invalid, aria-describedby)
 * and moves the focus to the first invalid field of `formRef`'s form. The messages are those of
 * `@portal/contracts`' issues.ts, so a form and the API say the same thing. With react-hook-form, the
 * same `FieldErrors` map goes to its `setError`.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The fields this form shows (each `of(name)` of the last render): a problem with no field on screen
  // is left to the server, whose answer the form shows above its fields.
  const shown = useRef(new Set<string>());
  const onScreen = (fields: FieldErrors) =>
    Object.fromEntries(
      Object.entries(fields).filter(([k]) =>
        [...shown.current].some((n) => k === n || k.startsWith(`${n}.`)),
      ),
    );

  useEffect(() => {
    if (!focusRequest) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const show = useCallback((fields: FieldErrors) => {
    setErrors(fields);
    if (Object.keys(fields).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  return useMemo(
    () => ({
      formRef,
      errors,
      /** The message of a field (or of the first problem inside it: 'dates' for 'dates.2'), or undefined. */
      of: (name: string): string | undefined => {
        shown.current.add(name);
        return errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
      },
      /** Forgets every message (a new submit starts clean). */
      clear: () => setErrors({}),
      /** Shows these messages (field → text), as from a check of one's own. */
      show,
      /**
       * Validates `values` with `schema`: true when valid; otherwise shows each field's problem and
       * passes the first to `onInvalid` (for the form's failure toast).
       */
      check: (schema: Schema, values: unknown, onInvalid?: (message: string) => void): boolean => {
        const fields = onScreen(schemaFieldErrors(schema, values));
        show(fields);
        const first = Object.values(fields)[0];
        if (first !== undefined) onInvalid?.(first);
        return first === undefined;
      },
      /** Shows a failed request's field errors; true when it had some (the caller may skip its banner). */
      fromError: (err: unknown): boolean => {
        const fields = onScreen(serverFieldErrors(err));
        show(fields);
        return Object.keys(fields).length > 0;
      },
    }),
    [errors, show],
  );
}
