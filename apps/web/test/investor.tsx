/** The investor shell's providers for component tests of investor pages (not part of the app). */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { failedWrites } from '@/lib/query-client';
import { AuthProvider, useAuth } from '@/queries/session';
import { CurrentProjectProvider } from '@/queries/current-project';

/** As in the app, the shell (and so the page) is shown once the user is signed in. */
function SignedIn({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? children : null;
}

/**
 * Renders `ui` at `path` as the investor shell renders a page: a query client that does not retry and
 * toasts a failed write as the app's does, the router, the session (no navigation, no alert) and, once
 * signed in, the current project.
 */
export function renderInShell(ui: ReactNode, path = '/') {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false, retryDelay: 0 } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider navigate={() => {}} alert={() => {}}>
          <SignedIn>
            <CurrentProjectProvider storageKey="currentProjectId">{ui}</CurrentProjectProvider>
          </SignedIn>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
