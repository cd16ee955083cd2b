import { useId, type ReactNode } from 'react';
import { CalendarClock, Moon, Sparkles, type LucideIcon } from 'lucide-react';
import { highSeasonUsageText, type CabinNights } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDate } from '@/lib/format';
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
  const season = currentOrNextSeason(useHighSeasons(projectId).data ?? [], toIsoDay(new Date()));
  const pct = nights.totalNights > 0 ? (nights.remainingNights / nights.totalNights) * 100 : 0;
  return (
    <section aria-label="Cabin nights" className="grid gap-4 sm:grid-cols-3">
      <NightCard
        title="Remaining Nights"
        icon={Moon}
        value={String(nights.remainingNights)}
        caption={`out of ${nights.totalNights} total nights`}
      >
        <Progress value={pct} label={`${nights.remainingNights} of ${nights.totalNights} nights remaining`} />
        {season && (
          <p className="text-sm">
            {highSeasonUsageText(season)}{' '}
            <span className="text-muted-foreground">
              ({season.name}, {formatDate(season.startsOn)} – {formatDate(season.endsOn)})
            </span>
          </p>
        )}
      </NightCard>
      <NightCard
        title="Validity Period"
        icon={CalendarClock}
        value={`${nights.yearsRemaining}`}
        caption={`years remaining (expires ${formatDate(nights.expirationDate)})`}
      />
      <NightCard
        title="Bonus Nights"
        icon={Sparkles}
        value={String(nights.bonusNights)}
        caption="from unbooked pool"
      />
    </section>
  );
}
