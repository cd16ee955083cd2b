import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The layout of every route that reads through the query cache (app/router.tsx): loaded with the first
 * such page, alongside its code, so that the sign-in pages do not carry the query library.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
