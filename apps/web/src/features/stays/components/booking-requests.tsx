import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { todayIso, type Booking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatMoney } from '@/lib/format';
import { useCancelBooking } from '@/queries/bookings';
import { nightsLabel } from '../nights-format';
import { stayLine } from '../stay';
import { CancelRequestButton, RequestItem, useCancelRequest } from './request-item';
import { SwapOfferDialog } from './swap-offer-dialog';
import { StayGuide } from './stay-guide';
import { StayReports } from './stay-reports';

function bookingTitle(
  t: TFunction<'stays'>,
  b: Pick<Booking, 'type' | 'giftRecipient' | 'rentalPrice'>,
): string {
  if (b.type === 'gift')
    return b.giftRecipient ? t('bookings.gift', { recipient: b.giftRecipient }) : t('bookings.giftToFriend');
  if (b.type === 'rental') return t('bookings.rental', { price: formatMoney(b.rentalPrice) });
  return t('bookings.personal');
}

/** An approved stay that has not begun can be offered in a swap. */
const swappable = (b: Booking, today: string) => b.status === 'approved' && (b.nights[0] ?? '') >= today;

/**
 * The investor's booking requests, with their status; a pending one can be cancelled, an approved stay
 * still ahead offered in a swap.
 */
export function BookingRequests({ bookings }: { bookings: Booking[] }) {
  const { t } = useTranslation('stays');
  /** The stay being offered in a swap; a new key per opening, so that the dialog starts empty. */
  const [swapping, setSwapping] = useState<{ stay: Booking; key: number } | null>(null);
  const today = todayIso();

  /** 'Gift to a friend, Dec 14 → Dec 17, 2026 · 3 nights': the request named in full. */
  const named = (b: Booking) => t('bookings.named', { title: bookingTitle(t, b), stay: stayLine(b.nights) });
  const { ask, dialog } = useCancelRequest<Booking>({
    cancel: useCancelBooking({ failure: { fallback: t('requests.cancelFailed') } }),
    title: t('bookings.cancelTitle'),
    describe: (b) =>
      t('bookings.cancelText', {
        count: b.nightCount,
        title: bookingTitle(t, b),
        stay: stayLine(b.nights),
        nights: nightsLabel(b.nightCount),
      }),
    done: (b) => t('bookings.freed', { count: b.nightCount, nights: nightsLabel(b.nightCount) }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bookings.title')}</CardTitle>
        <CardDescription>{t('bookings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('bookings.empty')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('bookings.label')}>
            {bookings.map((b) => (
              <RequestItem
                key={b._id}
                title={bookingTitle(t, b)}
                status={b.status}
                decisionNote={b.decisionNote}
                actions={
                  <>
                    {swappable(b, today) && (
                      <Button
                        variant="outline"
                        size="sm"
                        className="shrink-0"
                        onClick={() => setSwapping({ stay: b, key: Date.now() })}
                        aria-label={t('bookings.offerSwapLabel', { what: named(b) })}
                      >
                        {t('bookings.offerSwap')}
                      </Button>
                    )}
                    {b.status === 'pending' && (
                      <CancelRequestButton label={named(b)} onClick={() => ask(b)} />
                    )}
                  </>
                }
              >
                <p className="mt-1 text-sm">
                  {stayLine(b.nights)}
                  {b.cabins.length > 0 && <> · {b.cabins.join(', ')}</>}
                  {b.totalValue != null && <> · {formatMoney(b.totalValue)}</>}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('requests.requested', { date: formatDate(b.createdAt) })}
                </p>
                {b.notes && <p className="mt-2 text-sm text-muted-foreground">“{b.notes}”</p>}
                {b.status === 'approved' && (b.nights.at(-1) ?? '') >= today && (
                  <StayGuide bookingId={b._id} />
                )}
                {b.status === 'approved' && <StayReports bookingId={b._id} stay={named(b)} />}
              </RequestItem>
            ))}
          </ul>
        )}
      </CardContent>
      {dialog}
      {swapping && (
        <SwapOfferDialog
          key={swapping.key}
          projectId={swapping.stay.projectId}
          stay={swapping.stay}
          open
          onOpenChange={(o) => !o && setSwapping(null)}
        />
      )}
    </Card>
  );
}
