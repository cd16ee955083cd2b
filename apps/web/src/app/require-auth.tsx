import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';

/** The guard of spec section 2: 'Loading...' while auth loads; else /login, remembering where to return. */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
        Loading...
      </div>
    );
  }
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  // An investor who types an admin URL goes home.
  if (admin && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
