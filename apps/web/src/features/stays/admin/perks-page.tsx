import { useState } from 'react';
import { Gift, Pencil, Trash2 } from 'lucide-react';
import type { Perk } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { useDeletePerk, usePerks } from '@/queries/perks';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { CardAction, ProjectScopedList } from '@/components/admin/project-list';
import { StatusBadge, capitalize } from '@/components/admin/status-badge';
import { CabinsAndSeasons } from './cabins-section';
import { PerkDialog } from './perk-dialog';

/** Perks Management: the selected project's perks; create and edit in a modal; delete with confirmation. */
function PerksPage() {
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = usePerks(current?._id);
  const remove = useDeletePerk(current?._id ?? '');
  const [dialog, setDialog] = useState<{ perk: Perk | null } | null>(null);
  useFailedToast('Failed to fetch perks', isError, error);

  const onDelete = (p: Perk) =>
    deleteAfterConfirm({
      what: `perk ${p.name}`,
      run: () => remove.mutateAsync(p._id),
      done: `Perk “${p.name}” was deleted.`,
      failed: 'Failed to delete perk',
    });

  return (
    <ProjectScopedList
      project={current}
      title="Perks Management"
      description={(c) => (c ? `Investor perks and benefits of ${c.name}` : 'Investor perks and benefits')}
      addLabel="Add Perk"
      onAdd={() => setDialog({ perk: null })}
      items={data}
      isLoading={isLoading}
      skeleton={{
        label: 'Loading perks',
        className: 'grid gap-4 md:grid-cols-2',
        count: 4,
        itemClassName: 'h-36',
      }}
      empty={{
        icon: Gift,
        title: 'No perks found',
        hint: 'Add the first perk investors of this project enjoy.',
      }}
      listLabel="Perks"
      listClassName="grid grid-cols-1 gap-4 md:grid-cols-2"
      renderItem={(p) => (
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
            {p.description && <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>}
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="secondary">{capitalize(p.type)}</Badge>
              <Badge variant="outline">{capitalize(p.category)}</Badge>
              {p.discount && <Badge variant="highlight">{p.discount}</Badge>}
              {p.bookingAvailable && <Badge variant="success">Bookable</Badge>}
            </div>
            <div className="mt-auto flex justify-end gap-1 pt-1">
              <CardAction label="Edit" name={p.name} icon={Pencil} onClick={() => setDialog({ perk: p })} />
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
      )}
    >
      {current && (
        <PerkDialog
          open={!!dialog}
          perk={dialog?.perk ?? null}
          projectId={current._id}
          onClose={() => setDialog(null)}
        />
      )}
      {current && <CabinsAndSeasons key={current._id} projectId={current._id} />}
    </ProjectScopedList>
  );
}

export { PerksPage as Component };
