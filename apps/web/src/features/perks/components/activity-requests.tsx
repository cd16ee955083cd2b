import { useState } from 'react';
import type { ActivityRequest, ActivityRequestStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useCancelActivityRequest } from '@/queries/activities';

const STATUS: Record<ActivityRequestStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

const party = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const what = (r: ActivityRequest) => `${r.perkName}, ${formatDate(r.date)}`;

/** The investor's partner-activity requests with their status; a pending one can be cancelled. */
export function ActivityRequests({ requests }: { requests: ActivityRequest[] }) {
  const [confirming, setConfirming] = useState<ActivityRequest | null>(null);
  const cancel = useCancelActivityRequest();

  async function confirmCancel() {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming._id);
      toast({ title: 'Request cancelled', description: `${what(confirming)} was cancelled.` });
      setConfirming(null);
    } catch (err) {
      toast({
        title: 'Error',
        description: messageOf(err, 'The request could not be cancelled'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity requests</CardTitle>
        <CardDescription>Partner activities wait for the operator&apos;s approval.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Activity requests">
          {requests.map((r) => {
            const s = STATUS[r.status];
            return (
              <li
                key={r._id}
                className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{r.perkName}</h3>
                    <Badge variant={s.variant}>{s.label}</Badge>
                  </div>
                  <p className="mt-1 text-sm">
                    {formatDate(r.date)} · {party(r.partySize)}
                  </p>
                  {r.note && <p className="mt-2 text-sm text-muted-foreground">“{r.note}”</p>}
                  {r.decisionNote && (
                    <p className="mt-2 text-sm">
                      <span className="font-medium">Operator:</span> {r.decisionNote}
                    </p>
                  )}
                </div>
                {r.status === 'pending' && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setConfirming(r)}
                    aria-label={`Cancel request: ${what(r)}`}
                  >
                    Cancel request
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <Dialog open={!!confirming} onOpenChange={(o) => !o && setConfirming(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Cancel this activity request?</DialogTitle>
            <DialogDescription>
              {confirming && `${what(confirming)}, ${party(confirming.partySize)}.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={cancel.isPending}>
              Keep Request
            </Button>
            <Button variant="destructive" onClick={() => void confirmCancel()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
