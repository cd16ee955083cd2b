import { useState, type FormEvent, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Textarea } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { toastDone, toastFailed } from '@/components/admin/feedback';
import { StatusBadge } from '@/components/admin/status-badge';

/** What an admin does with an investor's request (a stay, an activity). */
export type Decision = 'approve' | 'decline';

/** The request being decided: its id, who asked, and the line that sums it up under the title. */
export interface PendingDecision {
  id: string;
  decision: Decision;
  who: string;
  summary: string;
}

/** The words of one kind of request: the dialog's titles, the success toasts, the failure toast. */
export interface DecisionWords {
  title: Record<Decision, string>;
  done: Record<Decision, string>;
  failed: string;
}

/** The kind's decide mutation (`useDecideBooking()`, `useDecideActivityRequest()`). */
interface DecideMutation {
  mutateAsync(v: { id: string; decision: Decision; note?: string }): Promise<{ message?: string }>;
  isPending: boolean;
}

/**
 * Approving or declining a request, with an optional note to the investor: the request is sent, the
 * investor is notified, and the toast says so; a refusal shows next to the note and in a toast.
 */
export function DecisionDialog({
  pending,
  onClose,
  decide,
  words,
}: {
  pending: PendingDecision | null;
  onClose: () => void;
  decide: DecideMutation;
  words: DecisionWords;
}) {
  const [note, setNote] = useState('');
  const fe = useFieldErrors();
  const approve = pending?.decision === 'approve';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!pending) return;
    try {
      const res = await decide.mutateAsync({ id: pending.id, decision: pending.decision, note: note.trim() });
      toastDone(res.message ?? words.done[pending.decision], `${pending.who} is notified.`);
      setNote('');
      onClose();
    } catch (err) {
      fe.fromError(err);
      toastFailed(words.failed, err);
    }
  }

  return (
    <Dialog open={!!pending} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.title[approve ? 'approve' : 'decline']}</DialogTitle>
          <DialogDescription>{pending && `${pending.who} · ${pending.summary}`}</DialogDescription>
        </DialogHeader>
        <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <Field label="Note to the investor (optional)" error={fe.of('note')}>
            <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={approve ? 'default' : 'destructive'} disabled={decide.isPending}>
              {approve ? 'Approve' : 'Decline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What every request card shows: who asked, its status, when it was asked and decided. */
interface RequestLike {
  _id: string;
  user: { name: string; email: string };
  status: string;
  createdAt: string;
  decidedAt?: string | null;
  decisionNote?: string | null;
}

/**
 * One request in an admin list: the investor and the status as its heading, the request's own lines
 * (`children`), when it was asked and decided, and Approve and Decline while it is pending. The buttons
 * are named with the investor (`Approve the {what} of Emma`), so that a list of them reads apart.
 */
export function RequestCard({
  request: r,
  what,
  heading: Heading = 'h2',
  onDecide,
  children,
}: {
  request: RequestLike;
  /** 'request', 'activity request': the buttons' names. */
  what: string;
  heading?: 'h2' | 'h3';
  onDecide: (decision: Decision) => void;
  children: ReactNode;
}) {
  const headingId = `request-${r._id}`;
  return (
    <Card
      className="grid gap-3 p-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start"
      aria-labelledby={headingId}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Heading id={headingId} className="font-semibold">
            {r.user.name}
          </Heading>
          <span className="truncate text-sm text-muted-foreground">{r.user.email}</span>
          <StatusBadge status={r.status} />
        </div>
        {children}
        <p className="text-xs text-muted-foreground">
          Requested {formatDate(r.createdAt, 'relative')}
          {r.decidedAt && ` · decided ${formatDate(r.decidedAt, 'relative')}`}
          {r.decisionNote && ` · note: ${r.decisionNote}`}
        </p>
      </div>
      {r.status === 'pending' && (
        <div className="flex gap-2 md:flex-col">
          <Button
            size="sm"
            onClick={() => onDecide('approve')}
            aria-label={`Approve the ${what} of ${r.user.name}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDecide('decline')}
            aria-label={`Decline the ${what} of ${r.user.name}`}
          >
            <X aria-hidden="true" />
            Decline
          </Button>
        </div>
      )}
    </Card>
  );
}
