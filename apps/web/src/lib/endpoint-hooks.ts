import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { Answer, CallInput, EndpointDef, Table } from '@portal/contracts';
import { call, endpointQuery, refreshTables } from './endpoint-client';
import type { Failure } from './toast';

/**
 * A read of the registry as a query: its key is the endpoint's id and input, its answer adapted by
 * `select` (e.g. `(a) => a.data`; unlike React Query's own `select`, the cache keeps the adapted value,
 * as it does for an answer embedded in the page). What else a screen needs (`enabled`, `placeholderData`,
 * polling) it passes as React Query's own options.
 */
export function useEndpointQuery<E extends EndpointDef, T = Answer<E>>(
  e: E,
  input: CallInput<E>,
  options: Omit<
    UseQueryOptions<NoInfer<T>, Error, NoInfer<T>, readonly [string, CallInput<E>]>,
    'queryKey' | 'queryFn' | 'select'
  > & {
    select?: (answer: Answer<E>) => T;
  } = {},
) {
  const { select, ...rest } = options;
  return useQuery({ ...endpointQuery(e, input, select), ...rest });
}

/** What a write adds to React Query's mutation options. */
export interface EndpointMutationOptions<T, V> extends Omit<UseMutationOptions<T, Error, V>, 'meta'> {
  /**
   * The endpoints whose declared `writes` it changed, when it is not only `e` (a save that creates or
   * updates), or the tables themselves: every view made from them reloads after it succeeds.
   */
  invalidates?: readonly (EndpointDef | Table)[];
  /**
   * How a failure is told, once, by the query client's mutation cache (lib/query-client.ts); a function
   * chooses it from the variables ('Failed to archive project' or 'Failed to restore project') and the
   * error, or returns null where the screen answers that failure itself.
   */
  failure?: Failure | ((variables: V, error: Error) => Failure | null);
}

/** A write hook's one option: how its failure is told (the screen's words, e.g. a form's title). */
export type FailureOption<V = unknown> = Pick<EndpointMutationOptions<unknown, V>, 'failure'>;

/**
 * A write of the registry. Without a `mutationFn` it calls `e` with the variables as its input. After
 * it succeeds every view of what it changed reloads (the declared `writes` of `e`, or of `invalidates`;
 * those on screen before it resolves), then the screen's own `onSuccess` runs. A failure is toasted by
 * the mutation cache when the write names its `failure`.
 */
export function useEndpointMutation<
  E extends EndpointDef,
  V = object extends CallInput<E> ? void : CallInput<E>,
  T = Answer<E>,
>(e: E, { invalidates = [e], failure, onSuccess, ...options }: EndpointMutationOptions<T, V> = {}) {
  const qc = useQueryClient();
  const tables = invalidates.flatMap((w) => (typeof w === 'string' ? [w] : (w.writes ?? [])));
  return useMutation<T, Error, V>({
    mutationFn: (vars: V) => call(e, vars as CallInput<E>) as Promise<T>,
    ...options,
    meta:
      failure === undefined
        ? undefined
        : {
            failure:
              typeof failure === 'function' ? (v: unknown, err: Error) => failure(v as V, err) : failure,
          },
    onSuccess: async (...args) => {
      await refreshTables(qc, tables);
      return onSuccess?.(...args);
    },
  });
}
