import { useState } from 'react';
import { nightsText, stayText, todayIso, type Booking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatMoney } from '@/lib/format';
import { useCancelBooking } from '@/queries/bookings';
import { CancelRequestButton, RequestItem, useCancelRequest } from './request-item';
import { SwapOfferDialog } from './swap-offer-dialog';

function bookingTitle(b: Pick<Booking, 'type' | 'giftRecipient' | 'rentalPrice'>): string {
  if (b.type === 'gift') return `Gift to ${b.giftRecipient ?? 'a friend'}`;
  if (b.type === 'rental') return `Rental at ${formatMoney(b.rentalPrice)} a night`;
  return 'Personal stay';
}

/** An approved stay that has not begun can be offered in a swap. */
const swappable = (b: Booking, today: string) => b.status === 'approved' && (b.nights[0] ?? '') >= today;

/**
 * The investor's booking requests, with their status; a pending one can be cancelled, an approved stay
 * still ahead offered in a swap.
 */
export function BookingRequests({ bookings }: { bookings: Booking[] }) {
  /** The stay being offered in a swap; a new key per opening, so that the dialog starts empty. */
  const [swapping, setSwapping] = useState<{ stay: Booking; key: number } | null>(null);
  const today = todayIso();

  const { ask, dialog } = useCancelRequest<Booking>({
    cancel: useCancelBooking(),
    title: 'Cancel this request?',
    describe: (b) =>
      `${bookingTitle(b)}, ${stayText(b.nights)}. The ${nightsText(b.nightCount)} become available again.`,
    done: (b) => `${nightsText(b.nightCount)} are free again.`,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Booking Requests</CardTitle>
        <CardDescription>
          Requests wait for the operator&apos;s approval; pending ones can be cancelled, approved stays ahead
          offered in a swap.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No booking requests yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Booking requests">
            {bookings.map((b) => (
              <RequestItem
                key={b._id}
                title={bookingTitle(b)}
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
                        aria-label={`Offer a swap: ${bookingTitle(b)}, ${stayText(b.nights)}`}
                      >
                        Offer a swap
                      </Button>
                    )}
                    {b.status === 'pending' && (
                      <CancelRequestButton
                        label={`${bookingTitle(b)}, ${stayText(b.nights)}`}
                        onClick={() => ask(b)}
                      />
                    )}
                  </>
                }
              >
                <p className="mt-1 text-sm">
                  {stayText(b.nights)}
                  {b.cabins.length > 0 && <> · {b.cabins.join(', ')}</>}
                  {b.totalValue != null && <> · {formatMoney(b.totalValue)}</>}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">Requested {formatDate(b.createdAt)}</p>
                {b.notes && <p className="mt-2 text-sm text-muted-foreground">“{b.notes}”</p>}
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
