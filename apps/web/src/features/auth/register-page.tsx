import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { PasswordHint } from '@/components/password-strength/password-hint';
import { currentLocale } from '@/lib/i18n';
import { messageOf, toast } from '@/lib/toast';
import { registerAccount } from '@/queries/sign-in';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

/** Sign-up: creates an account that an administrator activates before it can sign in. */
function RegisterPage() {
  useRedirectSignedIn();
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm({
    defaultValues: { email: '', password: '' },
  });
  const email = watch('email');

  const onSubmit = handleSubmit(async ({ email, password }) => {
    clearErrors();
    try {
      await registerAccount({ email, password, locale: currentLocale() });
      toast({
        title: t('register.createdTitle'),
        description: t('register.createdText'),
      });
      void navigate('/login');
    } catch (err) {
      // A 400's field problems next to their fields, the first of them focused.
      const fields = serverFieldErrors(err);
      const invalid = (['email', 'password'] as const).filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      toast({
        title: t('login.failedTitle'),
        description: messageOf(err, t('register.failedFallback')),
        variant: 'destructive',
      });
    }
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <Field label={t('login.email')} error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" required {...register('email')} />
        </Field>
        <Field
          label={t('login.password')}
          error={formState.errors.password?.message}
          description={<PasswordHint password={watch('password')} userInputs={email ? [email] : []} />}
        >
          <Input type="password" autoComplete="new-password" required {...register('password')} />
        </Field>
        <Button type="submit" disabled={formState.isSubmitting} className="mt-2 w-full">
          {t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('register.haveAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}

export { RegisterPage as Component };
