import { useState } from 'react';
import { Images, Newspaper, Pencil, Trash2 } from 'lucide-react';
import type { Update } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { formatCount, formatDate } from '@/lib/format';
import { useDeleteUpdate, useUpdates } from '@/queries/updates';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { CardAction, ProjectScopedList } from '@/components/admin/project-list';
import { capitalize } from '@/components/admin/status-badge';
import { UpdateDialog } from './update-dialog';

const CATEGORY_VARIANT = { milestone: 'success', financial: 'highlight', general: 'secondary' } as const;

/** Updates Management: the selected project's updates, newest first. */
function UpdatesPage() {
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useUpdates(current?._id);
  const remove = useDeleteUpdate();
  const [dialog, setDialog] = useState<{ update: Update | null } | null>(null);
  useFailedToast('Failed to fetch updates', isError, error);

  const onDelete = (u: Update) =>
    deleteAfterConfirm({
      what: `update “${u.title}”`,
      run: () => remove.mutateAsync(u._id),
      done: `Update “${u.title}” was deleted.`,
      failed: 'Failed to delete update',
    });

  return (
    <ProjectScopedList
      project={current}
      title="Updates Management"
      description={(c) => (c ? `News and milestones of ${c.name}` : 'News and milestones of each project')}
      addLabel="Add Update"
      onAdd={() => setDialog({ update: null })}
      items={data}
      isLoading={isLoading}
      skeleton={{ label: 'Loading updates', className: 'grid gap-3', count: 3, itemClassName: 'h-28' }}
      empty={{
        icon: Newspaper,
        title: 'No updates found',
        hint: 'Publish the first update for this project.',
      }}
      listLabel="Updates"
      listClassName="grid grid-cols-1 gap-3"
      renderItem={(u) => (
        <Card
          className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start"
          aria-labelledby={`update-${u._id}`}
        >
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={`update-${u._id}`} className="font-semibold">
                {u.title}
              </h2>
              <Badge variant={CATEGORY_VARIANT[u.category]}>{capitalize(u.category)}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={u.date}>{formatDate(u.date, 'long')}</time>
              {u.images.length > 0 && (
                <span className="ml-2 inline-flex items-center gap-1">
                  <Images className="size-3.5" aria-hidden="true" />
                  {formatCount(u.images.length, 'image')}
                </span>
              )}
            </p>
            {u.excerpt && <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{u.excerpt}</p>}
          </div>
          <div className="flex shrink-0 justify-end gap-1">
            <CardAction label="Edit" name={u.title} icon={Pencil} onClick={() => setDialog({ update: u })} />
            <CardAction
              label="Delete"
              name={u.title}
              icon={Trash2}
              onClick={() => void onDelete(u)}
              destructive
            />
          </div>
        </Card>
      )}
    >
      {current && (
        <UpdateDialog
          open={!!dialog}
          update={dialog?.update ?? null}
          projectId={current._id}
          onClose={() => setDialog(null)}
        />
      )}
    </ProjectScopedList>
  );
}

export { UpdatesPage as Component };
