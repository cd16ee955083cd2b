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

/** The status of a project, perk, media item, booking or interest registration. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={variants[status] ?? 'outline'}>{capitalize(status)}</Badge>;
}
