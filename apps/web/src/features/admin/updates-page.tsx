import { useEffect, useState } from 'react';
import { Images, Newspaper, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Update } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/lib/current-project';
import { formatDate } from '@/lib/format';
import { useDeleteUpdate, useUpdates } from './api/content';
import { EmptyState } from './components/empty-state';
import { confirmDelete, toastDone, toastFailed } from './components/feedback';
import { NoProject } from './components/no-project';
import { PageHeader } from './components/page-header';
import { capitalize } from './components/status-badge';
import { UpdateDialog } from './updates/update-dialog';

const CATEGORY_VARIANT = { milestone: 'success', financial: 'highlight', general: 'secondary' } as const;

/** Updates Management: the selected project's updates, newest first. */
function UpdatesPage() {
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useUpdates(current?._id);
  const remove = useDeleteUpdate();
  const [dialog, setDialog] = useState<{ update: Update | null } | null>(null);

  useEffect(() => {
    if (isError) toastFailed('Failed to fetch updates', error);
  }, [isError, error]);

  async function onDelete(u: Update) {
    if (!(await confirmDelete(`update “${u.title}”`))) return;
    try {
      await remove.mutateAsync(u._id);
      toastDone('Deleted', `Update “${u.title}” was deleted.`);
    } catch (err) {
      toastFailed('Failed to delete update', err);
    }
  }

  return (
    <>
      <PageHeader
        title="Updates Management"
        description={
          current ? `News and milestones of ${current.name}` : 'News and milestones of each project'
        }
        actions={
          current && (
            <Button onClick={() => setDialog({ update: null })}>
              <Plus aria-hidden="true" />
              Add Update
            </Button>
          )
        }
      />
      {!current ? (
        <NoProject />
      ) : isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading updates">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title="No updates found"
          hint="Publish the first update for this project."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Updates">
          {data.map((u) => (
            <li key={u._id}>
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
                        {u.images.length} {u.images.length === 1 ? 'image' : 'images'}
                      </span>
                    )}
                  </p>
                  {u.excerpt && (
                    <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{u.excerpt}</p>
                  )}
                </div>
                <div className="flex shrink-0 justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDialog({ update: u })}
                    aria-label={`Edit ${u.title}`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => void onDelete(u)}
                    aria-label={`Delete ${u.title}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {current && (
        <UpdateDialog
          open={!!dialog}
          update={dialog?.update ?? null}
          projectId={current._id}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

export { UpdatesPage as Component };
