import { useTranslation } from 'react-i18next';
import { RECENT_UPDATES_COUNT } from '@portal/contracts';
import { NoProjectsYet, useHasNoProjects } from '@/components/no-projects';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/queries/session';
import { useCurrentProject } from '@/queries/current-project';
import { usePerformance } from '@/queries/performance';
import { usePortfolio } from '@/queries/users';
import { ComingSoonProject } from './components/coming-soon';
import { PayoutTimeline } from './components/payout-timeline';
import { PerformanceFigures } from './components/performance-figures';
import { PortfolioSummary } from './components/portfolio-summary';
import { UpdatesList } from './components/recent-updates';
import { ReturnsChartCard } from './components/returns-chart-card';
import { RoiCalculator } from './components/roi-calculator';
import { SectionHeader } from './components/section-header';
import { YourProjects } from './components/your-projects';

/**
 * Investment Portfolio (docs/product.md §6): every section in its order, plus returns per month. An
 * investor without a project sees what the portal will show and how to join one instead of zeros; the
 * greeting is "Welcome" on the first sign-in and "Welcome back" after.
 */
function DashboardPage() {
  const { t } = useTranslation('portfolio');
  const { user: sessionUser } = useAuth();
  const { data: user } = usePortfolio();
  // Only an investor with investments has figures to show.
  const performance = usePerformance((user?.investments.length ?? 0) > 0);
  const { current, projects, isLoading: projectsLoading } = useCurrentProject();
  // An archived project's money stays in the summary; its page is gone for the investor.
  const canOpen = (id: string) => projectsLoading || projects.some((p) => p._id === id);
  const noProjects = useHasNoProjects();
  const me = user ?? sessionUser;
  const firstName = me?.name.split(/\s+/)[0];
  const firstVisit = me?.previousLoginAt === null;

  const opportunities = (
    <section aria-labelledby="opportunities-heading">
      <SectionHeader
        id="opportunities-heading"
        title={t('dashboard.opportunitiesTitle')}
        description={t('dashboard.opportunitiesText')}
      />
      <ComingSoonProject compact />
    </section>
  );

  return (
    <div className="grid gap-10">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('dashboard.title')}</h1>
        {firstName && (
          <p className="mt-1 text-muted-foreground">
            {firstVisit
              ? t('dashboard.welcome', { name: firstName })
              : t('dashboard.welcomeBack', { name: firstName })}
          </p>
        )}
      </header>

      {noProjects ? (
        <>
          <NoProjectsYet />
          {opportunities}
          <RoiCalculator />
        </>
      ) : (
        <>
          {user ? (
            <PortfolioSummary user={user} canOpen={canOpen}>
              <ReturnsChartCard investments={user.investments} className="mt-4" />
            </PortfolioSummary>
          ) : (
            <div
              className="grid gap-4 lg:grid-cols-3"
              role="status"
              aria-label={t('dashboard.loadingPortfolio')}
            >
              <Skeleton className="h-36 rounded-xl" />
              <Skeleton className="h-36 rounded-xl" />
              <Skeleton className="h-36 rounded-xl" />
            </div>
          )}

          <PerformanceFigures
            id="performance-heading"
            title={t('dashboard.performanceTitle')}
            description={t('dashboard.performanceText')}
            figures={performance.data?.portfolio}
            asOf={performance.data?.asOf}
            loading={performance.isPending}
          />

          <YourProjects />

          {opportunities}

          <div className="grid items-stretch gap-6 lg:grid-cols-2">
            <PayoutTimeline />
            <RoiCalculator />
          </div>

          <section aria-labelledby="recent-updates-heading">
            <SectionHeader
              id="recent-updates-heading"
              title={t('dashboard.recentUpdatesTitle')}
              description={current ? t('dashboard.recentUpdatesText', { project: current.name }) : undefined}
            />
            <UpdatesList projectId={current?._id} limit={RECENT_UPDATES_COUNT} showViewAll />
          </section>
        </>
      )}
    </div>
  );
}

export { DashboardPage as Component };
