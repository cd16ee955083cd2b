import { MutationCache, QueryClient } from '@tanstack/react-query';
import { keepReadsIn } from './cached-reads';
import { toastFailure, type Failure } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * How a failed write is told: its `Failure`, or one chosen from its variables and error (null: the
     * screen offers something else instead, e.g. deactivating a user whose delete is refused).
     */
    mutationMeta: { failure?: Failure | ((variables: unknown, error: Error) => Failure | null) };
  }
}

/** The one place a failed write is told: the toast its `failure` names (lib/endpoint-hooks.ts). */
export const failedWrites = () =>
  new MutationCache({
    onError: (err, variables, _context, mutation) => {
      const meta = mutation.meta?.failure;
      const failure = typeof meta === 'function' ? meta(variables, err) : meta;
      if (failure) toastFailure(failure, err);
    },
  });

/**
 * The app's query cache. It comes with the first page that reads through it (app/with-queries.tsx), not
 * with the sign-in page: the query library is about 10 kB of JS (gzip) that page does not run.
 */
export const queryClient = new QueryClient({
  mutationCache: failedWrites(),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

keepReadsIn(queryClient);
