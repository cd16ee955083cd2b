import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MailStatus, OutboxMessage } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

/** Each status's name, as a message key of the admin namespace. */
export const STATUS_LABELS = {
  queued: 'mailStatus.queued',
  sent: 'mailStatus.sent',
  failed: 'mailStatus.failed',
  skipped: 'mailStatus.skipped',
} as const satisfies Record<MailStatus, string>;

const STATUS_VARIANTS = {
  queued: 'secondary',
  sent: 'success',
  failed: 'destructive',
  skipped: 'warning',
} as const satisfies Record<MailStatus, string>;

/** Queued, Sent, Failed or Skipped. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('admin');
  return <Badge variant={STATUS_VARIANTS[status]}>{t(STATUS_LABELS[status])}</Badge>;
}

/** A moment as the admin screens show it: 'Mar 10, 2026, 08:00:00'. */
export const when = (iso: string) => formatDate(iso, 'moment');

/** Why a message did not go (a failed one's last error, a skipped one's reason), or null. */
export const statusNote = (m: Pick<OutboxMessage, 'status' | 'error'>) =>
  (m.status === 'failed' || m.status === 'skipped') && m.error ? m.error : null;

/** Every queue of the server's job queue (apps/server/src/db/job-schema.ts, QUEUES) in words. */
const QUEUE_LABELS = {
  mail: 'queue.mail',
  'daily-reminders': 'queue.dailyReminders',
  statements: 'queue.statements',
  backups: 'queue.backups',
  allocations: 'queue.allocations',
  'call-notices': 'queue.callNotices',
  exports: 'queue.exports',
} as const;

/** A queue as the screen names it: 'mail' → 'Email', 'daily-reminders' → 'Daily reminders'. */
export const queueLabel = (t: TFunction<'admin'>, queue: string) => {
  const key = Object.hasOwn(QUEUE_LABELS, queue) ? QUEUE_LABELS[queue as keyof typeof QUEUE_LABELS] : null;
  return key ? t(key) : queue.charAt(0).toUpperCase() + queue.slice(1).replaceAll('-', ' ');
};
