import { useId, type ReactNode } from 'react';
import { CalendarClock, Moon, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CabinNights } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDate, formatNumber } from '@/lib/format';
import { currentOrNextSeason } from '@/features/stays/components/high-season';
import { useHighSeasons } from '@/queries/cabins';
import { toIsoDay } from '../nights-format';

function NightCard({
  title,
  icon: Icon,
  value,
  caption,
  children,
}: {
  title: string;
  icon: LucideIcon;
  value: string;
  caption: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="flex flex-col gap-3 p-5" role="region" aria-labelledby={id}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="block text-3xl font-semibold tracking-tight text-foreground tabular">{value}</span>{' '}
        <span>{caption}</span>
      </p>
      {children}
    </Card>
  );
}

/** The three cabin-night cards of the Perks page; the first says how much of the high season is used. */
export function CabinNightCards({ nights, projectId }: { nights: CabinNights; projectId: string }) {
  const { t } = useTranslation('stays');
  const season = currentOrNextSeason(useHighSeasons(projectId).data ?? [], toIsoDay(new Date()));
  const pct = nights.totalNights > 0 ? (nights.remainingNights / nights.totalNights) * 100 : 0;
  return (
    <section aria-label={t('nightCards.label')} className="grid gap-4 sm:grid-cols-3">
      <NightCard
        title={t('nightCards.remaining')}
        icon={Moon}
        value={String(nights.remainingNights)}
        caption={t('nightCards.remainingCaption', { total: formatNumber(nights.totalNights) })}
      >
        <Progress
          value={pct}
          label={t('nightCards.remainingProgress', {
            remaining: formatNumber(nights.remainingNights),
            total: formatNumber(nights.totalNights),
          })}
        />
        {season && (
          <p className="text-sm">
            {t('highSeasonUsage', { used: season.usedNights, max: season.maxNightsPerInvestor })}{' '}
            <span className="text-muted-foreground">
              {t('nightCards.season', {
                name: season.name,
                from: formatDate(season.startsOn),
                to: formatDate(season.endsOn),
              })}
            </span>
          </p>
        )}
      </NightCard>
      <NightCard
        title={t('nightCards.validity')}
        icon={CalendarClock}
        value={formatNumber(nights.yearsRemaining, 1)}
        caption={t('nightCards.validityCaption', { date: formatDate(nights.expirationDate) })}
      />
      <NightCard
        title={t('nightCards.bonus')}
        icon={Sparkles}
        value={String(nights.bonusNights)}
        caption={t('nightCards.bonusCaption')}
      />
    </section>
  );
}
