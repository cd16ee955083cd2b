import { useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminBooking, BookingStatus, BookingType, HighSeason } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentProject } from '@/queries/current-project';
import { formatMoney, formatNumber } from '@/lib/format';
import { highSeasonNights, highSeasonNightsText } from '@/features/stays/components/high-season';
import { useDecideBooking, useProjectBookings } from '@/queries/bookings';
import { useHighSeasons } from '@/queries/cabins';
import { ActivityRequestsSection } from './activity-requests-section';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { NoProject } from '@/components/admin/no-project';
import { PageHeader } from '@/components/admin/page-header';
import {
  DecisionDialog,
  RequestCard,
  VIEWS,
  type DecisionWords,
  type PendingDecision,
  type View,
} from './request-decision';
import { RentalIncomeSection } from './rental-income-section';
import { RentalPriceCapForm } from './rental-price-cap-form';
import { stayLine } from '../stay';

const TYPES = {
  personal: 'admin.bookings.type.personal',
  gift: 'admin.bookings.type.gift',
  rental: 'admin.bookings.type.rental',
} as const satisfies Record<BookingType, string>;

const words = (t: TFunction<'stays'>): DecisionWords => ({
  title: { approve: t('admin.bookings.approveTitle'), decline: t('admin.bookings.declineTitle') },
  done: { approve: t('admin.bookings.approved'), decline: t('admin.bookings.declined') },
  failed: t('admin.bookings.failed'),
});

/** 'personal stay · Dec 14 → Dec 17, 2026 · 3 nights': the request under the decision's title. */
const SUMMARIES = {
  personal: 'admin.bookings.summary.personal',
  gift: 'admin.bookings.summary.gift',
  rental: 'admin.bookings.summary.rental',
} as const satisfies Record<BookingType, string>;

const summary = (t: TFunction<'stays'>, b: AdminBooking) =>
  t(SUMMARIES[b.type], { stay: stayLine(b.nights) });

/** A stay request's own lines: its kind, nights, high-season nights, gift or rental, the investor's note. */
function BookingLines({
  b,
  seasons,
}: {
  b: AdminBooking;
  /** The project's high seasons, whose nights the request counts. */
  seasons: readonly HighSeason[];
}) {
  const { t } = useTranslation('stays');
  const peakNights = highSeasonNights(b.nights, seasons);
  return (
    <>
      <p className="text-sm">
        <Badge variant="secondary" className="mr-2">
          {t(TYPES[b.type])}
        </Badge>
        <span className="font-medium tabular">{stayLine(b.nights)}</span>
        {b.cabins.length > 0 && <span className="text-muted-foreground"> · {b.cabins.join(', ')}</span>}
        {b.bonusNightsUsed > 0 && (
          <span className="text-muted-foreground">
            {' · '}
            {t('admin.bookings.bonus', { n: formatNumber(b.bonusNightsUsed) })}
          </span>
        )}
        {peakNights > 0 && (
          <Badge variant="highlight" className="ml-2">
            {highSeasonNightsText(peakNights)}
          </Badge>
        )}
      </p>
      {b.type === 'gift' && b.giftRecipient && (
        <p className="text-sm">{t('admin.bookings.giftTo', { recipient: b.giftRecipient })}</p>
      )}
      {b.type === 'rental' && b.rentalPrice != null && (
        <p className="text-sm">
          {t('admin.bookings.rental', {
            price: formatMoney(b.rentalPrice),
            total: formatMoney(b.totalValue ?? 0),
          })}
        </p>
      )}
      {b.type === 'rental' && b.status === 'approved' && <RentalIncomeSection booking={b} />}
      {b.notes && <p className="text-sm text-muted-foreground">“{b.notes}”</p>}
    </>
  );
}

/** Booking requests of cabin nights for the selected project: approve or decline (the investor is notified). */
function BookingsPage() {
  const { t } = useTranslation('stays');
  const { current } = useCurrentProject();
  const [view, setView] = useState<View>('pending');
  const { data, isLoading, isError, error } = useProjectBookings(
    current?._id,
    view === 'all' ? undefined : (view as BookingStatus),
  );
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useDecideBooking({ failure: words(t).failed });
  const seasons = useHighSeasons(current?._id).data ?? [];

  useFailedToast(t('admin.bookings.loadFailed'), isError, error);

  return (
    <>
      <PageHeader
        title={t('admin.bookings.title')}
        description={
          current
            ? t('admin.bookings.description', { project: current.name })
            : t('admin.bookings.descriptionNoProject')
        }
      />
      {!current ? (
        <NoProject />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v as View)} className="grid grid-cols-1 gap-4">
          <TabsList aria-label={t('admin.bookings.views')} className="justify-self-start">
            {Object.entries(VIEWS).map(([v, label]) => (
              <TabsTrigger key={v} value={v}>
                {t(label)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={view} className="outline-none">
            {isLoading ? (
              <div className="grid gap-3" role="status" aria-label={t('admin.bookings.loading')}>
                <Skeleton className="h-28" />
                <Skeleton className="h-28" />
              </div>
            ) : !data || data.length === 0 ? (
              <EmptyState
                icon={CalendarCheck}
                title={view === 'pending' ? t('admin.bookings.emptyPending') : t('admin.bookings.empty')}
              />
            ) : (
              <ul className="grid gap-3" aria-label={t('admin.bookings.label')}>
                {data.map((b) => (
                  <li key={b._id}>
                    <RequestCard
                      request={b}
                      what="request"
                      onDecide={(decision) =>
                        setPending({ id: b._id, decision, who: b.user.name, summary: summary(t, b) })
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
      <DecisionDialog pending={pending} onClose={() => setPending(null)} decide={decide} words={words(t)} />
    </>
  );
}

export { BookingsPage as Component };
