import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, CircleSlash, PiggyBank, Trash2, UserPen } from 'lucide-react';
import type { AdminUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, initials } from '@/lib/format';
import { useUser } from '@/queries/admin-users';
import { UserRoleBadge, UserStatusBadge } from '@/components/admin/user-badges';

export interface UserActions {
  onEdit: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  onSetActive: (u: AdminUser, active: boolean) => void;
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate text-sm">{value || '—'}</dd>
    </div>
  );
}

/** The details panel of a user: profile, status, and every investment with its returns. */
export function UserDetailsDialog({
  userId,
  onClose,
  actions,
  currentUserId,
}: {
  userId: string | null;
  onClose: () => void;
  actions: UserActions;
  currentUserId: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const { data: user, isLoading, isError } = useUser(userId);
  return (
    <Dialog open={!!userId} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('userDetails.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('userDetails.description')}</DialogDescription>
        </DialogHeader>
        {isLoading && (
          <div className="grid gap-3" role="status" aria-label={t('userDetails.loading')}>
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="h-24" />
          </div>
        )}
        {isError && <p className="text-sm text-destructive">{t('userDetails.failed')}</p>}
        {user && (
          <div className="grid grid-cols-1 gap-5">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
              >
                {initials(user.name)}
              </span>
              <div className="min-w-0">
                <h3 className="truncate text-lg font-semibold">{user.name}</h3>
                <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              </div>
              <div className="ml-auto flex flex-wrap justify-end gap-1.5">
                <UserStatusBadge user={user} />
                <UserRoleBadge user={user} />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
              <Detail label={t('userDetails.investorId')} value={user.investorId} />
              <Detail label={t('userDetails.phone')} value={user.phone} />
              <Detail
                label={t('userDetails.dateOfBirth')}
                value={user.dateOfBirth ? formatDate(user.dateOfBirth) : null}
              />
              <Detail label={t('userDetails.address')} value={user.address} />
              <Detail
                label={t('userDetails.city')}
                value={[user.postalCode, user.city].filter(Boolean).join(' ')}
              />
              <Detail label={t('userDetails.country')} value={user.country} />
              <Detail label={t('userDetails.joined')} value={formatDate(user.createdAt)} />
              <Detail
                label={t('userDetails.lastSignIn')}
                value={user.lastLoginAt ? formatDate(user.lastLoginAt, 'relative') : t('userDetails.never')}
              />
              <Detail label={t('userDetails.totalInvested')} value={formatMoney(user.totalInvestment)} />
            </dl>
            <section aria-labelledby="user-investments">
              <h3 id="user-investments" className="mb-2 text-sm font-semibold">
                {t('userDetails.investments', { amount: formatMoney(user.totalReturned) })}
              </h3>
              {user.investments.length === 0 ? (
                <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
                  {t('userDetails.noInvestments')}
                </p>
              ) : (
                <Table>
                  <THead>
                    <Tr>
                      <Th>{t('userDetails.project')}</Th>
                      <Th className="text-right">{t('userDetails.amount')}</Th>
                      <Th className="text-right">{t('userDetails.returns')}</Th>
                      <Th>{t('userDetails.since')}</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {user.investments.map((i) => (
                      <Tr key={i._id}>
                        <Td className="font-medium">{i.projectName}</Td>
                        <Td className="text-right tabular">{formatMoney(i.amount)}</Td>
                        <Td className="text-right tabular">{formatMoney(i.returns)}</Td>
                        <Td>{i.startDate ? formatDate(i.startDate) : '—'}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </section>
            <div className="flex flex-wrap gap-2 border-t pt-4">
              {!user.isAdmin && (
                <Button asChild variant="secondary" size="sm">
                  <Link to={`/admin/investments?userId=${user._id}`}>
                    <PiggyBank aria-hidden="true" />
                    {t('userDetails.manageInvestments')}
                  </Link>
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => actions.onEdit(user)}>
                <UserPen aria-hidden="true" />
                {t('userDetails.edit')}
              </Button>
              {user._id !== currentUserId &&
                (user.isActive ? (
                  <Button variant="outline" size="sm" onClick={() => actions.onSetActive(user, false)}>
                    <CircleSlash aria-hidden="true" />
                    {t('userDetails.deactivate')}
                  </Button>
                ) : (
                  <Button size="sm" onClick={() => actions.onSetActive(user, true)}>
                    <CircleCheck aria-hidden="true" />
                    {t('userDetails.activate')}
                  </Button>
                ))}
              {user._id !== currentUserId && (
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive sm:ml-auto"
                  onClick={() => actions.onDelete(user)}
                >
                  <Trash2 aria-hidden="true" />
                  {t('userDetails.delete')}
                </Button>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
