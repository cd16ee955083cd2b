import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { Download, Eye, FileText, ImageIcon, Pencil, Plus, Trash2, Upload, UsersRound } from 'lucide-react';
import type { DocumentItem, UserMediaItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatFileSize } from '@/lib/format';
import { openFileInTab, useDeleteVaultFile, useVault } from '@/queries/documents';
import { useUser } from '@/queries/admin-users';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, toastFailed, useFailedToast } from '@/components/admin/feedback';
import { NoProject } from '@/components/admin/no-project';
import { PageHeader } from '@/components/admin/page-header';
import { ActionsHead, RowActions, editAndDelete } from '@/components/admin/row-actions';
import { UserPicker } from '@/components/admin/user-picker';
import { DocumentDialog } from './document-dialog';
import { categoryLabel, userMediaTypeLabel } from '../documents-view';
import { UserMediaDialog } from './user-media-dialog';

const SHARED = 'shared';

async function run(what: () => Promise<unknown>, failure: string) {
  try {
    await what();
  } catch (err) {
    toastFailed(failure, err);
  }
}

const previewFailed = () => i18next.t('documents:admin.previewFailed');
const downloadFailed = () => i18next.t('documents:admin.downloadFailed');

function DocumentsTable({
  docs,
  onEdit,
  onDelete,
}: {
  docs: DocumentItem[];
  onEdit: (d: DocumentItem) => void;
  onDelete: (d: DocumentItem) => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <Table aria-label={t('admin.documents')}>
      <THead>
        <Tr>
          <Th>{t('dialog.name')}</Th>
          <Th className="hidden 2xl:table-cell">{t('dialog.category')}</Th>
          <Th className="hidden md:table-cell">{t('admin.uploaded')}</Th>
          <ActionsHead />
        </Tr>
      </THead>
      <TBody>
        {docs.map((d) => (
          <Tr key={d._id}>
            {/* w-full with max-w-0: the name takes the room left and wraps instead of widening the table. */}
            <Td className="w-full max-w-0">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 break-words font-medium">{d.name}</span>
                <Badge variant="outline">{d.type}</Badge>
                {d.isNew && <Badge variant="highlight">{t('row.new')}</Badge>}
              </div>
              <p className="break-words text-xs text-muted-foreground">
                {d.hasFile
                  ? [d.fileName, formatFileSize(d.fileSize)].filter(Boolean).join(' · ')
                  : t('admin.noFile')}
                <span className="2xl:hidden"> · {categoryLabel(d.category)}</span>
                <span className="md:hidden"> · {formatDate(d.uploadDate)}</span>
              </p>
            </Td>
            <Td className="hidden 2xl:table-cell">{categoryLabel(d.category)}</Td>
            <Td className="hidden whitespace-nowrap md:table-cell">{formatDate(d.uploadDate)}</Td>
            <Td>
              <RowActions
                name={d.name}
                actions={[
                  ...(d.hasFile
                    ? [
                        {
                          label: t('row.preview'),
                          icon: Eye,
                          onSelect: () => run(() => openFileInTab('preview', d._id), previewFailed()),
                        },
                        {
                          label: t('row.download'),
                          icon: Download,
                          onSelect: () => run(() => openFileInTab('download', d._id), downloadFailed()),
                        },
                      ]
                    : []),
                  ...editAndDelete(
                    () => onEdit(d),
                    () => onDelete(d),
                  ),
                ]}
              />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function MediaGrid({
  items,
  onEdit,
  onDelete,
}: {
  items: UserMediaItem[];
  onEdit: (m: UserMediaItem) => void;
  onDelete: (m: UserMediaItem) => void;
}) {
  const { t } = useTranslation(['documents', 'common']);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('admin.media')}>
      {items.map((m) => {
        const src = m.thumbnail ?? (m.type === 'photo' ? m.url : null);
        return (
          <li key={m._id} className="overflow-hidden rounded-lg border">
            <div className="aspect-video bg-muted">
              {src ? (
                <img src={src} alt="" loading="lazy" className="size-full object-cover" />
              ) : (
                <div className="flex size-full items-center justify-center text-muted-foreground">
                  <ImageIcon className="size-7" aria-hidden="true" />
                </div>
              )}
            </div>
            <div className="grid gap-1 p-3">
              <p className="truncate text-sm font-medium">{m.title}</p>
              <p className="text-xs text-muted-foreground">
                {userMediaTypeLabel(m.type)} · {formatDate(m.date)}
                {m.duration ? ` · ${m.duration}` : ''}
              </p>
              <div className="flex justify-end gap-0.5">
                {m.hasFile && (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('row.previewOf', { name: m.title })}
                      title={t('row.preview')}
                      onClick={() => void run(() => openFileInTab('mediaPreview', m._id), previewFailed())}
                    >
                      <Eye aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('row.downloadOf', { name: m.title })}
                      title={t('row.download')}
                      onClick={() => void run(() => openFileInTab('mediaDownload', m._id), downloadFailed())}
                    >
                      <Download aria-hidden="true" />
                    </Button>
                  </>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('common:rowActions.named', {
                    action: t('common:rowActions.edit'),
                    name: m.title,
                  })}
                  title={t('common:rowActions.edit')}
                  onClick={() => onEdit(m)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('common:rowActions.named', {
                    action: t('common:rowActions.delete'),
                    name: m.title,
                  })}
                  title={t('common:rowActions.delete')}
                  onClick={() => onDelete(m)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Documents Management: each investor's documents and media in the selected project, and the documents
 * shared with every investor of it. Uploads show their progress; preview and download open the file in a
 * new tab (docs/product.md §15.7).
 */
function DocumentsPage() {
  const { t } = useTranslation(['documents', 'common']);
  const { current } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const target = params.get('userId') ?? SHARED;
  const userId = target === SHARED ? null : target;
  const { data: user } = useUser(userId);
  const vault = useVault(current?._id, userId);
  const remove = useDeleteVaultFile({
    failure: ({ kind }) =>
      kind === 'document' ? t('admin.deleteDocumentFailed') : t('admin.deleteMediaFailed'),
  });
  const [docDialog, setDocDialog] = useState<{ doc: DocumentItem | null } | null>(null);
  const [mediaDialog, setMediaDialog] = useState<{ item: UserMediaItem | null } | null>(null);

  useFailedToast(t('admin.fetchFailed'), vault.isError, vault.error);

  const docs = (vault.data?.documents ?? []).filter((d) =>
    userId ? d.userId === userId : d.userId === null,
  );
  const media = vault.data?.media ?? [];

  const deleteDoc = (d: DocumentItem) =>
    deleteAfterConfirm({
      confirm: {
        title: t('admin.deleteDocumentTitle', { name: d.name }),
        description: t('common:confirm.cannotUndo'),
        confirmLabel: t('common:rowActions.delete'),
        destructive: true,
      },
      run: () => remove.mutateAsync({ kind: 'document', id: d._id }),
      doneTitle: t('admin.deleted'),
      done: t('admin.documentDeleted', { name: d.name }),
    });

  const deleteMedia = (m: UserMediaItem) =>
    deleteAfterConfirm({
      confirm: {
        title: t('admin.deleteMediaTitle', { title: m.title }),
        description: t('common:confirm.cannotUndo'),
        confirmLabel: t('common:rowActions.delete'),
        destructive: true,
      },
      run: () => remove.mutateAsync({ kind: 'media', id: m._id }),
      doneTitle: t('admin.deleted'),
      done: t('admin.mediaDeleted', { title: m.title }),
    });

  const name = user?.name;

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        description={current ? t('admin.descriptionOf', { project: current.name }) : t('admin.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle className="text-base">{t('admin.whose')}</CardTitle>
          </CardHeader>
          <CardContent>
            <UserPicker
              selectedId={userId}
              projectId={current?._id}
              onSelect={(id) => setParams({ userId: id })}
              leading={
                <button
                  type="button"
                  onClick={() => setParams({})}
                  aria-current={userId === null ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    userId === null && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span className="flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <UsersRound className="size-4" aria-hidden="true" />
                  </span>
                  {t('admin.shared')}
                </button>
              }
            />
          </CardContent>
        </Card>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          {!current ? (
            <NoProject />
          ) : (
            <>
              <Card>
                <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
                  <div className="grid gap-1.5">
                    <CardTitle>{t('admin.documents')}</CardTitle>
                    <CardDescription>
                      {!userId
                        ? t('admin.seenByEveryone')
                        : name
                          ? t('admin.seenBy', { name })
                          : t('admin.seenByInvestor')}
                    </CardDescription>
                  </div>
                  <Button onClick={() => setDocDialog({ doc: null })}>
                    <Upload aria-hidden="true" />
                    {t('dialog.upload')}
                  </Button>
                </CardHeader>
                <CardContent>
                  {vault.isLoading ? (
                    <Skeleton className="h-32" />
                  ) : docs.length === 0 ? (
                    <EmptyState icon={FileText} title={t('admin.noDocuments')} />
                  ) : (
                    <DocumentsTable
                      docs={docs}
                      onEdit={(d) => setDocDialog({ doc: d })}
                      onDelete={(d) => void deleteDoc(d)}
                    />
                  )}
                </CardContent>
              </Card>
              {userId && (
                <Card>
                  <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
                    <div className="grid gap-1.5">
                      <CardTitle>{t('admin.media')}</CardTitle>
                      <CardDescription>
                        {name ? t('admin.mediaFor', { name }) : t('admin.mediaForInvestor')}
                      </CardDescription>
                    </div>
                    <Button variant="secondary" onClick={() => setMediaDialog({ item: null })}>
                      <Plus aria-hidden="true" />
                      {t('admin.uploadMedia')}
                    </Button>
                  </CardHeader>
                  <CardContent>
                    {vault.isLoading ? (
                      <Skeleton className="h-32" />
                    ) : media.length === 0 ? (
                      <EmptyState icon={ImageIcon} title={t('admin.noMedia')} />
                    ) : (
                      <MediaGrid
                        items={media}
                        onEdit={(m) => setMediaDialog({ item: m })}
                        onDelete={(m) => void deleteMedia(m)}
                      />
                    )}
                  </CardContent>
                </Card>
              )}
            </>
          )}
        </div>
      </div>
      {current && (
        <DocumentDialog
          open={!!docDialog}
          doc={docDialog?.doc ?? null}
          projectId={current._id}
          userId={userId}
          onClose={() => setDocDialog(null)}
        />
      )}
      {current && userId && (
        <UserMediaDialog
          open={!!mediaDialog}
          item={mediaDialog?.item ?? null}
          projectId={current._id}
          userId={userId}
          onClose={() => setMediaDialog(null)}
        />
      )}
    </>
  );
}

export { DocumentsPage as Component };
