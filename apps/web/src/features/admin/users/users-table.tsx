import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, PiggyBank, Trash2, UserPen } from 'lucide-react';
import type { AdminUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, initials } from '@/lib/format';
import { UserRoleBadge, UserStatusBadge } from '@/components/admin/user-badges';
import type { UserActions } from './user-details-dialog';
import { ActionsHead } from '@/components/admin/row-actions';

interface Props extends UserActions {
  users: AdminUser[];
  /** When set, the amount shown is the investment in this project; otherwise the user's total. */
  projectId?: string;
  onOpen: (u: AdminUser) => void;
  currentUserId: string | undefined;
}

const invested = (u: AdminUser, projectId?: string) =>
  projectId ? (u.investments.find((i) => i.projectId === projectId)?.amount ?? 0) : u.totalInvestment;

function RowActions({ user, ...p }: Omit<Props, 'users' | 'projectId'> & { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const self = user._id === p.currentUserId;
  return (
    <div className="ml-auto flex items-center justify-end gap-1">
      {user.awaitingActivation && (
        <Button
          size="sm"
          onClick={() => p.onSetActive(user, true)}
          aria-label={t('usersTable.activateName', { name: user.name })}
        >
          <CircleCheck aria-hidden="true" />
          {t('usersTable.activate')}
        </Button>
      )}
      {!user.isAdmin && (
        <Button
          asChild
          variant="ghost"
          size="icon"
          aria-label={t('usersTable.investmentsOf', { name: user.name })}
          title={t('usersTable.investments')}
        >
          <Link to={`/admin/investments?userId=${user._id}`}>
            <PiggyBank aria-hidden="true" />
          </Link>
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        onClick={() => p.onEdit(user)}
        aria-label={t('usersTable.editName', { name: user.name })}
        title={t('usersTable.edit')}
      >
        <UserPen aria-hidden="true" />
      </Button>
      {!self && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          onClick={() => p.onDelete(user)}
          aria-label={t('usersTable.deleteName', { name: user.name })}
          title={t('usersTable.delete')}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

function NameButton({ user, onOpen }: { user: AdminUser; onOpen: (u: AdminUser) => void }) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      onClick={() => onOpen(user)}
      className="flex min-w-0 items-center gap-3 rounded-md text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {/* Named by what it shows (WCAG 2.5.3 Label in Name), after what it does: "Details of <name> <email>". */}
      <span className="sr-only">{t('usersTable.detailsOf')}</span>{' '}
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
      >
        {initials(user.name)}
      </span>
      <span className="min-w-0">
        <span className="block break-words font-medium">{user.name}</span>{' '}
        <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
    </button>
  );
}

/** Users as a table from 768 px, as a stacked list below. */
export function UsersTable(props: Props) {
  const { users, projectId, onOpen } = props;
  const { t } = useTranslation('admin');
  const amountLabel = projectId ? t('usersTable.investedInProject') : t('usersTable.totalInvested');
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <THead>
            <Tr>
              <Th>{t('usersTable.user')}</Th>
              <Th>{t('usersTable.investorId')}</Th>
              <Th>{t('usersTable.status')}</Th>
              <Th>{t('usersTable.role')}</Th>
              <Th className="text-right">{amountLabel}</Th>
              <Th>{t('usersTable.joined')}</Th>
              <ActionsHead />
            </Tr>
          </THead>
          <TBody>
            {users.map((u) => (
              <Tr key={u._id}>
                <Td className="max-w-64">
                  <NameButton user={u} onOpen={onOpen} />
                </Td>
                <Td className="font-mono text-xs whitespace-nowrap">{u.investorId ?? '—'}</Td>
                <Td>
                  <UserStatusBadge user={u} />
                </Td>
                <Td>
                  <UserRoleBadge user={u} />
                </Td>
                <Td className="text-right tabular whitespace-nowrap">
                  {formatMoney(invested(u, projectId))}
                </Td>
                <Td className="whitespace-nowrap text-muted-foreground">{formatDate(u.createdAt)}</Td>
                <Td>
                  <RowActions user={u} {...props} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {users.map((u) => (
          <li key={u._id} className="grid grid-cols-1 gap-3 rounded-lg border p-3">
            <NameButton user={u} onOpen={onOpen} />
            <div className="flex flex-wrap items-center gap-1.5 text-xs">
              <UserStatusBadge user={u} />
              <UserRoleBadge user={u} />
              <span className="font-mono text-muted-foreground">{u.investorId}</span>
            </div>
            {/* The actions go under the amount when both do not fit on one line. */}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="text-muted-foreground">{amountLabel}: </span>
                <span className="font-medium tabular">{formatMoney(invested(u, projectId))}</span>
              </p>
              <RowActions user={u} {...props} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
