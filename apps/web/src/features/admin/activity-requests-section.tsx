import { useState, type FormEvent } from 'react';
import { Check, Compass, X } from 'lucide-react';
import type { ActivityRequestStatus, AdminActivityRequest } from '@portal/contracts';
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
import { NativeSelect, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useDecideActivityRequest, useProjectActivityRequests } from '@/queries/activities';
import { EmptyState } from './components/empty-state';
import { toastDone, toastFailed, useFailedToast } from './components/feedback';
import { StatusBadge, capitalize } from './components/status-badge';

const VIEWS = ['pending', 'approved', 'declined', 'all'] as const;
type View = (typeof VIEWS)[number];
type Decision = 'approve' | 'decline';

const party = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

function DecisionDialog({
  pending,
  onClose,
}: {
  pending: { request: AdminActivityRequest; decision: Decision } | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const decide = useDecideActivityRequest();
  const fe = useFieldErrors();
  const approve = pending?.decision === 'approve';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!pending) return;
    try {
      const res = await decide.mutateAsync({
        id: pending.request._id,
        decision: pending.decision,
        note: note.trim(),
      });
      toastDone(
        res.message ?? (approve ? 'Activity approved' : 'Activity declined'),
        `${pending.request.user.name} is notified.`,
      );
      setNote('');
      onClose();
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to update activity request', err);
    }
  }

  return (
    <Dialog open={!!pending} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{approve ? 'Approve activity request' : 'Decline activity request'}</DialogTitle>
          <DialogDescription>
            {pending &&
              `${pending.request.user.name} · ${pending.request.perkName} · ${formatDate(pending.request.date)} · ${party(pending.request.partySize)}`}
          </DialogDescription>
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

function ActivityCard({ r, onDecide }: { r: AdminActivityRequest; onDecide: (d: Decision) => void }) {
  return (
    <Card
      className="grid gap-3 p-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start"
      aria-labelledby={`activity-${r._id}`}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`activity-${r._id}`} className="font-semibold">
            {r.user.name}
          </h3>
          <span className="truncate text-sm text-muted-foreground">{r.user.email}</span>
          <StatusBadge status={r.status} />
        </div>
        <p className="text-sm">
          <span className="font-medium">{r.perkName}</span>{' '}
          <span className="text-muted-foreground">
            · {formatDate(r.date)} · {party(r.partySize)}
          </span>
        </p>
        {r.note && <p className="text-sm text-muted-foreground">“{r.note}”</p>}
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
            aria-label={`Approve the activity request of ${r.user.name}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDecide('decline')}
            aria-label={`Decline the activity request of ${r.user.name}`}
          >
            <X aria-hidden="true" />
            Decline
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * Partner-activity requests of a project (they use no cabin nights), next to the stay requests: approve
 * or decline, the investor is notified.
 */
export function ActivityRequestsSection({ projectId }: { projectId: string }) {
  const [view, setView] = useState<View>('pending');
  const { data, isLoading, isError, error } = useProjectActivityRequests(
    projectId,
    view === 'all' ? undefined : (view as ActivityRequestStatus),
  );
  const [pending, setPending] = useState<{ request: AdminActivityRequest; decision: Decision } | null>(null);
  useFailedToast('Failed to load activity requests', isError, error);

  return (
    <section aria-labelledby="activity-requests-heading" className="mt-8 grid gap-4">
      <div>
        <h2 id="activity-requests-heading" className="text-xl font-semibold tracking-tight">
          Activity requests
        </h2>
        <p className="text-sm text-muted-foreground">Partner activities requested by investors</p>
      </div>
      <Field label="Status" className="max-w-48">
        <NativeSelect value={view} onChange={(e) => setView(e.target.value as View)}>
          {VIEWS.map((v) => (
            <option key={v} value={v}>
              {capitalize(v)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div>
        {isLoading ? (
          <div className="grid gap-3" role="status" aria-label="Loading activity requests">
            <Skeleton className="h-24" />
          </div>
        ) : !data || data.length === 0 ? (
          <EmptyState
            icon={Compass}
            title={view === 'pending' ? 'No pending activity requests' : 'No activity requests'}
          />
        ) : (
          <ul className="grid gap-3" aria-label="Activity requests">
            {data.map((r) => (
              <li key={r._id}>
                <ActivityCard r={r} onDecide={(decision) => setPending({ request: r, decision })} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}
