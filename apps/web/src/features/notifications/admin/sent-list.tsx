import { useEffect, useState } from 'react';
import { BellOff, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminNotification } from '@portal/contracts';
import { NotificationTypeIcon } from '@/components/notification-type-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useDeleteSentNotification, useSentNotifications } from '@/queries/notifications';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone } from '@/components/admin/feedback';
import { Pager } from '@/components/admin/pager';
import { messageOf } from '@/lib/toast';

const PAGE_SIZE = 25;

function SentRow({
  n,
  onDelete,
  deleting,
}: {
  n: AdminNotification;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation('notifications');
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4">
      <NotificationTypeIcon type={n.type} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 break-words text-sm font-semibold">{n.title}</p>
          {!n.read && <Badge variant="highlight">{t('sent.unread')}</Badge>}
        </div>
        <p className="line-clamp-2 break-words text-sm text-muted-foreground">{n.message}</p>
        <p className="text-xs text-muted-foreground">
          <Trans
            t={t}
            i18nKey="sent.to"
            values={{ name: n.userId.name }}
            components={{ strong: <span className="font-medium text-foreground" /> }}
          />
          <span className="hidden sm:inline"> · {n.userId.email}</span> ·{' '}
          <time dateTime={n.createdAt} title={formatDate(n.createdAt, 'full')}>
            {formatDate(n.createdAt, 'relative')}
          </time>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 shrink-0 text-muted-foreground hover:text-destructive"
        aria-label={t('sent.delete', { title: n.title, name: n.userId.name })}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** Every notification sent, one row per recipient, unread ones badged (docs/product.md §15.9). */
export function SentList() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const sent = useSentNotifications(page, PAGE_SIZE);
  const remove = useDeleteSentNotification();
  const rows = sent.data?.notifications ?? [];
  const pagination = sent.data?.pagination;

  // Deleting the last row of the last page: step back to a page that still has rows.
  useEffect(() => {
    if (pagination && page > pagination.totalPages) setPage(pagination.totalPages);
  }, [pagination, page]);

  async function onDelete(n: AdminNotification) {
    try {
      await remove.mutateAsync(n._id);
      toastDone(t('sent.deleted'));
    } catch {
      // Told by the write's failure toast.
    }
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t('sent.title')}</CardTitle>
        <CardDescription>{t('sent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent.isPending ? (
          <div className="grid gap-3" aria-label={t('sent.loading')} role="status">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : sent.isError && !sent.data ? (
          <EmptyState
            title={t('sent.loadFailed')}
            hint={sent.error ? messageOf(sent.error, '') || undefined : undefined}
            action={
              <Button variant="outline" size="sm" onClick={() => void sent.refetch()}>
                {t('sent.tryAgain')}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <EmptyState icon={BellOff} title={t('sent.empty')} />
        ) : (
          <>
            <ul
              aria-label={t('sent.list')}
              className="max-h-96 divide-y overflow-y-auto overscroll-contain rounded-lg border"
            >
              {rows.map((n) => (
                <SentRow
                  key={n._id}
                  n={n}
                  deleting={remove.isPending && remove.variables === n._id}
                  onDelete={() => void onDelete(n)}
                />
              ))}
            </ul>
            {pagination && <Pager pagination={pagination} onPage={setPage} label={t('sent.pages')} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
