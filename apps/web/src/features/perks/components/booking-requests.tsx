import { useState } from 'react';
import { todayIso, type Booking, type BookingStatus } from '@portal/contracts';
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
import { formatDate, formatMoney } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useCancelBooking } from '@/queries/bookings';
import { formatNights, nightsLabel } from '../nights-format';
import { SwapOfferDialog } from './swap-offer-dialog';

const STATUS: Record<BookingStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

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
  const [confirming, setConfirming] = useState<Booking | null>(null);
  /** The stay being offered in a swap; a new key per opening, so that the dialog starts empty. */
  const [swapping, setSwapping] = useState<{ stay: Booking; key: number } | null>(null);
  const today = todayIso();
  const cancel = useCancelBooking();

  async function confirmCancel() {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming._id);
      toast({
        title: 'Request cancelled',
        description: `${nightsLabel(confirming.nightCount)} are free again.`,
      });
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
            {bookings.map((b) => {
              const s = STATUS[b.status];
              return (
                <li
                  key={b._id}
                  className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">{bookingTitle(b)}</h3>
                      <Badge variant={s.variant}>{s.label}</Badge>
                    </div>
                    <p className="mt-1 text-sm">
                      {nightsLabel(b.nightCount)} · {formatNights(b.nights)}
                      {b.totalValue != null && <> · {formatMoney(b.totalValue)}</>}
                    </p>
                    <p className="mt-1 text-xs text-muted-foreground">Requested {formatDate(b.createdAt)}</p>
                    {b.notes && <p className="mt-2 text-sm text-muted-foreground">“{b.notes}”</p>}
                    {b.decisionNote && (
                      <p className="mt-2 text-sm">
                        <span className="font-medium">Operator:</span> {b.decisionNote}
                      </p>
                    )}
                  </div>
                  {swappable(b, today) && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="shrink-0"
                      onClick={() => setSwapping({ stay: b, key: Date.now() })}
                      aria-label={`Offer a swap: ${bookingTitle(b)}, ${formatNights(b.nights)}`}
                    >
                      Offer a swap
                    </Button>
                  )}
                  {b.status === 'pending' && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setConfirming(b)}
                      aria-label={`Cancel request: ${bookingTitle(b)}, ${formatNights(b.nights)}`}
                    >
                      Cancel request
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <Dialog open={!!confirming} onOpenChange={(o) => !o && setConfirming(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Cancel this request?</DialogTitle>
            <DialogDescription>
              {confirming &&
                `${bookingTitle(confirming)}, ${formatNights(confirming.nights)}. The ${nightsLabel(confirming.nightCount)} become available again.`}
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
