import type { ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { bookingDecisionInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { toastDone } from '@/components/admin/feedback';
import { StatusBadge } from '@/components/admin/status-badge';

/** The lists of requests by status, each named in the page's language. */
export const VIEWS = {
  pending: 'admin.view.pending',
  approved: 'admin.view.approved',
  declined: 'admin.view.declined',
  all: 'admin.view.all',
} as const;
export type View = keyof typeof VIEWS;

/** What an admin does with an investor's request (a stay, an activity). */
export type Decision = 'approve' | 'decline';

/** The request being decided: its id, who asked, and the line that sums it up under the title. */
export interface PendingDecision {
  id: string;
  decision: Decision;
  who: string;
  summary: string;
}

/** The words of one kind of request, in the page's language: the dialog's titles, the success toasts, the failure toast. */
export interface DecisionWords {
  title: Record<Decision, string>;
  done: Record<Decision, string>;
  failed: string;
}

/** The kind's decide mutation, naming `words.failed` as its failure (`useDecideBooking({ failure })`). */
interface DecideMutation {
  mutateAsync(v: { id: string; decision: Decision; note?: string }): Promise<unknown>;
  isPending: boolean;
}

/**
 * Approving or declining a request, with an optional note to the investor: the request is sent, the
 * investor is notified, and the toast says so; a refusal shows next to the note, or above it, and in a
 * toast.
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
  const { t } = useTranslation('stays');
  const decision = pending?.decision ?? 'decline';
  const label = decision === 'approve' ? t('admin.decision.approve') : t('admin.decision.decline');
  return (
    <FormDialog
      open={!!pending}
      onClose={onClose}
      formKey={pending ? `${pending.id}:${pending.decision}` : undefined}
      title={words.title[decision]}
      description={pending && `${pending.who} · ${pending.summary}`}
      defaultValues={{ note: '' }}
      schema={bookingDecisionInput}
      toBody={({ note }: { note: string }) => ({ note: note.trim() })}
      onSubmit={async ({ note }) => {
        if (!pending) return;
        await decide.mutateAsync({ id: pending.id, decision: pending.decision, note });
        toastDone(words.done[pending.decision], t('admin.decision.notified', { name: pending.who }));
      }}
      failure={words.failed}
      submitLabel={label}
      pendingLabel={label}
      destructive={decision === 'decline'}
    >
      {(f) => (
        <Field label={t('admin.decision.note')} error={f.error('note')}>
          <Textarea rows={3} maxLength={500} {...f.register('note')} />
        </Field>
      )}
    </FormDialog>
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

/** The names of a request card's buttons, by the kind of request: 'Approve the request of Emma'. */
const BUTTONS = {
  request: { approve: 'admin.decision.approveRequest', decline: 'admin.decision.declineRequest' },
  activity: { approve: 'admin.decision.approveActivity', decline: 'admin.decision.declineActivity' },
} as const;

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
  /** A stay's request or an activity's: the buttons' names. */
  what: keyof typeof BUTTONS;
  heading?: 'h2' | 'h3';
  onDecide: (decision: Decision) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('stays');
  const headingId = `request-${r._id}`;
  const when = [
    t('admin.decision.requested', { when: formatDate(r.createdAt, 'ago') }),
    r.decidedAt && t('admin.decision.decided', { when: formatDate(r.decidedAt, 'ago') }),
    r.decisionNote && t('admin.decision.noted', { note: r.decisionNote }),
  ];
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
        <p className="text-xs text-muted-foreground">{when.filter(Boolean).join(' · ')}</p>
      </div>
      {r.status === 'pending' && (
        <div className="flex gap-2 md:flex-col">
          <Button
            size="sm"
            onClick={() => onDecide('approve')}
            aria-label={t(BUTTONS[what].approve, { name: r.user.name })}
          >
            <Check aria-hidden="true" />
            {t('admin.decision.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDecide('decline')}
            aria-label={t(BUTTONS[what].decline, { name: r.user.name })}
          >
            <X aria-hidden="true" />
            {t('admin.decision.decline')}
          </Button>
        </div>
      )}
    </Card>
  );
}
