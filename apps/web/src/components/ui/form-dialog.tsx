import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { FieldErrors } from '@portal/contracts';
import { failureWords, messageOf, toastFailure, type Failure } from '@/lib/toast';
import { Button } from './button';
import { contractResolver } from './contract-resolver';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { schemaFieldErrors, serverFieldErrors } from './field-errors';
import { FormError } from './form-error';

/** What a dialog's fields get: react-hook-form's form, each field's message, the upload's progress. */
type DialogForm<F extends FieldValues> = UseFormReturn<F> & {
  /** The message of a field (its `<Field error>`); marks the field as shown, so its problems are. */
  error: (name: Path<F>) => string | undefined;
  /** 0..100 while a file is uploading, null otherwise. */
  progress: number | null;
};

export interface FormDialogProps<F extends FieldValues, B> {
  open: boolean;
  onClose: () => void;
  /** Another key starts another form (the row being edited). */
  formKey?: string;
  className?: string;
  title: ReactNode;
  description: ReactNode;
  defaultValues: F | (() => F);
  /** The contracts schema of the body; the server checks it with the same one. */
  schema: z.ZodType;
  /** The body sent (and checked) from the form's values. */
  toBody: (values: F) => B;
  /**
   * The spec's own first check, before the schema's: its message goes next to the field it names, or
   * the field the schema finds it about, else above the fields; nothing is sent and no toast is shown.
   */
  precheck?: (values: F) => string | { field: Path<F>; message: string } | null;
  /** Sends the body (its done toast too); the dialog closes once it resolves. */
  onSubmit: (body: B, values: F, onProgress: (percent: number) => void) => Promise<unknown>;
  /**
   * The form's failure: its title ('Failed to save perk'), or `{ fallback }` for 'Error' with the
   * reason (lib/toast.ts). A refused request's reason shows above the fields (or next to the field
   * it names); its toast is the mutation's, told by the query client's mutation cache, so the write
   * `onSubmit` sends names the same `failure` (`useSavePerk(projectId, { failure })`). A problem found
   * before sending is toasted here with it (`invalidToast`).
   */
  failure: Failure;
  /** Whether a problem found before sending is toasted too (as the server's would be); default yes. */
  invalidToast?: boolean;
  /** After a failed request (its message and toast shown): e.g. a fresh ID when the server says taken. */
  onFailed?: (message: string, form: UseFormReturn<F>) => void;
  submitLabel: string;
  /** A submit that takes money back or cannot be undone is red. */
  destructive?: boolean;
  pendingLabel?: string;
  children: (form: DialogForm<F>) => ReactNode;
}

/**
 * The admin's create/edit dialog: a title and description, the fields (react-hook-form, checked with
 * the contracts schema, each problem in words next to its field: ADR 009), a message above the fields
 * when the server refuses for another reason, Cancel, and a submit button that says
 * it is pending. A fresh form each time it opens.
 */
export function FormDialog<F extends FieldValues, B>(props: FormDialogProps<F, B>) {
  const { open, onClose, formKey, className } = props;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={className}>
        {open && <FormBody key={formKey ?? 'new'} {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function FormBody<F extends FieldValues, B>({
  onClose,
  title,
  description,
  defaultValues,
  schema,
  toBody,
  precheck,
  onSubmit,
  failure,
  invalidToast = true,
  onFailed,
  submitLabel,
  destructive = false,
  pendingLabel,
  children,
}: FormDialogProps<F, B>) {
  const { t } = useTranslation();
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const focusPending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The fields on screen (each `error(name)` of a render): a problem of any other is the server's to say.
  const shown = useRef(new Set<string>());
  const isShown = (name: string) => shown.current.has(name.split('.')[0] ?? name);
  const [initial] = useState(defaultValues);
  const form = useForm<F>({
    defaultValues: initial as DefaultValues<F>,
    resolver: contractResolver<F>(schema, toBody, isShown),
    // Messages stay until the next submit, which checks every field again.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;

  // After a refusal, the first invalid field in the order they are shown gets the focus, once the
  // messages are on screen.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    focusPending.current = false;
    field.focus();
  });

  const show = (fields: FieldErrors) => {
    form.clearErrors();
    const entries = Object.entries(fields).filter(([k]) => isShown(k));
    for (const [k, message] of entries) {
      const name = (k.split('.')[0] ?? k) as Path<F>;
      if (!form.getFieldState(name).error) form.setError(name, { type: 'server', message });
    }
    if (entries.length > 0) focusPending.current = true;
    return entries.length > 0;
  };

  const send = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        await onSubmit(toBody(values), values, setProgress);
        onClose();
      } catch (err) {
        const message = messageOf(err, failureWords(failure));
        if (!show(serverFieldErrors(err))) setBanner(message);
        onFailed?.(message, form);
      } finally {
        setProgress(null);
      }
    },
    (invalid) => {
      setBanner(null);
      focusPending.current = true;
      const first = Object.values(invalid)[0]?.message;
      if (invalidToast && typeof first === 'string') toastFailure(failure, new Error(first));
    },
  );

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = precheck?.(form.getValues());
    if (problem) {
      const message = typeof problem === 'string' ? problem : problem.message;
      const key =
        typeof problem === 'string'
          ? Object.entries(schemaFieldErrors(schema, toBody(form.getValues()))).find(
              ([k, m]) => m === problem && isShown(k),
            )?.[0]
          : problem.field;
      show(key ? { [key]: message } : {});
      setBanner(key ? null : message);
      return;
    }
    void send(e);
  };

  const api: DialogForm<F> = {
    ...form,
    error: (name) => {
      shown.current.add(name);
      const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
      return typeof message === 'string' ? message : undefined;
    },
    progress,
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form ref={formRef} onSubmit={onFormSubmit} className="grid gap-4" noValidate>
        <FormError message={banner} />
        {children(api)}
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={isSubmitting}>
            {isSubmitting ? (pendingLabel ?? t('saving')) : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
