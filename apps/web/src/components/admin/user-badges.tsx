import i18next from 'i18next';
import type { AdminUser } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Status shows active or inactive (waiting for activation for a new sign-up); role shows Admin or User. */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'status' | 'awaitingActivation'> }) {
  if (user.awaitingActivation) return <Badge variant="warning">{i18next.t('userBadge.awaiting')}</Badge>;
  return user.status === 'active' ? (
    <Badge variant="success">{i18next.t('status.active')}</Badge>
  ) : (
    <Badge variant="secondary">{i18next.t('status.inactive')}</Badge>
  );
}

export function UserRoleBadge({ user }: { user: Pick<AdminUser, 'isAdmin'> }) {
  return user.isAdmin ? (
    <Badge variant="highlight">{i18next.t('userBadge.admin')}</Badge>
  ) : (
    <Badge variant="outline">{i18next.t('userBadge.user')}</Badge>
  );
}
