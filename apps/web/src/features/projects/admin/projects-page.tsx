import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Archive, ArchiveRestore, Building2, MapPin, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Project } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { confirmAction } from '@/lib/confirm';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useProjectWrites } from '@/queries/projects';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, toastDone, useFailedToast } from '@/components/admin/feedback';
import { CardAction } from '@/components/admin/project-list';
import { PageHeader } from '@/components/admin/page-header';
import { StatusBadge } from '@/components/admin/status-badge';
import { OpportunityDialog } from './opportunity-dialog';
import { ProjectDialog } from './project-dialog';

/** A project's annual ROI as typed ('7.5'), in the language's digits (7,5); other text as it is. */
const roiNumber = (v: string) =>
  v.trim() !== '' && Number.isFinite(Number(v)) ? formatNumber(Number(v), 4) : v;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold tabular">{value}</dd>
    </div>
  );
}

/**
 * Projects Management: every project as a card; create and edit in a modal; its opportunity (open for
 * interest) in another. A project that holds investments is archived (hidden from investors, kept,
 * restorable); only an empty one can be deleted, after typing its name.
 */
function ProjectsPage() {
  const { projects, isLoading, isError, current } = useCurrentProject();
  const { t } = useTranslation('projects');
  const { remove, archive } = useProjectWrites({ failure: t('confirm.deleteFailed') });
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);
  const [opportunityOf, setOpportunityOf] = useState<Project | null>(null);

  useFailedToast(t('page.fetchFailed'), isError);

  const onDelete = (p: Project) =>
    deleteAfterConfirm({
      confirm: {
        title: t('confirm.deleteTitle', { name: p.name }),
        description: t('confirm.deleteText'),
        confirmLabel: t('page.delete'),
        destructive: true,
        typeToConfirm: p.name,
      },
      run: () => remove.mutateAsync(p._id),
      doneTitle: t('confirm.deletedTitle'),
      done: t('confirm.deletedText', { name: p.name }),
    });

  async function onArchive(p: Project, archived: boolean) {
    const ok = await confirmAction(
      archived
        ? {
            title: t('confirm.archiveTitle', { name: p.name }),
            description: t('confirm.archiveText'),
            confirmLabel: t('page.archive'),
          }
        : {
            title: t('confirm.restoreTitle', { name: p.name }),
            description: t('confirm.restoreText'),
            confirmLabel: t('page.restore'),
          },
    );
    if (!ok) return;
    try {
      await archive.mutateAsync({ id: p._id, archived });
      toastDone(
        archived ? t('confirm.archivedTitle') : t('confirm.restoredTitle'),
        archived ? t('confirm.archivedText', { name: p.name }) : t('confirm.restoredText', { name: p.name }),
      );
    } catch {
      // Told by the write's failure toast.
    }
  }

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button onClick={() => setDialog({ project: null })}>
            <Plus aria-hidden="true" />
            {t('page.create')}
          </Button>
        }
      />
      {isLoading ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t('page.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-52" />
          ))}
        </div>
      ) : projects.length === 0 ? (
        <EmptyState icon={Building2} title={t('page.emptyTitle')} hint={t('page.emptyHint')} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={t('page.listLabel')}>
          {projects.map((p) => {
            const roi = p.totalInvestment > 0 ? (p.totalReturned / p.totalInvestment) * 100 : 0;
            return (
              <li key={p._id} className="min-w-0">
                <Card
                  className={cn(
                    'flex h-full flex-col gap-4 p-5',
                    current?._id === p._id && 'ring-2 ring-primary/40',
                  )}
                  aria-labelledby={`project-${p._id}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                    <div className="min-w-0">
                      <h2 id={`project-${p._id}`} className="break-words text-lg font-semibold">
                        {p.name}
                      </h2>
                      <p className="flex items-center gap-1 truncate text-sm text-muted-foreground">
                        <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                        {p.location || t('page.noLocation')}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      {p.archivedAt && <Badge variant="outline">{t('page.archived')}</Badge>}
                      {p.opportunity?.openForInterest && (
                        <Badge variant="highlight">{t('page.openForInterest')}</Badge>
                      )}
                      <StatusBadge status={p.status} />
                    </div>
                  </div>
                  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    <Figure label={t('page.investment')} value={formatMoney(p.totalInvestment)} />
                    <Figure label={t('page.returned')} value={formatMoney(p.totalReturned)} />
                    <Figure
                      label={t('page.annualRoi')}
                      value={t('page.annualRoiValue', { value: roiNumber(p.annualROI) })}
                    />
                    <Figure label={t('page.recovered')} value={formatPercent(roi)} />
                  </dl>
                  {p.description && (
                    <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>
                  )}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
                    <p className="text-xs text-muted-foreground">
                      {t('page.since', {
                        date: formatDate(p.investmentDate),
                        count: p.investmentPeriod,
                        n: formatNumber(p.investmentPeriod),
                      })}
                    </p>
                    <div className="flex flex-wrap gap-1">
                      <CardAction
                        label={t('page.edit')}
                        name={p.name}
                        icon={Pencil}
                        onClick={() => setDialog({ project: p })}
                      />
                      {!p.archivedAt && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setOpportunityOf(p)}
                          aria-label={t('page.opportunityOf', { name: p.name })}
                        >
                          <Megaphone aria-hidden="true" />
                          {t('page.opportunity')}
                        </Button>
                      )}
                      <CardAction
                        label={p.archivedAt ? t('page.restore') : t('page.archive')}
                        name={p.name}
                        icon={p.archivedAt ? ArchiveRestore : Archive}
                        onClick={() => void onArchive(p, !p.archivedAt)}
                      />
                      <CardAction
                        label={t('page.delete')}
                        name={p.name}
                        icon={Trash2}
                        onClick={() => void onDelete(p)}
                        destructive
                      />
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ProjectDialog open={!!dialog} project={dialog?.project ?? null} onClose={() => setDialog(null)} />
      <OpportunityDialog project={opportunityOf} onClose={() => setOpportunityOf(null)} />
    </>
  );
}

export { ProjectsPage as Component };
