import { useTranslation } from 'react-i18next';
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
import { useSaveBankAccount } from '@/queries/bank-accounts';

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
  const { t } = useTranslation(['profile', 'common']);
  const save = useSaveBankAccount({ failure: { fallback: t('bank.failed') } });
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
      const answer = await save.mutateAsync(values);
      setSaved(answer.data);
      reset({ iban: '', bic: '', holder: answer.data.holder, currentPassword: '', code: '' });
      toast({
        title: t('bank.saved'),
        description: t('bank.savedText', { iban: answer.data.iban }),
      });
      await onSaved?.();
    } catch (err) {
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      // The toast is the save's failure, told by the mutation cache.
      if (!invalid.length) setFailure(messageOf(err, t('bank.failed')));
    }
  });

  return (
    <div className="grid gap-4">
      <section aria-labelledby="bank-on-file" className="rounded-md border p-4 text-sm">
        <h3 id="bank-on-file" className="font-semibold">
          {t('bank.onFile')}
        </h3>
        {account ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{t('bank.holder')}</dt>
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
          <p className="mt-2 text-muted-foreground">{t('bank.none')}</p>
        )}
      </section>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        <FormError message={failure} />
        <Field label="IBAN" hint={t('bank.ibanHint')} error={errors.iban?.message}>
          <Input autoComplete="off" spellCheck={false} {...register('iban')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('bank.bic')} error={errors.bic?.message}>
            <Input autoComplete="off" spellCheck={false} {...register('bic')} />
          </Field>
          <Field label={t('bank.accountHolder')} error={errors.holder?.message}>
            <Input autoComplete="name" {...register('holder')} />
          </Field>
        </div>
        <Field label={t('bank.currentPassword')} error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        {user.twoFactorEnabled && (
          <Field label={t('bank.code')} hint={t('bank.codeHint')} error={errors.code?.message}>
            <Input autoComplete="one-time-code" inputMode="numeric" {...register('code')} />
          </Field>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('common:saving') : account ? t('bank.change') : t('bank.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
