import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/queries/session';

/** The path the router is at, for a test to read (`getByTestId('where')`). */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The session's provider as the app mounts it: it navigates with the router; no alert. */
function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to) => void navigate(to)} alert={() => {}}>
      {children}
    </AuthProvider>
  );
}

/** Renders `children` (the routes, what the test reads) at `path`, in a fresh query client and the session. */
export function renderAt(path: string, children: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider>{children}</SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Renders the signed-out `pages` (by path; any other path shows nothing) at `path`, with `Where` and the toasts. */
export function renderPages(path: string, pages: Record<string, ReactElement>) {
  return renderAt(
    path,
    <>
      <Routes>
        {Object.entries(pages).map(([at, page]) => (
          <Route key={at} path={at} element={page} />
        ))}
        <Route path="*" element={null} />
      </Routes>
      <Where />
      <Toaster />
    </>,
  );
}
