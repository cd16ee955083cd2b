import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, CalendarClock, Check, MapPin, Percent, Wallet } from 'lucide-react';
import { preCommittedPercent, type Opportunity } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useOpenOfferings } from '@/queries/offerings';
import { useOpportunity } from '@/queries/projects';

/** A drawing of the alpine site: peaks, snow and a lit cabin. Decorative. */
function AlpineArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="alpine-sky" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="oklch(0.72 0.08 240)" />
          <stop offset="1" stopColor="oklch(0.9 0.04 210)" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill="url(#alpine-sky)" />
      <circle cx="258" cy="42" r="14" fill="oklch(0.93 0.09 90)" />
      <path d="M-10 180 70 62l46 58 52-86 70 104 34-40 88 82z" fill="oklch(0.55 0.05 240)" />
      <path
        d="m168 34 22 33-12-6-10 12-9-11-13 6z M70 62l15 22-9-3-6 8-6-7-9 4z"
        fill="oklch(0.98 0.01 220)"
      />
      <path d="M-10 180 40 128l40 26 60-44 70 48 50-30 70 52z" fill="oklch(0.45 0.085 170)" />
      <path d="M0 180h320v-14H0z" fill="oklch(0.36 0.07 172)" />
      <path d="m134 150 18-16 18 16v16h-36z" fill="oklch(0.3 0.06 175)" />
      <path d="m129 152 23-21 23 21" stroke="oklch(0.83 0.13 80)" strokeWidth="4" fill="none" />
      <rect x="146" y="150" width="11" height="10" rx="1" fill="oklch(0.83 0.13 80)" />
    </svg>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof Percent; label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 text-xs text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="tabular mt-0.5 font-semibold">{value}</dd>
    </div>
  );
}

/**
 * The project open for interest (docs/product.md §8; admins edit it). `compact` is the dashboard's
 * Investment Opportunities card; the full card on Join New Project adds the features.
 */
export function OpportunityCard({
  opportunity: P,
  compact = false,
  headingLevel = 3,
}: {
  opportunity: Opportunity;
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const percent = preCommittedPercent(P);
  const { t } = useTranslation('portfolio');
  // The quarter of the expected launch ('2026-05-01' -> Q2 2026), as the language writes it.
  const [year, month] = P.expectedLaunch.split('-').map(Number) as [number, number];
  const amounts = { committed: formatMoney(P.currentCommitments), target: formatMoney(P.targetAmount) };
  return (
    <Card className="overflow-hidden md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <AlpineArt className="block h-36 w-full sm:h-44 md:h-full" />
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <Badge variant="highlight">{t('comingSoon.badge')}</Badge>
          <Heading className="mt-2 text-lg font-semibold leading-tight">{P.name}</Heading>
          {P.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {P.location}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <Fact
            icon={Percent}
            label={t('comingSoon.projectedRoi')}
            value={formatPercent(P.projectedAnnualROI)}
          />
          <Fact
            icon={Wallet}
            label={t('comingSoon.minimumInvestment')}
            value={formatMoney(P.minimumInvestment)}
          />
          <Fact
            icon={CalendarClock}
            label={t('comingSoon.expectedLaunch')}
            value={t('comingSoon.quarter', {
              quarter: String(Math.floor((month - 1) / 3) + 1),
              year: String(year),
            })}
          />
        </dl>
        <div>
          <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
            <span className="font-medium">
              {t('comingSoon.preCommitted', { percent: formatNumber(percent) })}
            </span>
            <span className="tabular text-xs text-muted-foreground">{t('comingSoon.ofTarget', amounts)}</span>
          </div>
          <Progress value={Math.min(percent, 100)} label={t('comingSoon.funding', amounts)} />
        </div>
        {!compact && P.features.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold">{t('comingSoon.offers')}</h3>
            <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              {P.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {f}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <SubscribeNow projectId={P._id} />
          {compact && <LearnMore />}
        </div>
      </div>
    </Card>
  );
}

/**
 * When the project is open for subscription (an open offering, ADR 028), the way to it: My subscriptions,
 * where the investor subscribes and follows each step.
 */
function SubscribeNow({ projectId }: { projectId: string }) {
  const { t } = useTranslation('portfolio');
  const { data } = useOpenOfferings();
  const offering = data?.find((o) => o.projectId === projectId);
  if (!offering) return null;
  return (
    <Button asChild>
      <Link to="/subscriptions">
        {t('comingSoon.subscribe', { closesOn: formatDate(offering.closesOn) })}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

function LearnMore() {
  const { t } = useTranslation('portfolio');
  return (
    <Button asChild className="self-start">
      <Link to="/join-project">
        {t('comingSoon.learnMore')}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** The open project as the dashboard and Join New Project show it, while loading, or when none is open. */
export function ComingSoonProject({
  compact = false,
  headingLevel = 3,
}: {
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { data, isPending } = useOpportunity();
  const { t } = useTranslation('portfolio');
  if (isPending)
    return (
      <div role="status" aria-label={t('comingSoon.loading')}>
        <Skeleton className="h-56" />
      </div>
    );
  if (!data)
    return (
      <Card className="flex flex-col gap-3 p-5 sm:p-6">
        <p className="text-sm text-muted-foreground">{t('comingSoon.none')}</p>
        {compact && <LearnMore />}
      </Card>
    );
  return <OpportunityCard opportunity={data} compact={compact} headingLevel={headingLevel} />;
}
