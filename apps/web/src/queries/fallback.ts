import { useEffect } from 'react';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { EndpointDef } from '@portal/contracts';
import { refreshAfterWrite } from '@/lib/endpoint-client';

/**
 * For a view that shows its empty state rather than an error (docs/product.md §18): a failed load is
 * logged and reads as `fallback`. The query itself keeps its error, so that an admin screen of the
 * same data (same key) can still say that it failed.
 */
export function useOrFallback<T>(result: UseQueryResult<T>, fallback: T): UseQueryResult<T> {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return result.isError ? ({ ...result, data: fallback } as UseQueryResult<T>) : result;
}

/**
 * After an admin write: every view of what it changed, and the admin screens whose reads are not yet
 * in the registry (dashboard, users, audit, files: still under the ['admin'] key).
 */
export const refreshAfterAdminWrite = (qc: QueryClient, write: EndpointDef) =>
  Promise.all([refreshAfterWrite(qc, write), qc.invalidateQueries({ queryKey: ['admin'] })]);
