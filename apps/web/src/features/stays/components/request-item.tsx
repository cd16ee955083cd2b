import { useState, type ReactNode } from 'react';
import type { BookingStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { messageOf, toast } from '@/lib/toast';

/** A stay's and an activity's request share their statuses. */
const STATUS: Record<BookingStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

/**
 * One of the investor's requests in their list: its title and status, its own lines (`children`), the
 * operator's note once decided, and its actions (`actions`: cancel, offer a swap).
 */
export function RequestItem({
  title,
  status,
  decisionNote,
  actions,
  children,
}: {
  title: string;
  status: BookingStatus;
  decisionNote?: string | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  const s = STATUS[status];
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{title}</h3>
          <Badge variant={s.variant}>{s.label}</Badge>
        </div>
        {children}
        {decisionNote && (
          <p className="mt-2 text-sm">
            <span className="font-medium">Operator:</span> {decisionNote}
          </p>
        )}
      </div>
      {actions}
    </li>
  );
}

/**
 * Cancelling one of the investor's pending requests: `ask(request)` opens the confirmation, and
 * `dialog` is the confirmation to render. On success the toast says `done(request)`; a refusal says why.
 */
export function useCancelRequest<R extends { _id: string }>({
  cancel,
  title,
  describe,
  done,
}: {
  cancel: { mutateAsync(id: string): Promise<unknown>; isPending: boolean };
  /** The confirmation's title: 'Cancel this request?'. */
  title: string;
  /** The confirmation's description: what the request is. */
  describe: (r: R) => string;
  /** The success toast's description. */
  done: (r: R) => string;
}) {
  const [confirming, setConfirming] = useState<R | null>(null);

  async function confirmCancel() {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming._id);
      toast({ title: 'Request cancelled', description: done(confirming) });
      setConfirming(null);
    } catch (err) {
      toast({
        title: 'Error',
        description: messageOf(err, 'The request could not be cancelled'),
        variant: 'destructive',
      });
    }
  }

  const dialog = (
    <TitledDialog
      open={!!confirming}
      onOpenChange={(o) => !o && setConfirming(null)}
      className="max-w-md"
      title={title}
      description={confirming && describe(confirming)}
    >
      <DialogFooter>
        <Button variant="outline" onClick={() => setConfirming(null)} disabled={cancel.isPending}>
          Keep Request
        </Button>
        <Button variant="destructive" onClick={() => void confirmCancel()} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );

  return { ask: setConfirming, dialog };
}

/** The button that asks to cancel a pending request, named with what it cancels. */
export const CancelRequestButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button variant="outline" size="sm" onClick={onClick} aria-label={`Cancel request: ${label}`}>
    Cancel request
  </Button>
);
