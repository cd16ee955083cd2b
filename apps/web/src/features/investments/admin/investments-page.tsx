import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MousePointerClick, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { formatMoney } from '@/lib/format';
import { useUser } from '@/queries/admin-users';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { NoProject } from '@/components/admin/no-project';
import { PageHeader } from '@/components/admin/page-header';
import { UserRoleBadge, UserStatusBadge } from '@/components/admin/user-badges';
import { AllowanceCard } from './allowance-card';
import { InvestmentCard } from './investment-card';
import { ReturnsCard } from './returns-card';
import { UserPicker } from '@/components/admin/user-picker';

/**
 * User investments (/admin/investments): pick an investor (or arrive with ?userId=), then edit their
 * investment, cabin nights and monthly returns in the project chosen in the header.
 */
function InvestmentsPage() {
  const { t } = useTranslation('investments');
  const { current } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId');
  const { data: user, isLoading, isError, error } = useUser(userId);

  useFailedToast(t('page.failedFetch'), isError, error);

  const investment = current ? user?.investments.find((i) => i.projectId === current._id) : undefined;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={
          current ? (
            <Trans
              t={t}
              i18nKey="page.descriptionProject"
              values={{ project: current.name }}
              components={{ b: <span className="font-medium text-foreground" /> }}
            />
          ) : (
            t('page.descriptionAll')
          )
        }
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/users">
              <Users aria-hidden="true" />
              {t('page.manageUsers')}
            </Link>
          </Button>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{t('page.investors')}</CardTitle>
          </CardHeader>
          <CardContent>
            <UserPicker
              selectedId={userId}
              projectId={current?._id}
              onSelect={(id) => setParams({ userId: id })}
            />
          </CardContent>
        </Card>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          {!current ? (
            <NoProject />
          ) : !userId ? (
            <EmptyState
              icon={MousePointerClick}
              title={t('page.selectInvestor')}
              hint={t('page.selectInvestorHint')}
            />
          ) : isLoading ? (
            <div className="grid gap-4" role="status" aria-label={t('page.loading')}>
              <Skeleton className="h-20" />
              <Skeleton className="h-48" />
            </div>
          ) : !user ? (
            <EmptyState icon={Users} title={t('page.notFound')} hint={t('page.notFoundHint')} />
          ) : (
            <>
              <section
                aria-label={t('page.selected')}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card px-5 py-4"
              >
                <div className="min-w-0">
                  <h2 className="truncate text-lg font-semibold">{user.name}</h2>
                  <p className="truncate text-sm text-muted-foreground">
                    {user.email} · <span className="font-mono">{user.investorId}</span>
                  </p>
                </div>
                <div className="flex gap-1.5">
                  <UserStatusBadge user={user} />
                  <UserRoleBadge user={user} />
                </div>
                <dl className="ml-auto flex gap-6 text-right text-sm">
                  <div>
                    <dt className="text-muted-foreground">{t('page.totalInvested')}</dt>
                    <dd className="font-semibold tabular">{formatMoney(user.totalInvestment)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('page.totalReturns')}</dt>
                    <dd className="font-semibold tabular">{formatMoney(user.totalReturned)}</dd>
                  </div>
                </dl>
              </section>
              <InvestmentCard
                key={`${user._id}:${current._id}:${investment?._id ?? 'none'}`}
                userId={user._id}
                userName={user.name}
                projectId={current._id}
                projectName={current.name}
                investment={investment}
              />
              <AllowanceCard
                key={`nights:${user._id}:${current._id}`}
                userId={user._id}
                projectId={current._id}
              />
              <ReturnsCard
                key={`returns:${user._id}:${current._id}`}
                userId={user._id}
                userName={user.name}
                projectId={current._id}
                projectName={current.name}
                linked={!!investment}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}

export { InvestmentsPage as Component };
