import type { MailStatus, OutboxMessage } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';

export const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

const STATUS_VARIANTS = {
  queued: 'secondary',
  sent: 'success',
  failed: 'destructive',
  skipped: 'warning',
} as const satisfies Record<MailStatus, string>;

/** Queued, Sent, Failed or Skipped. */
export const MailStatusBadge = ({ status }: { status: MailStatus }) => (
  <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>
);

/** A moment as the admin screens show it: 'Mar 10, 2026, 08:00:00'. */
export const when = (iso: string) => `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-GB')}`;

/** Why a message did not go (a failed one's last error, a skipped one's reason), or null. */
export const statusNote = (m: Pick<OutboxMessage, 'status' | 'error'>) =>
  (m.status === 'failed' || m.status === 'skipped') && m.error ? m.error : null;

const QUEUE_LABELS: Record<string, string> = { mail: 'Email', 'daily-reminders': 'Daily reminders' };

/** A queue as the screen names it: 'mail' → 'Email', 'daily-reminders' → 'Daily reminders'. */
export const queueLabel = (queue: string) =>
  QUEUE_LABELS[queue] ?? queue.charAt(0).toUpperCase() + queue.slice(1).replaceAll('-', ' ');
