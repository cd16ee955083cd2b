import type { AdminUser } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Status shows active or inactive (waiting for activation for a new sign-up); role shows Admin or User. */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'status' | 'awaitingActivation'> }) {
  if (user.awaitingActivation) return <Badge variant="warning">Waiting for activation</Badge>;
  return user.status === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}

export function UserRoleBadge({ user }: { user: Pick<AdminUser, 'isAdmin'> }) {
  return user.isAdmin ? <Badge variant="highlight">Admin</Badge> : <Badge variant="outline">User</Badge>;
}
