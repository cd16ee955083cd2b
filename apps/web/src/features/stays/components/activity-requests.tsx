import type { ActivityRequest } from '@portal/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useCancelActivityRequest } from '@/queries/activities';
import { CancelRequestButton, RequestItem, useCancelRequest } from './request-item';

const party = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const what = (r: ActivityRequest) => `${r.perkName}, ${formatDate(r.date)}`;

/** The investor's partner-activity requests with their status; a pending one can be cancelled. */
export function ActivityRequests({ requests }: { requests: ActivityRequest[] }) {
  const { ask, dialog } = useCancelRequest<ActivityRequest>({
    cancel: useCancelActivityRequest(),
    title: 'Cancel this activity request?',
    describe: (r) => `${what(r)}, ${party(r.partySize)}.`,
    done: (r) => `${what(r)} was cancelled.`,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity requests</CardTitle>
        <CardDescription>Partner activities wait for the operator&apos;s approval.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Activity requests">
          {requests.map((r) => (
            <RequestItem
              key={r._id}
              title={r.perkName}
              status={r.status}
              decisionNote={r.decisionNote}
              actions={
                r.status === 'pending' && <CancelRequestButton label={what(r)} onClick={() => ask(r)} />
              }
            >
              <p className="mt-1 text-sm">
                {formatDate(r.date)} · {party(r.partySize)}
              </p>
              {r.note && <p className="mt-2 text-sm text-muted-foreground">“{r.note}”</p>}
            </RequestItem>
          ))}
        </ul>
      </CardContent>
      {dialog}
    </Card>
  );
}
