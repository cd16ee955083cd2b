import { useEffect } from 'react';
import { ApiError } from '@/lib/api';
import { confirmAction, type ConfirmRequest } from '@/lib/confirm';
import { toast, toastFailed } from '@/lib/toast';

/** A success toast (docs/product.md §15: 'Created', 'Updated', 'Deleted', 'User added' …). */
export const toastDone = (title: string, description?: string) => toast({ title, description });

export { toastFailed } from '@/lib/toast';

/**
 * Deletions need a confirmation (docs/product.md §15), in the app's own dialog: the title names what will be
 * removed ('Delete perk Sauna evenings?'); resolves true when confirmed.
 */
const confirmDelete = (what: string, description = 'This cannot be undone.') =>
  confirmAction({ title: `Delete ${what}?`, description, confirmLabel: 'Delete', destructive: true });

/** A refusal of the server because of what the thing holds (409): its message says why. */
export const isConflict = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409;

/** A failed read says so once, in a toast titled as docs/product.md §18 words it ('Failed to fetch perks'). */
export function useFailedToast(title: string, isError: boolean, error?: unknown) {
  useEffect(() => {
    if (isError) toastFailed(title, error);
  }, [title, isError, error]);
}

/**
 * The delete flow of every admin list: the confirmation (`confirmDelete(what)`, or a question of its
 * own), then the request, then 'Deleted' (or the title given) with what was removed. A failure is told
 * by the delete's mutation (its `failure`, toasted by the query client's mutation cache). With
 * `onConflict`, a refusal of the server (409: the thing is kept, for a reason it gives) is handed to it
 * (the mutation's `failure` then returns null for it). Resolves true once deleted.
 */
export async function deleteAfterConfirm({
  what,
  confirm,
  run,
  done,
  doneTitle = 'Deleted',
  onConflict,
}: {
  /** Named in the question: 'perk Sauna evenings' → 'Delete perk Sauna evenings?'. */
  what?: string;
  /** A question of its own instead (a name to type, a longer description). */
  confirm?: ConfirmRequest;
  run: () => Promise<unknown>;
  done: string;
  doneTitle?: string;
  /** What to offer instead when the server refuses with a 409 (its message given). */
  onConflict?: (message: string) => Promise<unknown>;
}): Promise<boolean> {
  const ok = confirm ? await confirmAction(confirm) : await confirmDelete(what ?? '');
  if (!ok) return false;
  try {
    await run();
    toastDone(doneTitle, done);
    return true;
  } catch (err) {
    if (onConflict && isConflict(err)) await onConflict(err.message);
    return false;
  }
}
