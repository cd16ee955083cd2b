import { useId } from 'react';
import { Download } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Booking, UsageActivity, UsageSummary as Usage } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney } from '@/lib/format';
import { nightsLabel } from '../nights-format';
import { stayDatesText } from '../stay';

const DECIDED = {
  personal: {
    approved: 'usage.decided.personal.approved',
    declined: 'usage.decided.personal.declined',
    cancelled: 'usage.decided.personal.cancelled',
  },
  gift: {
    approved: 'usage.decided.gift.approved',
    declined: 'usage.decided.gift.declined',
    cancelled: 'usage.decided.gift.cancelled',
  },
  rental: {
    approved: 'usage.decided.rental.approved',
    declined: 'usage.decided.rental.declined',
    cancelled: 'usage.decided.rental.cancelled',
  },
} as const;

/**
 * An event of the recent activity in the page's language, from its request ('Requested 3 nights (Dec 14
 * → Dec 17, 2026) for a personal stay', 'Personal stay of 3 nights approved'); the server's English
 * when the request is not in the list.
 */
function describe(t: TFunction<'stays'>, a: UsageActivity, bookings: readonly Booking[]): string {
  const b = bookings.find((x) => x._id === a.bookingId);
  if (!b) return a.description;
  const nights = nightsLabel(b.nights.length);
  // A request's own event is `<id>:requested`; its decision's `<id>:<status>`.
  if (!a._id.endsWith(':requested')) {
    return a.status === 'pending' ? a.description : t(DECIDED[a.type][a.status], { nights });
  }
  const what = t('usage.what', { nights, dates: stayDatesText(b.nights) });
  if (b.type === 'gift')
    return b.giftRecipient
      ? t('usage.requested.gift', { what, recipient: b.giftRecipient })
      : t('usage.requested.giftToFriend', { what });
  if (b.type === 'rental')
    return t('usage.requested.rental', { what, price: formatMoney(b.rentalPrice ?? 0) });
  return t('usage.requested.personal', { what });
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/**
 * Usage Summary: nights used by kind (when the investor has cabin nights), the rental income recorded
 * for the investor's rentals (when above 0), recent activity, and the report as a CSV download.
 */
export function UsageSummary({
  usage,
  bookings,
  hasCabin,
  onDownload,
}: {
  usage: Usage | null;
  /** The investor's requests, whose events the recent activity names (undefined while they load). */
  bookings: readonly Booking[] | undefined;
  hasCabin: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation('stays');
  const titleId = useId();
  const activity = usage?.recentActivity ?? [];
  const nights = (n: number | undefined) => nightsLabel(n ?? 0);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('usage.title')}</CardTitle>
        <CardDescription>{t('usage.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {(hasCabin || (usage?.totalValue ?? 0) > 0) && (
          <dl className="grid grid-cols-2 gap-2">
            {hasCabin && (
              <>
                <Stat label={t('usage.personal')} value={nights(usage?.personalStays)} />
                <Stat label={t('usage.gifted')} value={nights(usage?.gifted)} />
                <Stat label={t('usage.rented')} value={nights(usage?.rented)} />
              </>
            )}
            {(usage?.totalValue ?? 0) > 0 && (
              <Stat
                label={t('usage.totalValue')}
                value={formatMoney(usage?.totalValue)}
                hint={t('usage.totalValueHint')}
              />
            )}
          </dl>
        )}
        <div>
          <h3 className="mb-2 text-sm font-semibold">{t('usage.recent')}</h3>
          {!bookings ? (
            // The events are worded from their requests: until those are here, nothing rather than
            // the server's English.
            <Skeleton className="h-16" />
          ) : activity.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('usage.empty')}</p>
          ) : (
            <ol className="grid gap-3" aria-label={t('usage.recentLabel')}>
              {activity.map((a) => (
                <li key={a._id} className="border-l-2 border-primary/30 pl-3">
                  <p className="text-sm">{describe(t, a, bookings)}</p>
                  <time dateTime={a.date} className="text-xs text-muted-foreground">
                    {formatDate(a.date)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </div>
        <Button variant="outline" onClick={onDownload} className="w-full">
          <Download aria-hidden="true" />
          {t('usage.download')}
        </Button>
      </CardContent>
    </Card>
  );
}
