import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/queries/session';

/**
 * The guard (docs/product.md §2): 'Loading...' while auth loads; else a sign-in page, remembering the way
 * back: /admin-login for the admin area or after an admin's session ended, /login otherwise.
 */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { status, isAdmin, exitTo, signInPage } = useAuth();
  const { t } = useTranslation();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        {t('loading')}
      </div>
    );
  }
  if (status !== 'authenticated') {
    // After a deliberate logout the page goes where the logout was headed, with nothing to return to.
    if (exitTo) return <Navigate to={exitTo} replace />;
    return <Navigate to={admin ? '/admin-login' : signInPage} replace state={{ from: location }} />;
  }
  // An investor who types an admin URL goes home.
  if (admin && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
