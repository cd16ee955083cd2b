import { forgetFirstLoad } from './first-load';

/**
 * What the app keeps of the signed-in user's reads: the answers embedded in the page (lib/first-load.ts)
 * and the query cache, once it is loaded (lib/query-client.ts registers it). Signing in or out forgets
 * both, so that nothing of one user is shown to the next. Kept apart from the query cache itself so that
 * the session (part of the sign-in page) does not load the query library.
 */
let cache: { clear(): void } | undefined;

export function keepReadsIn(queryCache: { clear(): void }) {
  cache = queryCache;
}

export function forgetReads() {
  forgetFirstLoad();
  cache?.clear();
}
