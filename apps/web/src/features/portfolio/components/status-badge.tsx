import { useTranslation } from 'react-i18next';
import type { ProjectStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const variants: Record<ProjectStatus, BadgeProps['variant']> = {
  active: 'success',
  completed: 'secondary',
  pending: 'warning',
  cancelled: 'outline',
};

/** Each status's message. */
const STATUS_LABEL = {
  active: 'status.active',
  completed: 'status.completed',
  pending: 'status.pending',
  cancelled: 'status.cancelled',
} as const satisfies Record<ProjectStatus, string>;

/** A status in the page's language; one the portal does not know is shown capitalised. */
export function useStatusLabel() {
  const { t } = useTranslation('portfolio');
  return (s: string) =>
    s in STATUS_LABEL ? t(STATUS_LABEL[s as ProjectStatus]) : s.charAt(0).toUpperCase() + s.slice(1);
}

/** A project's status; active is highlighted. */
export function StatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  const label = useStatusLabel();
  return (
    <Badge variant={variants[status] ?? 'outline'} className={className}>
      {status === 'active' && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {label(status)}
    </Badge>
  );
}
