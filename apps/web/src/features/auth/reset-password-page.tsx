import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { passwordResetConfirmInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { ApiError } from '@/lib/api';
import { messageOf } from '@/lib/toast';
import { confirmPasswordReset } from '@/queries/auth';
import { AuthCard } from './auth-card';
import { tokens } from '@/lib/session';

interface ResetForm {
  password: string;
  confirm: string;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The contract's check of the new password, then the form's own: the two must match. */
function resetResolver(token: string, t: TFunction<'auth'>): Resolver<ResetForm> {
  const checkContract = contractResolver<ResetForm>(
    passwordResetConfirmInput,
    ({ password }) => ({ token, password }),
    (name) => name === 'password',
  );
  return async (values, context, options) => {
    const result = await checkContract(values, context, options);
    if (values.confirm === values.password) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        confirm: {
          type: 'match',
          message: values.confirm ? t('reset.passwordsDiffer') : t('reset.repeatPassword'),
        },
      },
    };
  };
}

/** A message in a bordered box, with an icon: the page's end states. */
function Outcome({ tone, children }: { tone: 'done' | 'failed'; children: ReactNode }) {
  const Icon = tone === 'done' ? CircleCheck : TriangleAlert;
  return (
    <div
      role={tone === 'done' ? 'status' : 'alert'}
      className={
        tone === 'done'
          ? 'flex items-start gap-3 rounded-md border bg-accent/40 p-4 text-sm'
          : 'flex items-start gap-3 rounded-md border border-destructive/50 bg-card p-4 text-sm'
      }
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${tone === 'done' ? 'text-primary' : 'text-destructive'}`}
        aria-hidden="true"
      />
      <p className="font-medium">{children}</p>
    </div>
  );
}

function AskAgain() {
  const { t } = useTranslation('auth');
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/forgot-password" className={linkClass}>
        {t('reset.askAgain')}
      </Link>
    </p>
  );
}

/**
 * The page of a reset email's link (`/reset-password?token=…`): a new password, twice. Done, it says so
 * with a way to sign in; a used, expired or unknown link says so with a way to ask for a new one.
 */
function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [done, setDone] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, watch, setError, formState } = useForm<ResetForm>({
    defaultValues: { password: '', confirm: '' },
    resolver: resetResolver(token, t),
    // Messages stay until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const answer = await confirmPasswordReset(token, password);
      // The server ended every session of the account: a session stored here is one of them.
      tokens.clear();
      setDone(answer.message ?? t('reset.doneFallback'));
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.password) setError('password', { message: fields.password }, { shouldFocus: true });
      // Anything else the server refuses with a 400 is the link itself: used, expired or unknown.
      else if (err instanceof ApiError && err.status === 400)
        setInvalid(messageOf(err, t('reset.invalidFallback')));
      else setFailure(messageOf(err, t('reset.failed')));
    }
  });

  if (!token || invalid)
    return (
      <AuthCard title={t('reset.unusableTitle')} subtitle={t('reset.unusableSubtitle')}>
        <Outcome tone="failed">{invalid ?? t('reset.linkIncomplete')}</Outcome>
        <AskAgain />
      </AuthCard>
    );

  if (done)
    return (
      <AuthCard title={t('reset.doneTitle')} subtitle={t('reset.doneSubtitle')}>
        <Outcome tone="done">{done}</Outcome>
        <Button asChild className="mt-6 w-full">
          <Link to="/login">{t('reset.signIn')}</Link>
        </Button>
      </AuthCard>
    );

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        <FormError message={failure} />
        <Field
          label={t('reset.newPassword')}
          error={errors.password?.message}
          description={<PasswordHint password={watch('password')} userInputs={[]} />}
        >
          <Input type="password" autoComplete="new-password" required {...register('password')} />
        </Field>
        <Field label={t('reset.confirmPassword')} error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" required {...register('confirm')} />
        </Field>
        <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="reset.linkExpired"
          components={{ a: <Link to="/forgot-password" className={linkClass} /> }}
        />
      </p>
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
