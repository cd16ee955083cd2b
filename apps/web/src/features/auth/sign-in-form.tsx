import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/queries/session';
import { messageOf, toast } from '@/lib/toast';
import { AuthCard } from './auth-card';
import { useRedirectSignedIn } from './use-redirect-signed-in';

/**
 * The two-factor step, loaded when an account asks for it: it validates with the contract's schema, and
 * zod would otherwise be part of every sign-in page's first load (vite.config.ts keeps that under 150 kB).
 */
const MfaStep = lazy(() => import('./mfa-step').then((m) => ({ default: m.MfaStep })));

/** What one sign-in page says and does; the form, the two-factor step and the toasts are shared. */
export interface SignInTexts {
  title: string;
  subtitle: string;
  emailLabel: string;
  passwordLabel: string;
  submitLabel: string;
  pendingLabel: string;
  /** The failure toast's title, and its text when the server gives none. */
  failedTitle: string;
  failedFallback: string;
}

/**
 * The sign-in form of `/login` and `/admin-login`: email and password (with a link to ask for a reset
 * link), then the authenticator's code when the account has two-factor sign-in on. `onSignedIn` says
 * welcome and goes on; `footer` holds the page's links.
 */
export function SignInForm({
  texts,
  onSignedIn,
  footer,
}: {
  texts: SignInTexts;
  onSignedIn: (user: CurrentUser) => void;
  footer: ReactNode;
}) {
  useRedirectSignedIn();
  const { t } = useTranslation('auth');
  const { login, loginWithPasskey } = useAuth();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [mfaPasskey, setMfaPasskey] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: '', password: '' } });

  const failed = (err: unknown) =>
    toast({
      title: texts.failedTitle,
      description: messageOf(err, texts.failedFallback),
      variant: 'destructive',
    });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      const answer = await login(email, password);
      if ('mfaToken' in answer) {
        setMfaPasskey(answer.passkey);
        setMfaToken(answer.mfaToken);
      } else onSignedIn(answer.user);
    } catch (err) {
      failed(err);
    }
  });

  const withPasskey = async () => {
    setPasskeyPending(true);
    try {
      onSignedIn(await loginWithPasskey());
    } catch (err) {
      failed(err);
    } finally {
      setPasskeyPending(false);
    }
  };

  return (
    <AuthCard title={texts.title} subtitle={texts.subtitle}>
      {mfaToken ? (
        <Suspense fallback={null}>
          <MfaStep
            mfaToken={mfaToken}
            passkey={mfaPasskey}
            onSignedIn={onSignedIn}
            onError={failed}
            onBack={() => setMfaToken(null)}
          />
        </Suspense>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label={texts.emailLabel}>
            <Input type="email" autoComplete="email" required {...register('email')} />
          </Field>
          <div className="grid gap-2">
            <Field label={texts.passwordLabel}>
              <Input type="password" autoComplete="current-password" required {...register('password')} />
            </Field>
            {/* A page of its own (its own chunk): the sign-in page only links to it. */}
            <Link
              to="/forgot-password"
              className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('signIn.forgotPassword')}
            </Link>
          </div>
          <Button type="submit" disabled={formState.isSubmitting} className="mt-2 w-full">
            {formState.isSubmitting ? texts.pendingLabel : texts.submitLabel}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={passkeyPending || formState.isSubmitting}
            onClick={() => void withPasskey()}
          >
            {passkeyPending ? t('signIn.passkeyPending') : t('signIn.passkey')}
          </Button>
        </form>
      )}
      {footer}
    </AuthCard>
  );
}
