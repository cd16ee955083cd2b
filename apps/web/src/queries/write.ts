import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointDef } from '@portal/contracts';
import { refreshAfterWrite } from '@/lib/endpoint-client';

/** What a screen adds to a write: what it does with the answer, and with a refusal. */
export interface WriteCallbacks<T, V> {
  onSuccess?: (answer: T, vars: V) => void;
  onError?: (err: Error, vars: V) => void;
}

/**
 * A write through the registry: after it succeeds, every view of what it changed reloads (its declared
 * `writes`), then the screen's own `onSuccess` runs.
 */
export function useWrite<T, V = void>(
  e: EndpointDef,
  mutationFn: (vars: V) => Promise<T>,
  { onSuccess, onError }: WriteCallbacks<T, V> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, vars) => {
      void refreshAfterWrite(qc, e);
      onSuccess?.(answer, vars);
    },
    onError: (err, vars) => onError?.(err, vars),
  });
}
