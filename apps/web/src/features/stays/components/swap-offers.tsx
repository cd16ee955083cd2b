import { nightsText, stayDates, SWAP_MESSAGES, type SwapOffer, type SwapStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useDecideSwapOffer, useSwapOffers, type SwapDecision } from '@/queries/swaps';

const STATUS: Record<SwapStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  withdrawn: { label: 'Withdrawn', variant: 'secondary' },
  void: { label: 'Void', variant: 'outline' },
};

const DONE: Record<SwapDecision, string> = {
  accept: SWAP_MESSAGES.accepted,
  decline: SWAP_MESSAGES.declined,
  withdraw: SWAP_MESSAGES.withdrawn,
};

/** 'They offer Mar 3–5, 2027 for your Feb 12–14, 2027', or the other way round for a sent offer. */
function offerText(o: Pick<SwapOffer, 'direction' | 'offered' | 'requested'>): string {
  const offered = stayDates(o.offered.nights);
  const requested = stayDates(o.requested.nights);
  return o.direction === 'received'
    ? `They offer ${offered} for your ${requested}`
    : `You offer ${offered} for their ${requested}`;
}

function outcome(o: SwapOffer): string | null {
  const when = o.decidedAt ? ` on ${formatDate(o.decidedAt)}` : '';
  switch (o.status) {
    case 'accepted':
      return o.direction === 'received'
        ? `You accepted${when}: you now hold ${stayDates(o.offered.nights)}.`
        : `Accepted${when}: you now hold ${stayDates(o.requested.nights)}.`;
    case 'declined':
      return `Declined${when}.`;
    case 'withdrawn':
      return `Withdrawn${when}.`;
    case 'void':
      return 'One of the stays changed after the offer was made.';
    default:
      return null;
  }
}

/**
 * The investor's swap offers in a project: a received pending one can be accepted or declined, a sent
 * pending one withdrawn; the others show how they ended.
 */
export function SwapOffers({ projectId }: { projectId: string }) {
  const offers = useSwapOffers(projectId);
  const decide = useDecideSwapOffer();
  const list = offers.data ?? [];

  async function act(o: SwapOffer, action: SwapDecision) {
    try {
      await decide.mutateAsync({ id: o._id, action });
      toast({ title: DONE[action], description: `${offerText(o)}.` });
    } catch (err) {
      toast({
        title: 'Error',
        description: messageOf(err, 'The swap offer could not be changed'),
        variant: 'destructive',
      });
    }
  }

  const busy = (o: SwapOffer) => decide.isPending && decide.variables?.id === o._id;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Swap offers</CardTitle>
        <CardDescription>
          Exchange an approved stay with another investor in this project: offers show the dates only.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {offers.isLoading ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading swap offers…
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No swap offers yet. Use “Offer a swap” on one of your approved stays.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Swap offers">
            {list.map((o) => {
              const s = STATUS[o.status];
              const text = offerText(o);
              const after = outcome(o);
              const pending = o.status === 'pending';
              return (
                <li
                  key={o._id}
                  className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">
                        {o.direction === 'received' ? 'Offer received' : 'Offer sent'}
                      </h3>
                      <Badge variant={s.variant}>{s.label}</Badge>
                    </div>
                    <p className="mt-1 text-sm">{text}</p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {nightsText(o.offered.nightCount)} for {nightsText(o.requested.nightCount)} · Offered{' '}
                      {formatDate(o.createdAt)}
                    </p>
                    {o.note && <p className="mt-2 text-sm text-muted-foreground">“{o.note}”</p>}
                    {after && <p className="mt-2 text-sm text-muted-foreground">{after}</p>}
                  </div>
                  {pending && o.direction === 'received' && (
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        onClick={() => void act(o, 'accept')}
                        disabled={busy(o)}
                        aria-label={`Accept swap: ${text}`}
                      >
                        Accept
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void act(o, 'decline')}
                        disabled={busy(o)}
                        aria-label={`Decline swap: ${text}`}
                      >
                        Decline
                      </Button>
                    </div>
                  )}
                  {pending && o.direction === 'sent' && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="shrink-0"
                      onClick={() => void act(o, 'withdraw')}
                      disabled={busy(o)}
                      aria-label={`Withdraw swap: ${text}`}
                    >
                      Withdraw
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
