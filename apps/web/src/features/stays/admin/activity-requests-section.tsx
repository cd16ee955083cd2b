import { useState } from 'react';
import { Compass } from 'lucide-react';
import type { ActivityRequestStatus, AdminActivityRequest } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate } from '@/lib/format';
import { useDecideActivityRequest, useProjectActivityRequests } from '@/queries/activities';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { DecisionDialog, RequestCard, type DecisionWords, type PendingDecision } from './request-decision';
import { capitalize } from '@/components/admin/status-badge';

const VIEWS = ['pending', 'approved', 'declined', 'all'] as const;
type View = (typeof VIEWS)[number];

const party = (n: number) => formatCount(n, 'person', 'people');

const WORDS: DecisionWords = {
  title: { approve: 'Approve activity request', decline: 'Decline activity request' },
  done: { approve: 'Activity approved', decline: 'Activity declined' },
  failed: 'Failed to update activity request',
};

const summary = (r: AdminActivityRequest) => `${r.perkName} · ${formatDate(r.date)} · ${party(r.partySize)}`;

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
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useDecideActivityRequest();
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
                <RequestCard
                  request={r}
                  what="activity request"
                  heading="h3"
                  onDecide={(decision) =>
                    setPending({ id: r._id, decision, who: r.user.name, summary: summary(r) })
                  }
                >
                  <p className="text-sm">
                    <span className="font-medium">{r.perkName}</span>{' '}
                    <span className="text-muted-foreground">
                      · {formatDate(r.date)} · {party(r.partySize)}
                    </span>
                  </p>
                  {r.note && <p className="text-sm text-muted-foreground">“{r.note}”</p>}
                </RequestCard>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} decide={decide} words={WORDS} />
    </section>
  );
}
