import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/queries/session';

/** Where a signed-in user goes from a sign-in page: the page they came from, or their area's home. */
export function homeFor(isAdmin: boolean, from?: string | null): string {
  if (from && from !== '/login' && from !== '/admin-login' && from !== '/register') {
    if (!from.startsWith('/admin') || isAdmin) return from;
  }
  return isAdmin ? '/admin' : '/';
}

export function useFromLocation(): string | null {
  const location = useLocation();
  const state = location.state as { from?: { pathname: string; search?: string } } | null;
  return state?.from ? `${state.from.pathname}${state.from.search ?? ''}` : null;
}

/** An already signed-in visitor of a public page goes to /admin (admins) or / (everyone else). */
export function useRedirectSignedIn() {
  const { status, isAdmin } = useAuth();
  const navigate = useNavigate();
  const from = useFromLocation();
  useEffect(() => {
    if (status === 'authenticated') void navigate(homeFor(isAdmin, from), { replace: true });
  }, [status, isAdmin, navigate, from]);
}
