import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';

/** A stay's and an activity's request share their statuses. */
const STATUS = {
  pending: { label: 'common:status.pending', variant: 'warning' },
  approved: { label: 'common:status.approved', variant: 'success' },
  declined: { label: 'common:status.declined', variant: 'destructive' },
  cancelled: { label: 'common:status.cancelled', variant: 'secondary' },
} as const satisfies Record<BookingStatus, { label: string; variant: BadgeProps['variant'] }>;

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
  const { t } = useTranslation(['stays', 'common']);
  const s = STATUS[status];
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{title}</h3>
          <Badge variant={s.variant}>{t(s.label)}</Badge>
        </div>
        {children}
        {decisionNote && (
          <p className="mt-2 text-sm">
            <span className="font-medium">{t('requests.operator')}</span> {decisionNote}
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
  /** The kind's cancel mutation, naming its failure (`useCancelBooking({ failure })`). */
  cancel: { mutateAsync(id: string): Promise<unknown>; isPending: boolean };
  /** The confirmation's title: 'Cancel this request?', in the page's language. */
  title: string;
  /** The confirmation's description: what the request is. */
  describe: (r: R) => string;
  /** The success toast's description. */
  done: (r: R) => string;
}) {
  const { t } = useTranslation(['stays', 'common']);
  const [confirming, setConfirming] = useState<R | null>(null);

  async function confirmCancel() {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming._id);
      toast({ title: t('requests.cancelled'), description: done(confirming) });
      setConfirming(null);
    } catch {
      // Told by the cancellation's failure toast (`cancel` names it); the confirmation stays open.
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
          {t('requests.keep')}
        </Button>
        <Button variant="destructive" onClick={() => void confirmCancel()} disabled={cancel.isPending}>
          {cancel.isPending ? t('requests.cancelling') : t('requests.confirmCancel')}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );

  return { ask: setConfirming, dialog };
}

/** The button that asks to cancel a pending request, named with what it cancels. */
export function CancelRequestButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation(['stays', 'common']);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onClick}
      aria-label={t('requests.cancelLabel', { what: label })}
    >
      {t('requests.cancel')}
    </Button>
  );
}
