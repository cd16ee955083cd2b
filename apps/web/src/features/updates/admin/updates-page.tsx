import { useState } from 'react';
import { Images, Languages, Newspaper, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '@portal/i18n';
import type { Update } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatNumber } from '@/lib/format';
import { useDeleteUpdate, useUpdates } from '@/queries/updates';
import { deleteAfterConfirm, useFailedToast } from '@/components/admin/feedback';
import { CardAction, ProjectScopedList } from '@/components/admin/project-list';
import { UPDATE_CATEGORY_LABEL } from '../components/update-card';
import { UpdateDialog } from './update-dialog';

const CATEGORY_VARIANT = { milestone: 'success', financial: 'highlight', general: 'secondary' } as const;

/** Updates Management: the selected project's updates, newest first. */
function UpdatesPage() {
  const { t } = useTranslation('updates');
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useUpdates(current?._id);
  const remove = useDeleteUpdate({ failure: t('admin.deleteFailed') });
  const [dialog, setDialog] = useState<{ update: Update | null } | null>(null);
  useFailedToast(t('admin.fetchFailed'), isError, error);

  const onDelete = (u: Update) =>
    deleteAfterConfirm({
      confirm: {
        title: t('admin.deleteTitle', { title: u.title }),
        description: t('admin.deleteText'),
        confirmLabel: t('admin.delete'),
        destructive: true,
      },
      run: () => remove.mutateAsync(u._id),
      doneTitle: t('admin.deleted'),
      done: t('admin.deletedText', { title: u.title }),
    });

  return (
    <ProjectScopedList
      project={current}
      title={t('admin.title')}
      description={(c) => (c ? t('admin.descriptionOf', { project: c.name }) : t('admin.description'))}
      addLabel={t('admin.add')}
      onAdd={() => setDialog({ update: null })}
      items={data}
      isLoading={isLoading}
      skeleton={{ label: t('admin.loading'), className: 'grid gap-3', count: 3, itemClassName: 'h-28' }}
      empty={{
        icon: Newspaper,
        title: t('admin.emptyTitle'),
        hint: t('admin.emptyHint'),
      }}
      listLabel={t('admin.list')}
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
              <Badge variant={CATEGORY_VARIANT[u.category]}>{t(UPDATE_CATEGORY_LABEL[u.category])}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={u.date}>{formatDate(u.date, 'long')}</time>
              {u.images.length > 0 && (
                <span className="ml-2 inline-flex items-center gap-1">
                  <Images className="size-3.5" aria-hidden="true" />
                  {t('admin.images', { count: u.images.length, n: formatNumber(u.images.length) })}
                </span>
              )}
              {u.translations && Object.keys(u.translations).length > 0 && (
                <span className="ml-2 inline-flex items-center gap-1">
                  <Languages className="size-3.5" aria-hidden="true" />
                  {t('admin.translations', {
                    languages: LOCALES.filter((l) => u.translations?.[l])
                      .map((l) => LOCALE_NAMES[l])
                      .join(', '),
                  })}
                </span>
              )}
            </p>
            {u.excerpt && <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{u.excerpt}</p>}
          </div>
          <div className="flex shrink-0 justify-end gap-1">
            <CardAction
              label={t('admin.edit')}
              name={u.title}
              icon={Pencil}
              onClick={() => setDialog({ update: u })}
            />
            <CardAction
              label={t('admin.delete')}
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
