import i18next from 'i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const variants: Record<string, BadgeProps['variant']> = {
  active: 'success',
  approved: 'success',
  completed: 'secondary',
  contacted: 'secondary',
  pending: 'warning',
  seasonal: 'highlight',
  new: 'highlight',
  draft: 'outline',
  inactive: 'outline',
  cancelled: 'outline',
  closed: 'outline',
  declined: 'outline',
};

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ');

/** The statuses the portal names, each in the page's language. */
const LABELS = {
  active: 'status.active',
  approved: 'status.approved',
  completed: 'status.completed',
  contacted: 'status.contacted',
  pending: 'status.pending',
  seasonal: 'status.seasonal',
  new: 'status.new',
  draft: 'status.draft',
  inactive: 'status.inactive',
  cancelled: 'status.cancelled',
  closed: 'status.closed',
  declined: 'status.declined',
} as const;

/** The status of a project, perk, media item, booking or interest registration. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={variants[status] ?? 'outline'}>
      {status in LABELS ? i18next.t(LABELS[status as keyof typeof LABELS]) : capitalize(status)}
    </Badge>
  );
}
