import { useId, useState } from 'react';
import { ChevronDown, ChevronUp, Play, Scale, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Allocation } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { confirmAction } from '@/lib/confirm';
import { formatDate, formatNumber } from '@/lib/format';
import { useCurrentProject } from '@/queries/current-project';
import {
  useAdminAllocations,
  useAllocationResult,
  useRemoveAllocation,
  useRunAllocation,
} from '@/queries/allocations';
import { deleteAfterConfirm, toastDone, useFailedToast } from '@/components/admin/feedback';
import { ProjectScopedList } from '@/components/admin/project-list';
import { allocationStayLine, DrawCheck, staysOf } from '../components/allocation-result';
import { AllocationDialog } from './allocation-dialog';
import { FairnessLedger } from './fairness-ledger';

const STATUS = {
  open: 'admin.allocations.status.open',
  run: 'admin.allocations.status.run',
} as const satisfies Record<Allocation['status'], string>;

/** The draw of an allocation as the admin sees it: everyone by name, in the order, with their stays. */
function AdminResult({ allocation }: { allocation: Allocation }) {
  const { t } = useTranslation('stays');
  const { data: result, isLoading } = useAllocationResult(allocation._id);
  if (isLoading)
    return <Skeleton className="h-24" role="status" aria-label={t('allocations.result.loading')} />;
  if (!result) return <p className="text-sm text-muted-foreground">{t('allocations.result.failed')}</p>;
  return (
    <div className="grid gap-3 rounded-lg bg-muted/50 p-3">
      {result.people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.allocations.noParticipants')}</p>
      ) : (
        <ol className="grid gap-1 text-sm" aria-label={t('allocations.result.order')}>
          {result.people.map((p, i) => {
            const who = p.name ?? t('allocations.result.investor', { n: formatNumber(i + 1) });
            const stays = staysOf(allocation, result, p.userId);
            return (
              <li key={p.userId}>
                <span className="tabular text-muted-foreground">{formatNumber(i + 1)}. </span>
                {stays.length ? t('allocations.result.withStay', { who, stay: stays.join('; ') }) : who}
              </li>
            );
          })}
        </ol>
      )}
      <DrawCheck seed={result.seed} seedHash={result.seedHash} />
    </div>
  );
}

/** An allocation's card: status, dates, stays, participants and what can be done with it. */
function AllocationItem({ allocation: a }: { allocation: Allocation }) {
  const { t } = useTranslation('stays');
  const headingId = useId();
  const resultId = useId();
  const [showResult, setShowResult] = useState(false);
  const run = useRunAllocation({ failure: t('admin.allocations.runFailed') });
  const remove = useRemoveAllocation({ failure: t('admin.allocations.withdrawFailed') });
  const open = a.status === 'open';

  const onRun = async () => {
    const ok = await confirmAction({
      title: t('admin.allocations.runTitle', { title: a.title }),
      description: t('admin.allocations.runText'),
      confirmLabel: t('admin.allocations.run'),
    });
    if (!ok) return;
    try {
      await run.mutateAsync(a._id);
      toastDone(t('admin.allocations.ran'), t('admin.allocations.ranText', { title: a.title }));
      setShowResult(true);
    } catch {
      // Told by the mutation's failure toast.
    }
  };
  const onWithdraw = () =>
    deleteAfterConfirm({
      confirm: {
        title: t('admin.allocations.withdrawTitle', { title: a.title }),
        description: t('admin.allocations.withdrawText'),
        confirmLabel: t('admin.allocations.withdraw'),
        destructive: true,
      },
      run: () => remove.mutateAsync(a._id),
      doneTitle: t('admin.allocations.withdrawn'),
      done: t('admin.allocations.withdrawnText', { title: a.title }),
    });

  return (
    <Card className="grid gap-3 p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 font-semibold wrap-anywhere">
          {a.title}
        </h2>
        <Badge variant={open ? 'highlight' : 'secondary'}>{t(STATUS[a.status])}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('admin.allocations.stays', { count: a.stays.length })}
        {' · '}
        {t('admin.allocations.participants', { count: a.participants })}
      </p>
      <ul className="grid gap-0.5 text-sm text-muted-foreground">
        <li>{t('admin.allocations.due', { date: formatDate(a.preferencesDue, 'full') })}</li>
        <li>
          {a.ranAt
            ? t('admin.allocations.ranAt', { date: formatDate(a.ranAt, 'full') })
            : t('admin.allocations.runsAt', { date: formatDate(a.runsAt, 'full') })}
        </li>
      </ul>
      <ul className="grid gap-0.5 text-sm" aria-label={t('allocations.staysLabel')}>
        {a.stays.map((s) => (
          <li key={s._id} className="tabular">
            {allocationStayLine(s)}
          </li>
        ))}
      </ul>
      {open && <DrawCheck seed={null} seedHash={a.seedHash} />}
      <div className="flex flex-wrap justify-end gap-2">
        {open ? (
          <>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              disabled={remove.isPending}
              aria-label={t('admin.allocations.withdrawNamed', { title: a.title })}
              onClick={() => void onWithdraw()}
            >
              <Undo2 aria-hidden="true" />
              {t('admin.allocations.withdraw')}
            </Button>
            <Button
              size="sm"
              disabled={run.isPending}
              aria-label={t('admin.allocations.runNamed', { title: a.title })}
              onClick={() => void onRun()}
            >
              <Play aria-hidden="true" />
              {t('admin.allocations.run')}
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showResult}
            aria-controls={resultId}
            aria-label={t(
              showResult ? 'admin.allocations.hideResultNamed' : 'admin.allocations.showResultNamed',
              { title: a.title },
            )}
            onClick={() => setShowResult((s) => !s)}
          >
            {showResult ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {showResult ? t('admin.allocations.hideResult') : t('admin.allocations.showResult')}
          </Button>
        )}
      </div>
      <div id={resultId}>{!open && showResult && <AdminResult allocation={a} />}</div>
    </Card>
  );
}

/**
 * Peak allocations of the selected project (issue 35): create one, run it now or withdraw it, read its
 * draw with names; below, the fairness ledger of every investor.
 */
function AllocationsPage() {
  const { t } = useTranslation('stays');
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useAdminAllocations(current?._id);
  const [creating, setCreating] = useState(false);
  useFailedToast(t('admin.allocations.fetchFailed'), isError, error);

  return (
    <ProjectScopedList
      project={current}
      title={t('admin.allocations.title')}
      description={(c) =>
        c
          ? t('admin.allocations.description', { project: c.name })
          : t('admin.allocations.descriptionNoProject')
      }
      addLabel={t('admin.allocations.add')}
      onAdd={() => setCreating(true)}
      items={data}
      isLoading={isLoading}
      skeleton={{
        label: t('admin.allocations.loading'),
        className: 'grid gap-4',
        count: 2,
        itemClassName: 'h-40',
      }}
      empty={{
        icon: Scale,
        title: t('admin.allocations.emptyTitle'),
        hint: t('admin.allocations.emptyHint'),
      }}
      listLabel={t('admin.allocations.label')}
      listClassName="grid grid-cols-1 gap-4"
      renderItem={(a) => <AllocationItem allocation={a} />}
    >
      {current && <AllocationDialog open={creating} project={current} onClose={() => setCreating(false)} />}
      {current && <FairnessLedger key={current._id} projectId={current._id} />}
    </ProjectScopedList>
  );
}

export { AllocationsPage as Component };
