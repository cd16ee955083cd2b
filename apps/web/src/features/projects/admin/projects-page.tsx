import { useState } from 'react';
import { Archive, ArchiveRestore, Building2, MapPin, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Project } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { confirmAction } from '@/lib/confirm';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { useProjectWrites } from '@/queries/projects';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, toastDone, useFailedToast } from '@/components/admin/feedback';
import { CardAction } from '@/components/admin/project-list';
import { PageHeader } from '@/components/admin/page-header';
import { StatusBadge } from '@/components/admin/status-badge';
import { OpportunityDialog } from './opportunity-dialog';
import { ProjectDialog } from './project-dialog';

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
  const { remove, archive } = useProjectWrites();
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);
  const [opportunityOf, setOpportunityOf] = useState<Project | null>(null);

  useFailedToast('Failed to fetch projects', isError);

  const onDelete = (p: Project) =>
    deleteAfterConfirm({
      confirm: {
        title: `Delete project ${p.name}?`,
        description:
          'This removes the project with its updates, perks, documents and media. This cannot be undone. A project that holds investments cannot be deleted: archive it instead.',
        confirmLabel: 'Delete',
        destructive: true,
        typeToConfirm: p.name,
      },
      run: () => remove.mutateAsync(p._id),
      done: `Project “${p.name}” was deleted.`,
      failed: 'Failed to delete project',
    });

  async function onArchive(p: Project, archived: boolean) {
    const ok = await confirmAction(
      archived
        ? {
            title: `Archive project ${p.name}?`,
            description:
              'Investors will no longer see it, its updates, perks, documents or media; what they invested and received stays in their totals. Everything is kept and you can restore it.',
            confirmLabel: 'Archive',
          }
        : {
            title: `Restore project ${p.name}?`,
            description: 'Its investors will see it again, with everything it held.',
            confirmLabel: 'Restore',
          },
    );
    if (!ok) return;
    try {
      await archive.mutateAsync({ id: p._id, archived });
      toastDone(
        archived ? 'Archived' : 'Restored',
        `Project “${p.name}” was ${archived ? 'archived' : 'restored'}.`,
      );
    } catch {
      // Told by the write's failure toast.
    }
  }

  return (
    <>
      <PageHeader
        title="Projects Management"
        description="Every cabin project, its figures and its status. The header's selector picks the project other screens manage."
        actions={
          <Button onClick={() => setDialog({ project: null })}>
            <Plus aria-hidden="true" />
            Create Project
          </Button>
        }
      />
      {isLoading ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading projects">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-52" />
          ))}
        </div>
      ) : projects.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No projects found"
          hint="Create the first project to start adding investors, perks and updates."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Projects">
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
                        {p.location || 'No location'}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      {p.archivedAt && <Badge variant="outline">Archived</Badge>}
                      {p.opportunity?.openForInterest && <Badge variant="highlight">Open for interest</Badge>}
                      <StatusBadge status={p.status} />
                    </div>
                  </div>
                  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                    <Figure label="Investment" value={formatMoney(p.totalInvestment)} />
                    <Figure label="Returned" value={formatMoney(p.totalReturned)} />
                    <Figure label="Annual ROI" value={`${p.annualROI}%`} />
                    <Figure label="Recovered" value={formatPercent(roi)} />
                  </dl>
                  {p.description && (
                    <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>
                  )}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3">
                    <p className="text-xs text-muted-foreground">
                      Since {formatDate(p.investmentDate)} · {p.investmentPeriod} months
                    </p>
                    <div className="flex flex-wrap gap-1">
                      <CardAction
                        label="Edit"
                        name={p.name}
                        icon={Pencil}
                        onClick={() => setDialog({ project: p })}
                      />
                      {!p.archivedAt && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setOpportunityOf(p)}
                          aria-label={`Opportunity of ${p.name}`}
                        >
                          <Megaphone aria-hidden="true" />
                          Opportunity
                        </Button>
                      )}
                      <CardAction
                        label={p.archivedAt ? 'Restore' : 'Archive'}
                        name={p.name}
                        icon={p.archivedAt ? ArchiveRestore : Archive}
                        onClick={() => void onArchive(p, !p.archivedAt)}
                      />
                      <CardAction
                        label="Delete"
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
