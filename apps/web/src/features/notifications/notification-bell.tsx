import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, BellOff, CheckCheck, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isAppPath, type NotificationItem } from '@portal/contracts';
import { NotificationTypeIcon } from '@/components/notification-type-icon';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import {
  EMPTY_LIST,
  useDeleteNotification,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '@/queries/notifications';
import { useLiveNotifications } from './use-live-notifications';

/**
 * Revealed on hover, on keyboard focus within the row, and always where there is no hover (touch):
 * the rule "hovering shows an unread dot and a delete button".
 */
const revealed =
  'opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100';

function NotificationRow({
  n,
  onOpen,
  onDelete,
}: {
  n: NotificationItem;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('notifications');
  return (
    <li
      className={cn(
        'group relative flex items-start gap-1 border-b py-1 pl-1 pr-2 last:border-b-0 hover:bg-accent/60 focus-within:bg-accent/60',
        !n.read && 'bg-secondary/50',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-md px-3 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <NotificationTypeIcon type={n.type} className="mt-0.5" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-start gap-2">
            {/* The whole title, wrapped: an announcement's title is its point. */}
            <span
              data-testid="notification-title"
              className={cn('min-w-0 text-sm', n.read ? 'font-medium' : 'font-semibold')}
            >
              {n.title}
            </span>
            {!n.read && (
              <span
                data-testid="unread-dot"
                aria-hidden="true"
                className={cn('mt-1.5 size-2 shrink-0 rounded-full bg-primary', revealed)}
              />
            )}
          </span>
          <span className="line-clamp-2 text-sm text-muted-foreground">{n.message}</span>
          <time
            dateTime={n.createdAt}
            title={formatDate(n.createdAt, 'full')}
            className="text-xs text-muted-foreground"
          >
            {formatDate(n.createdAt, 'relative')}
          </time>
          {!n.read && <span className="sr-only">{t('bell.unread')}</span>}
          {n.link && isAppPath(n.link) && <span className="sr-only">{t('bell.opensPage')}</span>}
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className={cn('mt-1.5 size-8 text-muted-foreground hover:text-destructive', revealed)}
        aria-label={t('bell.delete', { title: n.title })}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The unread count as the badge shows it. */
const shownCount = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The header bell (docs/product.md §13): unread count, the list, read on click, delete; live. A
 * notification with a link opens what it is about (the list closes).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  useLiveNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();
  const { notifications, unreadCount } = data ?? EMPTY_LIST;
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const markAll = useMarkAllRead();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          // The name holds the count the badge shows ("99+" past 99: WCAG 2.5.3 Label in Name).
          aria-label={
            unreadCount > 0 ? t('bell.labelUnread', { n: shownCount(unreadCount) }) : t('bell.label')
          }
        >
          <Bell aria-hidden="true" />
          {unreadCount > 0 && (
            <span
              data-testid="unread-count"
              aria-hidden="true"
              className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-bold leading-none text-destructive-foreground tabular-nums"
            >
              {shownCount(unreadCount)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        aria-labelledby="notifications-heading"
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 id="notifications-heading" className="text-sm font-semibold">
            {t('bell.title')}
            {unreadCount > 0 && (
              <span className="ml-1.5 font-normal text-muted-foreground">
                {t('bell.unreadCount', { n: formatNumber(unreadCount) })}
              </span>
            )}
          </h2>
          {unreadCount > 0 && (
            <Button variant="ghost" size="sm" className="h-8 px-2 text-xs" onClick={() => markAll.mutate()}>
              <CheckCheck aria-hidden="true" />
              {t('bell.markAll')}
            </Button>
          )}
        </div>
        {notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <BellOff className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">{t('bell.empty')}</p>
            <p className="text-xs text-muted-foreground">{t('bell.emptyHint')}</p>
          </div>
        ) : (
          <ul className="max-h-64 overflow-y-auto overscroll-contain" aria-label={t('bell.list')}>
            {notifications.map((n) => (
              <NotificationRow
                key={n._id}
                n={n}
                onOpen={() => {
                  if (!n.read) markRead.mutate(n._id);
                  if (n.link && isAppPath(n.link)) {
                    setOpen(false);
                    void navigate(n.link);
                  }
                }}
                onDelete={() => remove.mutate(n._id)}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
