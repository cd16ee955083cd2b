import i18next from 'i18next';
import { AlertTriangle, CheckCircle2, Info, XCircle, type LucideIcon } from 'lucide-react';
import type { NotificationType } from '@portal/contracts';
import { cn } from '@/lib/cn';

const ICONS: Record<
  NotificationType,
  {
    icon: LucideIcon;
    className: string;
    label: `notificationType.${'info' | 'success' | 'warning' | 'error'}`;
  }
> = {
  info: { icon: Info, className: 'bg-secondary text-primary', label: 'notificationType.info' },
  success: {
    icon: CheckCircle2,
    className: 'bg-success-soft text-success',
    label: 'notificationType.success',
  },
  warning: {
    icon: AlertTriangle,
    className: 'bg-warning-soft text-warning',
    label: 'notificationType.warning',
  },
  error: { icon: XCircle, className: 'bg-destructive/10 text-destructive', label: 'notificationType.error' },
};

/** The type's name in the page's language. */
export const notificationTypeLabel = (type: NotificationType) =>
  i18next.t(ICONS[type]?.label ?? 'notificationType.info');

/** The round icon of a notification's type (info, success, warning, error). */
export function NotificationTypeIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { icon: Icon, className: tone } = ICONS[type] ?? ICONS.info;
  return (
    <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', tone, className)}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}
