import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import { NotFound } from './pages/not-found';
import { RouteError } from './pages/route-error';
import { RequireAuth } from './require-auth';
import { Root } from './root';

// The shell (menus, dialogs, drawer) loads after sign-in, not with the sign-in page.
const Shell = lazy(() => import('./shell/shell').then((m) => ({ default: m.Shell })));
const shellFallback = (
  <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
    Loading...
  </div>
);

/** Every route; each page's code is loaded when first visited, so the sign-in page stays small. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', lazy: () => import('@/features/auth/login-page') },
      { path: '/admin-login', lazy: () => import('@/features/auth/admin-login-page') },
      { path: '/register', lazy: () => import('@/features/auth/register-page') },
      {
        path: '/admin',
        element: (
          <RequireAuth admin>
            <Suspense fallback={shellFallback}>
              <Shell variant="admin" />
            </Suspense>
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('@/features/admin/dashboard-page') },
          { path: 'users', lazy: () => import('@/features/admin/users-page') },
          { path: 'investments', lazy: () => import('@/features/admin/investments-page') },
          { path: 'projects', lazy: () => import('@/features/admin/projects-page') },
          { path: 'perks', lazy: () => import('@/features/admin/perks-page') },
          { path: 'updates', lazy: () => import('@/features/admin/updates-page') },
          { path: 'documents', lazy: () => import('@/features/admin/documents-page') },
          { path: 'media', lazy: () => import('@/features/admin/media-page') },
          { path: 'notifications', lazy: () => import('@/features/admin/notifications-page') },
          { path: 'bookings', lazy: () => import('@/features/admin/bookings-page') },
          { path: 'interest', lazy: () => import('@/features/admin/interest-page') },
          // The admin area grows screen by screen: a path it does not have yet is under construction.
          { path: '*', element: <UnderConstruction /> },
        ],
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <Suspense fallback={shellFallback}>
              <Shell variant="investor" />
            </Suspense>
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('@/features/portfolio/dashboard-page') },
          { path: 'dashboard', lazy: () => import('@/features/portfolio/dashboard-page') },
          { path: 'projects', lazy: () => import('@/features/portfolio/projects-page') },
          { path: 'project/:id', lazy: () => import('@/features/portfolio/project-detail-page') },
          { path: 'join-project', lazy: () => import('@/features/portfolio/join-project-page') },
          { path: 'perks', lazy: () => import('@/features/perks/perks-page') },
          { path: 'documents', lazy: () => import('@/features/documents/documents-page') },
          { path: 'media', lazy: () => import('@/features/media/media-page') },
          { path: 'updates', lazy: () => import('@/features/updates/updates-page') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
