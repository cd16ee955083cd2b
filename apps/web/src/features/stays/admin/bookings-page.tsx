import { useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import {
  BOOKING_TYPE_LABELS,
  type AdminBooking,
  type BookingStatus,
  type HighSeason,
  stayText,
} from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentProject } from '@/queries/current-project';
import { formatMoney } from '@/lib/format';
import { highSeasonNights, highSeasonNightsText } from '@/features/stays/components/high-season';
import { useDecideBooking, useProjectBookings } from '@/queries/bookings';
import { useHighSeasons } from '@/queries/cabins';
import { ActivityRequestsSection } from './activity-requests-section';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { NoProject } from '@/components/admin/no-project';
import { PageHeader } from '@/components/admin/page-header';
import { DecisionDialog, RequestCard, type DecisionWords, type PendingDecision } from './request-decision';
import { RentalIncomeSection } from './rental-income-section';
import { RentalPriceCapForm } from './rental-price-cap-form';
import { capitalize } from '@/components/admin/status-badge';

const VIEWS = ['pending', 'approved', 'declined', 'all'] as const;
type View = (typeof VIEWS)[number];

const WORDS: DecisionWords = {
  title: { approve: 'Approve booking request', decline: 'Decline booking request' },
  done: { approve: 'Booking approved', decline: 'Booking declined' },
  failed: 'Failed to update booking',
};

const summary = (b: AdminBooking) => `${BOOKING_TYPE_LABELS[b.type]} · ${stayText(b.nights)}`;

/** A stay request's own lines: its kind, nights, high-season nights, gift or rental, the investor's note. */
function BookingLines({
  b,
  seasons,
}: {
  b: AdminBooking;
  /** The project's high seasons, whose nights the request counts. */
  seasons: readonly HighSeason[];
}) {
  const peakNights = highSeasonNights(b.nights, seasons);
  return (
    <>
      <p className="text-sm">
        <Badge variant="secondary" className="mr-2">
          {capitalize(BOOKING_TYPE_LABELS[b.type])}
        </Badge>
        <span className="font-medium tabular">{stayText(b.nights)}</span>
        {b.cabins.length > 0 && <span className="text-muted-foreground"> · {b.cabins.join(', ')}</span>}
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
    </>
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
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useDecideBooking();
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
                    <RequestCard
                      request={b}
                      what="request"
                      onDecide={(decision) =>
                        setPending({ id: b._id, decision, who: b.user.name, summary: summary(b) })
                      }
                    >
                      <BookingLines b={b} seasons={seasons} />
                    </RequestCard>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      )}
      {current && <ActivityRequestsSection projectId={current._id} />}
      <RentalPriceCapForm />
      <DecisionDialog pending={pending} onClose={() => setPending(null)} decide={decide} words={WORDS} />
    </>
  );
}

export { BookingsPage as Component };
