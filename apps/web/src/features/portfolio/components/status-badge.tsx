import type { ProjectStatus } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const variants: Record<ProjectStatus, BadgeProps['variant']> = {
  active: 'success',
  completed: 'secondary',
  pending: 'warning',
  cancelled: 'outline',
};

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A project's status; active is highlighted. */
export function StatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <Badge variant={variants[status] ?? 'outline'} className={className}>
      {status === 'active' && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {label(status)}
    </Badge>
  );
}
