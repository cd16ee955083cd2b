import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bankAccountInput, type CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { messageOf, toast } from '@/lib/toast';
import { saveBankAccount } from '@/queries/bank-accounts';

interface BankForm {
  iban: string;
  bic: string;
  holder: string;
  currentPassword: string;
  code: string;
}
const FIELDS = ['iban', 'bic', 'holder', 'currentPassword', 'code'] as const;

/**
 * Where distributions are paid: the account on file (its IBAN masked) and a form to set or change it,
 * confirmed with the current password and, with two-factor sign-in on, the authenticator's code.
 */
export function BankAccountPanel({
  user,
  onSaved,
}: {
  user: CurrentUser;
  /** Reads the user again, so that every view shows the new account. */
  onSaved?: () => Promise<void> | void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // The saved answer shows at once, before the user is read again.
  const [saved, setSaved] = useState<CurrentUser['bankAccount']>(null);
  const account = saved ?? user.bankAccount;
  const { register, handleSubmit, reset, setError, formState } = useForm<BankForm>({
    defaultValues: { iban: '', bic: '', holder: account?.holder ?? user.name, currentPassword: '', code: '' },
    resolver: contractResolver<BankForm>(
      bankAccountInput,
      (v) => v,
      () => true,
    ),
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await saveBankAccount(values);
      setSaved(answer.data);
      reset({ iban: '', bic: '', holder: answer.data.holder, currentPassword: '', code: '' });
      toast({
        title: 'Bank account saved',
        description: `Distributions will be paid to ${answer.data.iban}.`,
      });
      await onSaved?.();
    } catch (err) {
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      const message = messageOf(err, 'Failed to save the bank account');
      if (!invalid.length) setFailure(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  });

  return (
    <div className="grid gap-4">
      <section aria-labelledby="bank-on-file" className="rounded-md border p-4 text-sm">
        <h3 id="bank-on-file" className="font-semibold">
          Account on file
        </h3>
        {account ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Holder</dt>
            <dd>{account.holder}</dd>
            <dt className="text-muted-foreground">IBAN</dt>
            <dd className="font-mono">{account.iban}</dd>
            {account.bic && (
              <>
                <dt className="text-muted-foreground">BIC</dt>
                <dd className="font-mono">{account.bic}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="mt-2 text-muted-foreground">
            No bank account yet. Add one so that your distributions can be paid.
          </p>
        )}
      </section>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        <FormError message={failure} />
        <Field
          label="IBAN"
          hint="With or without spaces, e.g. FI21 1234 5600 0007 85."
          error={errors.iban?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...register('iban')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="BIC (optional)" error={errors.bic?.message}>
            <Input autoComplete="off" spellCheck={false} {...register('bic')} />
          </Field>
          <Field label="Account holder" error={errors.holder?.message}>
            <Input autoComplete="name" {...register('holder')} />
          </Field>
        </div>
        <Field label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        {user.twoFactorEnabled && (
          <Field
            label="Authentication code"
            hint="From your authenticator app, or a recovery code."
            error={errors.code?.message}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" {...register('code')} />
          </Field>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : account ? 'Change bank account' : 'Save bank account'}
          </Button>
        </div>
      </form>
    </div>
  );
}
