import { useState } from 'react';
import { Gift, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Perk } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { useDeletePerk, usePerks } from '@/queries/perks';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { CardAction, ProjectScopedList } from '@/components/admin/project-list';
import { StatusBadge } from '@/components/admin/status-badge';
import { CabinsAndSeasons } from './cabins-section';
import { deleteQuestion } from './delete-question';
import { PerkDialog, usePerkWords } from './perk-dialog';

/** Perks Management: the selected project's perks; create and edit in a modal; delete with confirmation. */
function PerksPage() {
  const { t } = useTranslation(['stays', 'common']);
  const { typeName, categoryName } = usePerkWords();
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = usePerks(current?._id);
  const remove = useDeletePerk(current?._id ?? '', { failure: t('admin.perks.deleteFailed') });
  const [dialog, setDialog] = useState<{ perk: Perk | null } | null>(null);
  useFailedToast(t('admin.perks.fetchFailed'), isError, error);

  const onDelete = (p: Perk) =>
    deleteAfterConfirm({
      confirm: deleteQuestion(t('admin.perks.deleteTitle', { name: p.name })),
      run: () => remove.mutateAsync(p._id),
      doneTitle: t('admin.deleted'),
      done: t('admin.perks.deletedText', { name: p.name }),
    });

  return (
    <ProjectScopedList
      project={current}
      title={t('admin.perks.title')}
      description={(c) =>
        c ? t('admin.perks.description', { project: c.name }) : t('admin.perks.descriptionNoProject')
      }
      addLabel={t('admin.perks.add')}
      onAdd={() => setDialog({ perk: null })}
      items={data}
      isLoading={isLoading}
      skeleton={{
        label: t('admin.perks.loading'),
        className: 'grid gap-4 md:grid-cols-2',
        count: 4,
        itemClassName: 'h-36',
      }}
      empty={{
        icon: Gift,
        title: t('admin.perks.emptyTitle'),
        hint: t('admin.perks.emptyHint'),
      }}
      listLabel={t('admin.perks.label')}
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
              <Badge variant="secondary">{typeName(p.type)}</Badge>
              <Badge variant="outline">{categoryName(p.category)}</Badge>
              {p.discount && <Badge variant="highlight">{p.discount}</Badge>}
              {p.bookingAvailable && <Badge variant="success">{t('admin.perks.bookable')}</Badge>}
            </div>
            <div className="mt-auto flex justify-end gap-1 pt-1">
              <CardAction
                label={t('common:rowActions.edit')}
                name={p.name}
                icon={Pencil}
                onClick={() => setDialog({ perk: p })}
              />
              <CardAction
                label={t('common:rowActions.delete')}
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
