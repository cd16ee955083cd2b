import { QueryClient } from '@tanstack/react-query';
import { keepReadsIn } from './cached-reads';

/**
 * The app's query cache. It comes with the first page that reads through it (app/with-queries.tsx), not
 * with the sign-in page: the query library is about 10 kB of JS (gzip) that page does not run.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

keepReadsIn(queryClient);
