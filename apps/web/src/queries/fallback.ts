import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

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
