import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { SignInForm } from './sign-in-form';
import { homeFor, useFromLocation } from './use-redirect-signed-in';

function LoginPage() {
  const navigate = useNavigate();
  const from = useFromLocation();
  const { t } = useTranslation('auth');
  return (
    <SignInForm
      texts={{
        title: t('login.title'),
        subtitle: t('login.subtitle'),
        emailLabel: t('login.email'),
        passwordLabel: t('login.password'),
        submitLabel: t('login.submit'),
        pendingLabel: t('login.pending'),
        failedTitle: t('login.failedTitle'),
        failedFallback: t('login.failedFallback'),
      }}
      onSignedIn={(user) => {
        toast({ title: t('login.successTitle'), description: t('login.successText') });
        void navigate(homeFor(user.isAdmin, from), { replace: true });
      }}
      footer={
        <div className="mt-6 flex flex-col items-center gap-3 text-sm">
          <p className="text-muted-foreground">
            <Trans
              t={t}
              i18nKey="login.noAccount"
              components={{
                a: (
                  <Link
                    to="/register"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </p>
          <Link
            to="/admin-login"
            className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {t('login.adminAccess')}
          </Link>
          <Link
            to="/privacy"
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {t('login.privacy')}
          </Link>
        </div>
      }
    />
  );
}

export { LoginPage as Component };
