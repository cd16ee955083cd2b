/**
 * A query client for a component test, as the app's (lib/query-client.ts): a failed write is toasted
 * by its mutation cache; nothing is retried. `wrapper` for Testing Library's render.
 */
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { failedWrites } from '@/lib/query-client';

export function WithQueries({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        mutationCache: failedWrites(),
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
