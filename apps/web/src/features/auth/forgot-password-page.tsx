import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { passwordResetInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { requestPasswordReset } from '@/queries/auth';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

interface ForgotForm {
  email: string;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Asks for a password reset link. The page says the same whether or not the address has an account
 * (the server's own words); only a refusal to send more (429) or a problem with the address is an error.
 */
function ForgotPasswordPage() {
  useRedirectSignedIn();
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ForgotForm>({
    defaultValues: { email: '' },
    resolver: contractResolver<ForgotForm>(
      passwordResetInput,
      (v) => v,
      () => true,
    ),
    // A message stays until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const answer = await requestPasswordReset(email);
      setSent({
        email: email.trim(),
        message: answer.message ?? t('forgot.sentFallback'),
      });
    } catch (err) {
      const message = serverFieldErrors(err).email;
      if (message) setError('email', { message }, { shouldFocus: true });
      else setFailure(messageOf(err, t('forgot.failed')));
    }
  });

  if (sent)
    return (
      <AuthCard title={t('forgot.checkTitle')} subtitle={t('forgot.checkSubtitle')}>
        <div className="grid gap-4 text-sm" role="status">
          <div className="flex items-start gap-3 rounded-md border bg-accent/40 p-4">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">{sent.message}.</p>
              <p className="text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="forgot.checkHelp"
                  values={{ email: sent.email }}
                  components={{ email: <span className="break-words font-medium text-foreground" /> }}
                />
              </p>
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-col items-center gap-3 text-sm">
          <Link to="/login" className={linkClass}>
            {t('forgot.backToSignIn')}
          </Link>
          <button
            type="button"
            className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            onClick={() => setSent(null)}
          >
            {t('forgot.otherAddress')}
          </button>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        <FormError message={failure} />
        <Field label={t('login.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" required {...register('email')} />
        </Field>
        <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? t('forgot.sending') : t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="forgot.remembered"
          components={{ a: <Link to="/login" className={linkClass} /> }}
        />
      </p>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
