import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/queries/session';

/** The guard (docs/product.md §2): 'Loading...' while auth loads; else /login, remembering the way back. */
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
  if (status !== 'authenticated') {
    // After a deliberate logout the page goes where the logout was headed, with nothing to return to.
    if (exitTo) return <Navigate to={exitTo} replace />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  // An investor who types an admin URL goes home.
  if (admin && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
