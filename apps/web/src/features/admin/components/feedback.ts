import { confirmAction } from '@/lib/confirm';
import { messageOf, toast } from '@/lib/toast';

/** A success toast (docs/product.md §15: 'Created', 'Updated', 'Deleted', 'User added' …). */
export const toastDone = (title: string, description?: string) => toast({ title, description });

/** An error toast titled with its fixed words ('Failed to save project'), the server's reason below it. */
export const toastFailed = (title: string, err?: unknown) =>
  toast({
    title,
    description: err === undefined ? undefined : messageOf(err, 'Please try again.'),
    variant: 'destructive',
  });

/**
 * Deletions need a confirmation (docs/product.md §15), in the app's own dialog: the title names what will be
 * removed ('Delete perk Sauna evenings?'); resolves true when confirmed.
 */
export const confirmDelete = (what: string, description = 'This cannot be undone.') =>
  confirmAction({ title: `Delete ${what}?`, description, confirmLabel: 'Delete', destructive: true });
