import { useEffect, useState } from 'react';
import { Building2, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Project } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCurrentProject } from '@/lib/current-project';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { useProjectWrites } from './api/projects';
import { EmptyState } from './components/empty-state';
import { confirmDelete, toastDone, toastFailed } from './components/feedback';
import { PageHeader } from './components/page-header';
import { StatusBadge } from './components/status-badge';
import { ProjectDialog } from './projects/project-dialog';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold tabular">{value}</dd>
    </div>
  );
}

/** Projects Management: every project as a card; create and edit in a modal; delete with confirmation. */
function ProjectsPage() {
  const { projects, isLoading, isError, current } = useCurrentProject();
  const { remove } = useProjectWrites();
  const [dialog, setDialog] = useState<{ project: Project | null } | null>(null);

  useEffect(() => {
    if (isError) toastFailed('Failed to fetch projects');
  }, [isError]);

  async function onDelete(p: Project) {
    if (!confirmDelete(`project ${p.name} with its investments, updates, perks, documents and media`)) return;
    try {
      await remove.mutateAsync(p._id);
      toastDone('Deleted', `Project “${p.name}” was deleted.`);
    } catch (err) {
      toastFailed('Failed to delete project', err);
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
              <li key={p._id}>
                <Card
                  className={cn(
                    'flex h-full flex-col gap-4 p-5',
                    current?._id === p._id && 'ring-2 ring-primary/40',
                  )}
                  aria-labelledby={`project-${p._id}`}
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 id={`project-${p._id}`} className="break-words text-lg font-semibold">
                        {p.name}
                      </h2>
                      <p className="flex items-center gap-1 truncate text-sm text-muted-foreground">
                        <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                        {p.location || 'No location'}
                      </p>
                    </div>
                    <StatusBadge status={p.status} />
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
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDialog({ project: p })}
                        aria-label={`Edit ${p.name}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:text-destructive"
                        onClick={() => onDelete(p)}
                        aria-label={`Delete ${p.name}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ProjectDialog open={!!dialog} project={dialog?.project ?? null} onClose={() => setDialog(null)} />
    </>
  );
}

export { ProjectsPage as Component };
