import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { SignInForm } from './sign-in-form';

function AdminLoginPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  return (
    <SignInForm
      texts={{
        title: t('adminLogin.title'),
        subtitle: t('adminLogin.subtitle'),
        emailLabel: t('adminLogin.email'),
        passwordLabel: t('adminLogin.password'),
        submitLabel: t('adminLogin.submit'),
        pendingLabel: t('adminLogin.pending'),
        failedTitle: t('adminLogin.failedTitle'),
        failedFallback: t('adminLogin.failedFallback'),
      }}
      onSignedIn={(user) => {
        if (user.isAdmin) {
          toast({ title: t('adminLogin.grantedTitle'), description: t('adminLogin.grantedText') });
          void navigate('/admin', { replace: true });
        } else {
          // A non-admin who signs in here goes to the investor area.
          toast({ title: t('login.successTitle'), description: t('login.successText') });
          void navigate('/', { replace: true });
        }
      }}
      footer={
        <div className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('adminLogin.backToLogin')}
          </Link>
        </div>
      }
    />
  );
}

export { AdminLoginPage as Component };
