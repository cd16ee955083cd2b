import { useState, type FormEvent } from 'react';
import { CalendarCheck, Check, X } from 'lucide-react';
import {
  BOOKING_TYPE_LABELS,
  type AdminBooking,
  type BookingStatus,
  type HighSeason,
} from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
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
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney } from '@/lib/format';
import { highSeasonNights, highSeasonNightsText } from '@/lib/high-season';
import { useDecideBooking, useProjectBookings } from '@/queries/bookings';
import { useHighSeasons } from '@/queries/cabins';
import { ActivityRequestsSection } from './activity-requests-section';
import { EmptyState } from './components/empty-state';
import { toastDone, toastFailed, useFailedToast } from './components/feedback';
import { NoProject } from './components/no-project';
import { PageHeader } from './components/page-header';
import { RentalIncomeSection } from './rental-income-section';
import { StatusBadge, capitalize } from './components/status-badge';

const VIEWS = ['pending', 'approved', 'declined', 'all'] as const;
type View = (typeof VIEWS)[number];

/** 'Mar 3 – Mar 6, 2026' for consecutive nights; otherwise the first and the count. */
function nightsText(nights: string[]) {
  if (nights.length === 0) return '';
  const first = formatDate(nights[0]);
  if (nights.length === 1) return first;
  return `${first} – ${formatDate(nights[nights.length - 1])}`;
}

function DecisionDialog({
  pending,
  onClose,
}: {
  pending: { booking: AdminBooking; decision: 'approve' | 'decline' } | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const decide = useDecideBooking();
  const fe = useFieldErrors();
  const approve = pending?.decision === 'approve';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!pending) return;
    try {
      const res = await decide.mutateAsync({
        id: pending.booking._id,
        decision: pending.decision,
        note: note.trim(),
      });
      toastDone(
        res.message ?? (approve ? 'Booking approved' : 'Booking declined'),
        `${pending.booking.user.name} is notified.`,
      );
      setNote('');
      onClose();
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to update booking', err);
    }
  }

  return (
    <Dialog open={!!pending} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{approve ? 'Approve booking request' : 'Decline booking request'}</DialogTitle>
          <DialogDescription>
            {pending &&
              `${pending.booking.user.name} · ${BOOKING_TYPE_LABELS[pending.booking.type]} · ${pending.booking.nightCount} ${
                pending.booking.nightCount === 1 ? 'night' : 'nights'
              } (${nightsText(pending.booking.nights)})`}
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

function BookingCard({
  b,
  seasons,
  onDecide,
}: {
  b: AdminBooking;
  /** The project's high seasons, whose nights the request counts. */
  seasons: readonly HighSeason[];
  onDecide: (decision: 'approve' | 'decline') => void;
}) {
  const peakNights = highSeasonNights(b.nights, seasons);
  return (
    <Card
      className="grid gap-3 p-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start"
      aria-labelledby={`booking-${b._id}`}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`booking-${b._id}`} className="font-semibold">
            {b.user.name}
          </h2>
          <span className="truncate text-sm text-muted-foreground">{b.user.email}</span>
          <StatusBadge status={b.status} />
        </div>
        <p className="text-sm">
          <Badge variant="secondary" className="mr-2">
            {capitalize(BOOKING_TYPE_LABELS[b.type])}
          </Badge>
          <span className="font-medium tabular">
            {b.nightCount} {b.nightCount === 1 ? 'night' : 'nights'}
          </span>{' '}
          <span className="text-muted-foreground">· {nightsText(b.nights)}</span>
          {b.bonusNightsUsed > 0 && (
            <span className="text-muted-foreground"> · {b.bonusNightsUsed} from the bonus pool</span>
          )}
          {peakNights > 0 && (
            <Badge variant="highlight" className="ml-2">
              {highSeasonNightsText(peakNights)}
            </Badge>
          )}
        </p>
        {b.type === 'gift' && b.giftRecipient && <p className="text-sm">Gift to {b.giftRecipient}</p>}
        {b.type === 'rental' && b.rentalPrice != null && (
          <p className="text-sm">
            {formatMoney(b.rentalPrice)} a night · {formatMoney(b.totalValue ?? 0)} in total
          </p>
        )}
        {b.type === 'rental' && b.status === 'approved' && <RentalIncomeSection booking={b} />}
        {b.notes && <p className="text-sm text-muted-foreground">“{b.notes}”</p>}
        <p className="text-xs text-muted-foreground">
          Requested {formatDate(b.createdAt, 'relative')}
          {b.decidedAt && ` · decided ${formatDate(b.decidedAt, 'relative')}`}
          {b.decisionNote && ` · note: ${b.decisionNote}`}
        </p>
      </div>
      {b.status === 'pending' && (
        <div className="flex gap-2 md:flex-col">
          <Button
            size="sm"
            onClick={() => onDecide('approve')}
            aria-label={`Approve the request of ${b.user.name}`}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDecide('decline')}
            aria-label={`Decline the request of ${b.user.name}`}
          >
            <X aria-hidden="true" />
            Decline
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Booking requests of cabin nights for the selected project: approve or decline (the investor is notified). */
function BookingsPage() {
  const { current } = useCurrentProject();
  const [view, setView] = useState<View>('pending');
  const { data, isLoading, isError, error } = useProjectBookings(
    current?._id,
    view === 'all' ? undefined : (view as BookingStatus),
  );
  const [pending, setPending] = useState<{ booking: AdminBooking; decision: 'approve' | 'decline' } | null>(
    null,
  );
  const seasons = useHighSeasons(current?._id).data ?? [];

  useFailedToast('Failed to load data', isError, error);

  return (
    <>
      <PageHeader
        title="Booking Requests"
        description={
          current
            ? `Cabin-night requests of ${current.name}'s investors`
            : 'Cabin-night requests of investors'
        }
      />
      {!current ? (
        <NoProject />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v as View)} className="grid grid-cols-1 gap-4">
          <TabsList aria-label="Which requests" className="justify-self-start">
            {VIEWS.map((v) => (
              <TabsTrigger key={v} value={v}>
                {capitalize(v)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={view} className="outline-none">
            {isLoading ? (
              <div className="grid gap-3" role="status" aria-label="Loading booking requests">
                <Skeleton className="h-28" />
                <Skeleton className="h-28" />
              </div>
            ) : !data || data.length === 0 ? (
              <EmptyState
                icon={CalendarCheck}
                title={view === 'pending' ? 'No pending booking requests' : 'No booking requests'}
              />
            ) : (
              <ul className="grid gap-3" aria-label="Booking requests">
                {data.map((b) => (
                  <li key={b._id}>
                    <BookingCard
                      b={b}
                      seasons={seasons}
                      onDecide={(decision) => setPending({ booking: b, decision })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      )}
      {current && <ActivityRequestsSection projectId={current._id} />}
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

export { BookingsPage as Component };
