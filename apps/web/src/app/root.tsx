import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/queries/session';

/** Backticks in the path (a common copy-paste accident) are cleaned out of the URL. */
export function cleanPath(pathname: string): string {
  return pathname.replace(/`|%60/gi, '');
}

function BacktickCleaner() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const cleaned = cleanPath(location.pathname);
    if (cleaned !== location.pathname) {
      void navigate(
        { pathname: cleaned || '/', search: location.search, hash: location.hash },
        { replace: true },
      );
    }
  }, [location, navigate]);
  return null;
}

export function Root() {
  const navigate = useNavigate();
  // A new language draws the page anew, so every text and every number, date and amount follows it.
  const { i18n } = useTranslation();
  return (
    <AuthProvider navigate={(to) => void navigate(to)}>
      <BacktickCleaner />
      <Outlet key={i18n.language} />
      <DeferredToaster />
    </AuthProvider>
  );
}
