import type { QueryClient } from '@tanstack/react-query';
import {
  endpointUrl,
  jsonAnswer,
  writeAffects,
  type Answer,
  type CallInput,
  type EndpointDef,
  type Table,
} from '@portal/contracts';
import { endpointById } from '@/lib/sign-in-endpoints';
import { api, apiBlob, type RequestOptions } from './api';
import { firstLoadAnswer, hasFirstLoad } from './first-load';

/** What a call may add: an abort signal, a timeout, no refresh-and-replay. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'refresh'>;

/** The input may be left out when the endpoint takes none. */
type Args<E extends EndpointDef> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, opts?: CallOptions]
    : [input: CallInput<E>, opts?: CallOptions];

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

/**
 * In development and in tests, an answer that does not match its declaration is reported: a fake API
 * in a test, or a server that drifted from the registry, shows at once (a test fails on the console
 * error, test/fail-on-console.ts). The production build leaves the check out.
 */
function checkAnswer(e: EndpointDef, answer: unknown) {
  const schema = jsonAnswer(e);
  const result = schema?.safeParse(answer);
  if (result && !result.success)
    console.error(`${e.id}: the answer does not match its declaration`, result.error.issues);
}

/**
 * Calls an endpoint of the registry: the path, method and body come from its declaration, the answer's
 * type from its schema. The one way the web app talks to the API (ADR 013). It goes through `api`, so
 * a test that replaces `api` sees every call.
 */
export async function call<E extends EndpointDef>(e: E, ...[input, opts]: Args<E>): Promise<Answer<E>> {
  const i = (input ?? {}) as AnyInput;
  const answer = await api<Answer<E>>(endpointUrl(e, i), {
    ...opts,
    method: e.method,
    ...(i.body !== undefined && { json: i.body }),
    ...(i.form && { form: i.form }),
  });
  if (import.meta.env.DEV) checkAnswer(e, answer);
  return answer;
}

/** Calls an endpoint that answers a file: its bytes and the name the server gave it. */
export function callFile<E extends EndpointDef>(e: E, ...[input, opts]: Args<E>) {
  return apiBlob(endpointUrl(e, input as AnyInput), { ...opts, method: e.method });
}

/**
 * The query key of a read: the endpoint's id, then its input. Every view of an endpoint's data shares
 * the same key, whichever screen shows it.
 */
export const queryKey = <E extends EndpointDef>(e: E, ...[input]: Args<E>) =>
  [e.id, (input ?? {}) as CallInput<E>] as const;

/**
 * The address of a read whose answer may have come with the page, while any are left. A disabled
 * query's input may be incomplete (a path parameter not chosen yet): it has none.
 */
function firstLoadUrl(e: EndpointDef, input: AnyInput): string | undefined {
  if (e.method !== 'GET' || !hasFirstLoad()) return undefined;
  try {
    return endpointUrl(e, input);
  } catch {
    return undefined;
  }
}

/**
 * A read's query options: its key, and a function that calls it and adapts the answer. When the page
 * came with this read's answer embedded (lib/first-load.ts), that answer is the query's initial data,
 * as old as the server's reading of it, so the first render has it and no request is made for it.
 */
export function endpointQuery<E extends EndpointDef, T = Answer<E>>(
  e: E,
  input: CallInput<E>,
  adapt: (answer: Answer<E>) => T = (a) => a as unknown as T,
) {
  const url = firstLoadUrl(e, input as AnyInput);
  const first = url ? firstLoadAnswer(url) : undefined;
  return {
    queryKey: [e.id, input] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      adapt(await call(e, ...([input, { signal }] as unknown as Args<E>))),
    ...(first && {
      initialData: () => adapt(firstLoadAnswer(url!, { take: true })?.answer as Answer<E>),
      initialDataUpdatedAt: first.at,
    }),
  };
}

/** Whether a cached query is a read of one of these tables. */
const readsAny = (queryKey: readonly unknown[], tables: readonly Table[]) => {
  const read = typeof queryKey[0] === 'string' ? endpointById(queryKey[0]) : undefined;
  return !!read && writeAffects({ writes: tables }, read);
};

/** Reloads every view made from these tables (those on screen at once, the others when next shown). */
export function refreshTables(qc: QueryClient, tables: readonly Table[]) {
  return qc.invalidateQueries({ predicate: (q) => readsAny(q.queryKey, tables) });
}

/** After a write: reloads every view of what it changed, on every screen (its declared `writes`). */
export const refreshAfterWrite = (qc: QueryClient, write: EndpointDef) =>
  refreshTables(qc, write.writes ?? []);
