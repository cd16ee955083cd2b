import { useEffect, useState } from 'react';
import { Gift, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Perk } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/lib/current-project';
import { useDeletePerk, usePerks } from './api/content';
import { EmptyState } from './components/empty-state';
import { confirmDelete, toastDone, toastFailed } from './components/feedback';
import { NoProject } from './components/no-project';
import { PageHeader } from './components/page-header';
import { StatusBadge, capitalize } from './components/status-badge';
import { PerkDialog } from './perks/perk-dialog';

/** Perks Management: the selected project's perks; create and edit in a modal; delete with confirmation. */
function PerksPage() {
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = usePerks(current?._id);
  const remove = useDeletePerk(current?._id ?? '');
  const [dialog, setDialog] = useState<{ perk: Perk | null } | null>(null);

  useEffect(() => {
    if (isError) toastFailed('Failed to fetch perks', error);
  }, [isError, error]);

  async function onDelete(p: Perk) {
    if (!(await confirmDelete(`perk ${p.name}`))) return;
    try {
      await remove.mutateAsync(p._id);
      toastDone('Deleted', `Perk “${p.name}” was deleted.`);
    } catch (err) {
      toastFailed('Failed to delete perk', err);
    }
  }

  return (
    <>
      <PageHeader
        title="Perks Management"
        description={
          current ? `Investor perks and benefits of ${current.name}` : 'Investor perks and benefits'
        }
        actions={
          current && (
            <Button onClick={() => setDialog({ perk: null })}>
              <Plus aria-hidden="true" />
              Add Perk
            </Button>
          )
        }
      />
      {!current ? (
        <NoProject />
      ) : isLoading ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading perks">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={Gift}
          title="No perks found"
          hint="Add the first perk investors of this project enjoy."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Perks">
          {data.map((p) => (
            <li key={p._id}>
              <Card className="flex h-full gap-4 p-5" aria-labelledby={`perk-${p._id}`}>
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-2xl"
                >
                  {p.icon}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`perk-${p._id}`} className="min-w-0 break-words font-semibold">
                      {p.name}
                    </h2>
                    <StatusBadge status={p.status} />
                  </div>
                  {p.description && (
                    <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>
                  )}
                  <div className="flex flex-wrap gap-1.5">
                    <Badge variant="secondary">{capitalize(p.type)}</Badge>
                    <Badge variant="outline">{capitalize(p.category)}</Badge>
                    {p.discount && <Badge variant="highlight">{p.discount}</Badge>}
                    {p.bookingAvailable && <Badge variant="success">Bookable</Badge>}
                  </div>
                  <div className="mt-auto flex justify-end gap-1 pt-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDialog({ perk: p })}
                      aria-label={`Edit ${p.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => void onDelete(p)}
                      aria-label={`Delete ${p.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {current && (
        <PerkDialog
          open={!!dialog}
          perk={dialog?.perk ?? null}
          projectId={current._id}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

export { PerksPage as Component };
