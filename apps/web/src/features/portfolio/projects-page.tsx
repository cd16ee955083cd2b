import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, MapPin } from 'lucide-react';
import type { ProjectListItem } from '@portal/contracts';
import { NoProjectsYet } from '@/components/no-projects';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { annualText } from './components/project-card';
import { StatusBadge } from './components/status-badge';

const FILTERS = [
  { id: 'all', label: 'projects.filter.all', empty: 'yourProjects.empty' },
  { id: 'active', label: 'projects.filter.active', empty: 'projects.noActive' },
  { id: 'completed', label: 'projects.filter.completed', empty: 'projects.noCompleted' },
] as const;
type FilterId = (typeof FILTERS)[number]['id'];

/** ROI Progress (docs/product.md §7): totalReturned as a % of totalInvestment (0 with nothing invested). */
export function roiProgress(p: Pick<ProjectListItem, 'totalInvestment' | 'totalReturned'>): number {
  const invested = Math.round(p.totalInvestment * 100);
  return invested > 0 ? (Math.round(p.totalReturned * 100) * 100) / invested : 0;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular mt-0.5 truncate font-semibold">{value}</dd>
    </div>
  );
}

function ProjectTile({ project: p }: { project: ProjectListItem }) {
  const progress = roiProgress(p);
  const { t } = useTranslation('portfolio');
  const wholeId = `whole-project-${p._id}`;
  return (
    <Card data-testid="project-tile" className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold leading-tight">{p.name}</h2>
          {p.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{p.location}</span>
            </p>
          )}
        </div>
        <StatusBadge status={p.status} className="shrink-0" />
      </div>
      {/* The project's totals are typed by an admin for the whole project, investors outside the portal
          included; the caption keeps them from being read as the investor's stake below (issue 31). */}
      <div role="group" aria-labelledby={wholeId} className="grid gap-3">
        <p id={wholeId} className="text-xs font-medium text-muted-foreground">
          {t('projects.wholeProject')}
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <Figure label={t('projects.investment')} value={formatMoney(p.totalInvestment)} />
          <Figure label={t('projects.returns')} value={formatMoney(p.totalReturned)} />
        </dl>
        <div>
          <div className="mb-1.5 flex justify-between gap-2 text-sm">
            <span className="text-muted-foreground">{t('projects.roiProgress')}</span>
            <span className="tabular font-medium">{formatPercent(progress)}</span>
          </div>
          <Progress
            value={progress}
            label={t('projects.roiProgressOf', { name: p.name, percent: formatPercent(progress) })}
          />
        </div>
      </div>
      {p.investment && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          {/* Each amount stays with its label when the line wraps. */}
          <span className="whitespace-nowrap">
            <span className="text-muted-foreground">{t('projects.yourStake')} </span>
            <span className="tabular font-medium">{formatMoney(p.investment.amount)}</span>
          </span>{' '}
          <span className="whitespace-nowrap">
            <span className="text-muted-foreground">{t('projects.stakeReturns')} </span>
            <span className="tabular font-medium">{formatMoney(p.investment.returns)}</span>
          </span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm">
        <div className="grid gap-0.5">
          <span className="text-muted-foreground">
            {t('projectCard.since', { date: formatDate(p.investmentDate) })}
          </span>
          <span>
            <span className="text-muted-foreground">{t('projects.annualRoi')} </span>
            <span className="font-semibold text-success">{annualText(p.annualROI)}</span>
          </span>
        </div>
        <Button asChild size="sm">
          <Link to={`/project/${p._id}`} aria-label={t('projects.viewProjectOf', { name: p.name })}>
            {t('projects.viewProject')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** Projects page (docs/product.md §7): the investor's projects with the three filters. */
function ProjectsPage() {
  const { projects, isLoading, isError } = useCurrentProject();
  const [filter, setFilter] = useState<FilterId>('all');
  const shown = filter === 'all' ? projects : projects.filter((p) => p.status === filter);
  const { t } = useTranslation('portfolio');

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('projects.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('projects.subtitle')}</p>
      </header>
      {(isLoading || isError || projects.length > 0) && (
        <div role="group" aria-label={t('projects.filterLabel')} className="flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <Button
              key={f.id}
              size="sm"
              variant={filter === f.id ? 'default' : 'outline'}
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
            >
              {t(f.label)}
            </Button>
          ))}
        </div>
      )}
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2 2xl:grid-cols-3">
          <p role="status" className="col-span-full text-sm text-muted-foreground">
            {t('yourProjects.loading')}
          </p>
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : isError ? (
        <Card role="alert" className="p-6 text-center text-sm text-destructive">
          {t('yourProjects.error')}
        </Card>
      ) : projects.length === 0 ? (
        <NoProjectsYet />
      ) : shown.length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted-foreground">
          {t(FILTERS.find((f) => f.id === filter)!.empty)}
        </Card>
      ) : (
        <ul className={cn('grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2 2xl:grid-cols-3')}>
          {shown.map((p) => (
            <li key={p._id} className="grid">
              <ProjectTile project={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { ProjectsPage as Component };
