import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';

/**
 * The guard of spec section 2: 'Loading...' while auth loads; else /login, remembering where to return
 * (or, just after Logout, where the logout went).
 */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { status, isAdmin, exitTo } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        Loading...
      </div>
    );
  }
  // After Logout, the page being left follows it (the admin shell's goes to /admin-login) instead of
  // racing it to /login while the sign-in page loads.
  if (status !== 'authenticated')
    return exitTo ? (
      <Navigate to={exitTo} replace />
    ) : (
      <Navigate to="/login" replace state={{ from: location }} />
    );
  // An investor who types an admin URL goes home.
  if (admin && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
