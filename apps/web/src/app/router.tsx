import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import { prefetchCurrentUser } from '@/queries/session';
import { loadSignedInMessages } from '@/lib/i18n';
import { tokens } from '@/lib/session';
import { NotFound } from './pages/not-found';
import { RouteError } from './pages/route-error';
import { RequireAuth } from './require-auth';
import { Root } from './root';
import type { Shell as ShellLayout } from './shell/shell';

// The shell (menus, dialogs, drawer) is not part of the sign-in page's code, nor is what the signed-in
// pages say: both come at once, before the first signed-in render.
let loadedShell: typeof ShellLayout | undefined;
const loadShell = () =>
  Promise.all([import('./shell/shell'), loadSignedInMessages()]).then(([m]) => (loadedShell = m.Shell));

// With a stored session the current user is read now, alongside the page's code (which the router
// starts below), rather than after it once React has rendered.
if (tokens.access) prefetchCurrentUser();

/**
 * For the signed-in areas' layout routes: with a session, the router waits for the shell's code along
 * with the page's own (both fetched at once), so that the first render shows both, with no fallback.
 */
const withShell = async () => {
  if (tokens.access) await loadShell();
  return {};
};
const LazyShell = lazy(() => loadShell().then((Shell) => ({ default: Shell })));
const shellFallback = (
  <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
    Loading...
  </div>
);

/** The shell, at once when its code is already here (no fallback, so the page is not held back). */
function Shell({ variant }: { variant: 'investor' | 'admin' }) {
  // Decided once per mount, so that the shell is never remounted when its code arrives.
  const [Loaded] = useState(() => loadedShell);
  if (Loaded) return <Loaded variant={variant} />;
  return (
    <Suspense fallback={shellFallback}>
      <LazyShell variant={variant} />
    </Suspense>
  );
}

/** Every route; each page's code is loaded when first visited, so the sign-in page stays small. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    // While the first page's code loads the page stays blank, as it would anyway for that instant; saying
    // so spares React Router's warning about a missing fallback (a console.warn on every first load).
    HydrateFallback: () => null,
    children: [
      { path: '/login', lazy: () => import('@/features/auth/login-page') },
      { path: '/admin-login', lazy: () => import('@/features/auth/admin-login-page') },
      { path: '/register', lazy: () => import('@/features/auth/register-page') },
      { path: '/forgot-password', lazy: () => import('@/features/auth/forgot-password-page') },
      { path: '/reset-password', lazy: () => import('@/features/auth/reset-password-page') },
      // What is stored and why: for anyone, signed in or not.
      { path: '/privacy', lazy: () => import('@/features/profile/privacy-page') },
      {
        // The pages that read through the query cache: its provider (and the query library) comes with
        // the first of them, not with the sign-in pages.
        lazy: () => import('./with-queries'),
        children: [
          { path: '/unsubscribe', lazy: () => import('@/features/email/unsubscribe-page') },
          {
            path: '/admin',
            lazy: withShell,
            element: (
              <RequireAuth admin>
                <Shell variant="admin" />
              </RequireAuth>
            ),
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('@/features/admin/dashboard-page') },
              { path: 'users', lazy: () => import('@/features/admin/users-page') },
              { path: 'investments', lazy: () => import('@/features/investments/admin/investments-page') },
              { path: 'projects', lazy: () => import('@/features/projects/admin/projects-page') },
              { path: 'perks', lazy: () => import('@/features/stays/admin/perks-page') },
              { path: 'updates', lazy: () => import('@/features/updates/admin/updates-page') },
              { path: 'documents', lazy: () => import('@/features/documents/admin/documents-page') },
              { path: 'media', lazy: () => import('@/features/media/admin/media-page') },
              {
                path: 'notifications',
                lazy: () => import('@/features/notifications/admin/notifications-page'),
              },
              { path: 'bookings', lazy: () => import('@/features/stays/admin/bookings-page') },
              { path: 'stay-reports', lazy: () => import('@/features/stays/admin/stay-reports-page') },
              { path: 'allocations', lazy: () => import('@/features/stays/admin/allocations-page') },
              {
                path: 'distributions',
                lazy: () => import('@/features/distributions/admin/distributions-page'),
              },
              { path: 'interest', lazy: () => import('@/features/interest/admin/interest-page') },
              { path: 'kyc', lazy: () => import('@/features/kyc/admin/kyc-page') },
              {
                path: 'erasure-requests',
                lazy: () => import('@/features/profile/admin/erasure-requests-page'),
              },
              { path: 'bank', lazy: () => import('@/features/reconciliation/bank-page') },
              { path: 'offerings/:id/calls', lazy: () => import('@/features/reconciliation/calls-page') },
              { path: 'offerings', lazy: () => import('@/features/subscriptions/admin-offerings-page') },
              { path: 'audit', lazy: () => import('@/features/admin/audit-page') },
              { path: 'email', lazy: () => import('@/features/admin/email-page') },
              // The admin area grows screen by screen: a path it does not have yet is under construction.
              { path: '*', element: <UnderConstruction /> },
            ],
          },
          {
            path: '/',
            lazy: withShell,
            element: (
              <RequireAuth>
                <Shell variant="investor" />
              </RequireAuth>
            ),
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('@/features/portfolio/dashboard-page') },
              { path: 'dashboard', lazy: () => import('@/features/portfolio/dashboard-page') },
              { path: 'projects', lazy: () => import('@/features/portfolio/projects-page') },
              { path: 'project/:id', lazy: () => import('@/features/portfolio/project-detail-page') },
              { path: 'join-project', lazy: () => import('@/features/portfolio/join-project-page') },
              { path: 'perks', lazy: () => import('@/features/stays/perks-page') },
              { path: 'documents', lazy: () => import('@/features/documents/documents-page') },
              { path: 'media', lazy: () => import('@/features/media/media-page') },
              { path: 'updates', lazy: () => import('@/features/updates/updates-page') },
              { path: 'email-preferences', lazy: () => import('@/features/profile/email-preferences-page') },
              { path: 'your-data', lazy: () => import('@/features/profile/your-data-page') },
              { path: 'identity', lazy: () => import('@/features/kyc/identity-page') },
              { path: 'subscriptions/:id/sign', lazy: () => import('@/features/kyc/sign-page') },
              { path: 'subscriptions', lazy: () => import('@/features/subscriptions/subscriptions-page') },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
]);
