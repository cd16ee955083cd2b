import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mfaLoginInput, type CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/queries/session';

interface MfaForm {
  code: string;
}

/**
 * The second step of a two-factor sign-in: the code from the authenticator app, or a recovery code.
 * Shown by both sign-in pages after the password when the account has two-factor sign-in on.
 */
export function MfaStep({
  mfaToken,
  passkey = false,
  onSignedIn,
  onError,
  onBack,
}: {
  mfaToken: string;
  /** The account has a passkey, which also completes this step. */
  passkey?: boolean;
  onSignedIn: (user: CurrentUser) => void;
  onError: (err: unknown) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const { completeMfa, completeMfaWithPasskey } = useAuth();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const withPasskey = async () => {
    setPasskeyPending(true);
    try {
      onSignedIn(await completeMfaWithPasskey(mfaToken));
    } catch (err) {
      onError(err);
    } finally {
      setPasskeyPending(false);
    }
  };
  const { register, handleSubmit, watch, setValue, setError, formState } = useForm<MfaForm>({
    defaultValues: { code: '' },
    // The body the server checks: the challenge and the code (trimmed by the schema).
    resolver: contractResolver<MfaForm>(
      mfaLoginInput,
      ({ code }) => ({ mfaToken, code }),
      (name) => name === 'code',
    ),
    // A message stays until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const code = watch('code');

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSignedIn(await completeMfa(mfaToken, values.code.trim()));
    } catch (err) {
      onError(err);
      setValue('code', '');
      // A 400's problem with the code goes next to it.
      const message = serverFieldErrors(err).code;
      if (message) setError('code', { message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('mfa.intro')}</p>
      <Field label={t('mfa.code')} error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={32}
          {...register('code')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting || code.trim().length < 6} className="w-full">
        {isSubmitting ? t('mfa.verifying') : t('mfa.verify')}
      </Button>
      {passkey && (
        <Button
          type="button"
          variant="outline"
          disabled={isSubmitting || passkeyPending}
          onClick={() => void withPasskey()}
        >
          {t('mfa.usePasskey')}
        </Button>
      )}
      <Button variant="ghost" onClick={onBack} disabled={isSubmitting}>
        {t('mfa.otherAccount')}
      </Button>
    </form>
  );
}
