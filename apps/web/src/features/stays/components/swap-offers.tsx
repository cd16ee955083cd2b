import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SwapOffer, SwapStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDecideSwapOffer, useSwapOffers, type SwapDecision } from '@/queries/swaps';
import { nightsLabel } from '../nights-format';
import { stayDatesText } from '../stay';

const STATUS = {
  pending: { label: 'common:status.pending', variant: 'warning' },
  accepted: { label: 'swaps.status.accepted', variant: 'success' },
  declined: { label: 'common:status.declined', variant: 'destructive' },
  withdrawn: { label: 'swaps.status.withdrawn', variant: 'secondary' },
  void: { label: 'swaps.status.void', variant: 'outline' },
} as const satisfies Record<SwapStatus, { label: string; variant: BadgeProps['variant'] }>;

const DONE = {
  accept: 'swaps.done.accept',
  decline: 'swaps.done.decline',
  withdraw: 'swaps.done.withdraw',
} as const satisfies Record<SwapDecision, string>;

/** 'They offer Mar 3 → Mar 5, 2027 for your Feb 12 → Feb 14, 2027', or the other way round for a sent offer. */
function offerText(t: TFunction<'stays'>, o: Pick<SwapOffer, 'direction' | 'offered' | 'requested'>): string {
  const stays = { offered: stayDatesText(o.offered.nights), requested: stayDatesText(o.requested.nights) };
  return o.direction === 'received' ? t('swaps.theyOffer', stays) : t('swaps.youOffer', stays);
}

function outcome(t: TFunction<'stays'>, o: SwapOffer): string | null {
  const date = o.decidedAt ? formatDate(o.decidedAt) : null;
  switch (o.status) {
    case 'accepted': {
      const received = o.direction === 'received';
      const stay = stayDatesText(received ? o.offered.nights : o.requested.nights);
      if (received) return date ? t('swaps.youAcceptedOn', { date, stay }) : t('swaps.youAccepted', { stay });
      return date ? t('swaps.acceptedOn', { date, stay }) : t('swaps.accepted', { stay });
    }
    case 'declined':
      return date ? t('swaps.declinedOn', { date }) : t('swaps.declined');
    case 'withdrawn':
      return date ? t('swaps.withdrawnOn', { date }) : t('swaps.withdrawn');
    case 'void':
      return t('swaps.void');
    default:
      return null;
  }
}

/**
 * The investor's swap offers in a project: a received pending one can be accepted or declined, a sent
 * pending one withdrawn; the others show how they ended.
 */
export function SwapOffers({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['stays', 'common']);
  const offers = useSwapOffers(projectId);
  const decide = useDecideSwapOffer({ failure: { fallback: t('swaps.changeFailed') } });
  const list = offers.data ?? [];

  async function act(o: SwapOffer, action: SwapDecision) {
    try {
      await decide.mutateAsync({ id: o._id, action });
      toast({ title: t(DONE[action]), description: t('swaps.doneText', { offer: offerText(t, o) }) });
    } catch {
      // Told by the decision's failure toast.
    }
  }

  const busy = (o: SwapOffer) => decide.isPending && decide.variables?.id === o._id;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('swaps.title')}</CardTitle>
        <CardDescription>{t('swaps.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {offers.isLoading ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('swaps.loading')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('swaps.empty')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('swaps.label')}>
            {list.map((o) => {
              const s = STATUS[o.status];
              const text = offerText(t, o);
              const after = outcome(t, o);
              const pending = o.status === 'pending';
              return (
                <li
                  key={o._id}
                  className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">
                        {o.direction === 'received' ? t('swaps.received') : t('swaps.sent')}
                      </h3>
                      <Badge variant={s.variant}>{t(s.label)}</Badge>
                    </div>
                    <p className="mt-1 text-sm">{text}</p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {t('swaps.nights', {
                        offered: nightsLabel(o.offered.nightCount),
                        requested: nightsLabel(o.requested.nightCount),
                        date: formatDate(o.createdAt),
                      })}
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
                        aria-label={t('swaps.acceptLabel', { offer: text })}
                      >
                        {t('swaps.accept')}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void act(o, 'decline')}
                        disabled={busy(o)}
                        aria-label={t('swaps.declineLabel', { offer: text })}
                      >
                        {t('swaps.decline')}
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
                      aria-label={t('swaps.withdrawLabel', { offer: text })}
                    >
                      {t('swaps.withdraw')}
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
