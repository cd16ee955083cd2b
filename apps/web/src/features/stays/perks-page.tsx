import { lazy, Suspense, useEffect, useState } from 'react';
import { Gift, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookingType, Perk } from '@portal/contracts';
import { NoProjectsYet } from '@/components/no-projects';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadCsv } from '@/lib/csv';
import { formatNumber } from '@/lib/format';
import { useCurrentProject } from '@/queries/current-project';
import { useAuth } from '@/queries/session';
import { useActivityRequests } from '@/queries/activities';
import { useBookings } from '@/queries/bookings';
import { useCabinNights } from '@/queries/allowances';
import { usePerksOrEmpty, useUsage } from '@/queries/perks';
import { ActivityRequestDialog } from './components/activity-request-dialog';
import { ActivityRequests } from './components/activity-requests';
import { BookingRequests } from './components/booking-requests';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { CabinNightCards } from './components/cabin-night-cards';
import { ExpiryBanner } from './components/expiry-banner';
import { FairnessCard } from './components/fairness-card';
import { NightManagement } from './components/night-management';
import { PeakWeeks } from './components/peak-weeks';
import { PerkList } from './components/perk-list';
import { SwapOffers } from './components/swap-offers';
import { UsageSummary } from './components/usage-summary';
import { WaitlistEntries } from './components/waitlist-entries';
import { usageReportCsv, usageReportFilename } from './usage-report';

// The calendar (react-day-picker and its date library) is most of this page's weight: it loads on its
// own, right after the page has painted, instead of holding the page back.
const loadBookingDialog = () => import('./components/booking-dialog');
const BookingDialog = lazy(() => loadBookingDialog().then((m) => ({ default: m.BookingDialog })));

interface DialogState {
  type: BookingType;
  notes: string;
  /** A new key per opening, so that the form starts empty each time. */
  key: number;
}

function Loading() {
  const { t } = useTranslation('stays');
  return (
    <div className="grid gap-6" role="status" aria-label={t('page.loading')}>
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

/** Perks (docs/product.md §10): cabin nights, perks, the three booking dialogs, usage and requests. */
export function PerksPage() {
  const { t } = useTranslation('stays');
  const { current, isLoading: projectsLoading } = useCurrentProject();
  const projectId = current?._id;
  const cabin = useCabinNights(projectId);
  const perks = usePerksOrEmpty(projectId);
  const usage = useUsage(projectId);
  const bookings = useBookings(projectId);
  const activities = useActivityRequests(projectId);
  // Peak allocations and the fairness ledger are an investor's: an admin has them on the admin side.
  const investor = !useAuth().user?.isAdmin;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  /** The partner activity being requested (a perk that is not a cabin: it uses no cabin nights). */
  const [activity, setActivity] = useState<{ perk: Perk; key: number } | null>(null);
  useEffect(() => void loadBookingDialog(), []);

  const nights = cabin.data ?? null;
  const perkList = perks.data ?? [];
  const loading = projectsLoading || (!!projectId && (cabin.isLoading || perks.isLoading));
  const open = (type: BookingType, notes = '') => {
    if (!nights) return;
    setDialog({ type, notes, key: Date.now() });
  };
  const bookPerk = (p: Perk) =>
    p.type === 'cabin'
      ? open(
          'personal',
          p.discount
            ? t('page.bookNoteDiscount', { name: p.name, discount: p.discount })
            : t('page.bookNote', { name: p.name }),
        )
      : setActivity({ perk: p, key: Date.now() });
  const download = () =>
    downloadCsv(
      usageReportFilename(current?.name ?? 'project'),
      usageReportCsv({
        projectName: current?.name ?? '',
        nights,
        usage: usage.data ?? null,
        bookings: bookings.data ?? [],
      }),
    );

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {current ? t('page.title', { name: current.name }) : t('page.titleNoProject')}
        </h1>
        <p className="mt-1 text-muted-foreground">{t('page.subtitle')}</p>
      </header>

      {loading ? (
        <Loading />
      ) : !projectId ? (
        <NoProjectsYet />
      ) : !nights && perkList.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Gift className="size-7" aria-hidden="true" />
          </span>
          <h2 className="text-lg font-semibold">{t('page.emptyTitle')}</h2>
          <p className="text-muted-foreground">{t('page.emptyText')}</p>
        </Card>
      ) : (
        <>
          {nights && perkList.length > 2 && (
            <div className="flex items-start gap-3 rounded-xl border border-highlight/60 bg-highlight/15 p-4">
              <Sparkles className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('page.benefitsTitle')}</p>
                <p className="text-sm text-muted-foreground">
                  {nights.bonusNightsTotal > 0
                    ? t('page.benefitsWithBonus', {
                        cabin: formatNumber(nights.totalNights),
                        bonus: formatNumber(nights.bonusNightsTotal),
                        perks: formatNumber(perkList.length),
                      })
                    : t('page.benefits', {
                        cabin: formatNumber(nights.totalNights),
                        perks: formatNumber(perkList.length),
                      })}
                </p>
              </div>
            </div>
          )}
          {nights && <ExpiryBanner nights={nights} />}
          {nights && <CabinNightCards nights={nights} projectId={projectId} />}
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="grid gap-6 lg:col-span-2">
              {nights && investor && <PeakWeeks projectId={projectId} />}
              <PerkList perks={perkList} canBook={!!nights} onBook={bookPerk} />
              {(nights || (bookings.data?.length ?? 0) > 0) && (
                <BookingRequests bookings={bookings.data ?? []} />
              )}
              <WaitlistEntries projectId={projectId} />
              {nights && <SwapOffers projectId={projectId} />}
              {(activities.data?.length ?? 0) > 0 && <ActivityRequests requests={activities.data ?? []} />}
            </div>
            <div className="grid gap-6">
              <NightManagement
                hasCabin={!!nights}
                available={nights ? nights.remainingNights + nights.bonusNights : 0}
                onOpen={(type) => open(type)}
              />
              <UsageSummary
                usage={usage.data ?? null}
                bookings={bookings.data}
                hasCabin={!!nights}
                onDownload={download}
              />
              {nights && investor && <FairnessCard projectId={projectId} />}
              {nights && <CalendarFeedCard />}
            </div>
          </div>
        </>
      )}

      {dialog && nights && projectId && (
        <Suspense fallback={null}>
          <BookingDialog
            key={dialog.key}
            projectId={projectId}
            type={dialog.type}
            nights={nights}
            initialNotes={dialog.notes}
            open
            onOpenChange={(o) => !o && setDialog(null)}
          />
        </Suspense>
      )}
      {activity && (
        <ActivityRequestDialog
          key={activity.key}
          perk={activity.perk}
          open
          onOpenChange={(o) => !o && setActivity(null)}
        />
      )}
    </div>
  );
}

export { PerksPage as Component };
