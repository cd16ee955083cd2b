import type { DbOrTx } from '../../db/client';

/**
 * What happens when nights come free in a project (a request cancelled or declined, a swap, a cabin made
 * active): the waitlist's first fitting entry becomes a request (`waitlist/promote.ts`). The waitlist
 * makes its requests through the bookings' own path, so the bookings, cabins and swaps call it through
 * this hook rather than importing it: the waitlist module sets it when it is loaded, in the same
 * transaction as the write that freed the nights.
 */
type StayFreed = (tx: DbOrTx, projectId: string, today: string) => Promise<unknown>;

let hook: StayFreed | undefined;

export function onStayFreed(fn: StayFreed) {
  hook = fn;
}

/** Tells the waitlist that nights came free in `projectId`. */
export async function stayFreed(tx: DbOrTx, projectId: string, today: string): Promise<void> {
  await hook?.(tx, projectId, today);
}
