import { useState } from 'react';
import { Download, ExternalLink, Film, ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatNumber } from '@/lib/format';
import { useDeleteProjectMedia, useProjectMedia } from '@/queries/media';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { CardAction, ProjectScopedList } from '@/components/admin/project-list';
import { StatusBadge } from '@/components/admin/status-badge';
import { MEDIA_TYPE_LABELS } from '../media-view';
import { MediaDialog } from './media-dialog';

function Thumb({ item }: { item: MediaItem }) {
  const src = item.thumbnail ?? (item.type !== 'video' ? item.url : null);
  return (
    <div className="relative aspect-video overflow-hidden rounded-t-xl bg-muted">
      {src ? (
        <img src={src} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          {item.type === 'video' ? (
            <Film className="size-8" aria-hidden="true" />
          ) : (
            <ImageIcon className="size-8" aria-hidden="true" />
          )}
        </div>
      )}
      {item.duration && (
        <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white tabular">
          {item.duration}
        </span>
      )}
    </div>
  );
}

/** Media Management: the selected project's photos and videos; create and edit in a modal, with uploads. */
function MediaPage() {
  const { t } = useTranslation(['media', 'common']);
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useProjectMedia(current?._id);
  const remove = useDeleteProjectMedia({ failure: t('admin.deleteFailed') });
  const [dialog, setDialog] = useState<{ item: MediaItem | null } | null>(null);
  useFailedToast(t('admin.fetchFailed'), isError, error);

  const onDelete = (m: MediaItem) =>
    deleteAfterConfirm({
      confirm: {
        title: t('admin.deleteTitle', { title: m.title }),
        description: t('common:confirm.cannotUndo'),
        confirmLabel: t('common:rowActions.delete'),
        destructive: true,
      },
      run: () => remove.mutateAsync(m._id),
      doneTitle: t('admin.deleted'),
      done: t('admin.deletedText', { title: m.title }),
    });

  return (
    <ProjectScopedList
      project={current}
      title={t('admin.title')}
      description={(c) => (c ? t('admin.descriptionOf', { project: c.name }) : t('admin.description'))}
      addLabel={t('admin.add')}
      onAdd={() => setDialog({ item: null })}
      items={data}
      isLoading={isLoading}
      skeleton={{
        label: t('admin.loading'),
        className: 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
        count: 6,
        itemClassName: 'h-64',
      }}
      empty={{
        icon: ImageIcon,
        title: t('admin.emptyTitle'),
        hint: t('admin.emptyHint'),
      }}
      listLabel={t('admin.list')}
      listClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
      renderItem={(m) => (
        <Card className="flex h-full flex-col" aria-labelledby={`media-${m._id}`}>
          <Thumb item={m} />
          <div className="flex flex-1 flex-col gap-2 p-4">
            <div className="flex items-start justify-between gap-2">
              <h2 id={`media-${m._id}`} className="min-w-0 break-words font-semibold">
                {m.title}
              </h2>
              <StatusBadge status={m.status} />
            </div>
            <p className="text-xs text-muted-foreground">
              {t('admin.meta', { date: formatDate(m.date), priority: formatNumber(m.priority) })}
            </p>
            <p className="line-clamp-2 text-sm text-muted-foreground">{m.description}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant="secondary">{t(MEDIA_TYPE_LABELS[m.type])}</Badge>
            </div>
            <div className="mt-auto flex flex-wrap justify-end gap-1 pt-2">
              {m.url && (
                <Button
                  asChild
                  variant="ghost"
                  size="icon"
                  aria-label={t('card.open', { title: m.title })}
                  title={t('admin.open')}
                >
                  <a href={m.url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                  </a>
                </Button>
              )}
              {m.downloadUrl && (
                <Button
                  asChild
                  variant="ghost"
                  size="icon"
                  aria-label={t('card.download', { title: m.title })}
                  title={t('dialog.download')}
                >
                  <a href={m.downloadUrl} download>
                    <Download aria-hidden="true" />
                  </a>
                </Button>
              )}
              <CardAction
                label={t('common:rowActions.edit')}
                name={m.title}
                icon={Pencil}
                onClick={() => setDialog({ item: m })}
              />
              <CardAction
                label={t('common:rowActions.delete')}
                name={m.title}
                icon={Trash2}
                onClick={() => void onDelete(m)}
                destructive
              />
            </div>
          </div>
        </Card>
      )}
    >
      {current && (
        <MediaDialog
          open={!!dialog}
          item={dialog?.item ?? null}
          projectId={current._id}
          onClose={() => setDialog(null)}
        />
      )}
    </ProjectScopedList>
  );
}

export { MediaPage as Component };
