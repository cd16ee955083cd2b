import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Search, UserPlus, Users } from 'lucide-react';
import type { AdminUser, UserListParams } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { confirmAction } from '@/lib/confirm';
import { useAuth } from '@/queries/session';
import { useCurrentProject } from '@/queries/current-project';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatNumber } from '@/lib/format';
import { useDeleteUser, useSetUserActive, useUsers } from '@/queries/admin-users';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, isConflict, toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Pager } from '@/components/admin/pager';
import { AddUserDialog } from './users/add-user-dialog';
import { EditUserDialog } from './users/edit-user-dialog';
import { UserDetailsDialog } from './users/user-details-dialog';
import { UsersTable } from './users/users-table';

const VIEWS = ['all', 'linked', 'unlinked', 'pending'] as const;
type View = (typeof VIEWS)[number];
const PAGE_SIZE = 20;

const EMPTY = {
  all: 'users.emptyAll',
  linked: 'users.emptyLinked',
  unlinked: 'users.emptyUnlinked',
  pending: 'users.emptyPending',
} as const satisfies Record<View, string>;

/** Whether the list shows money of the user's: such an investor is never deleted (docs/product.md §15.2). */
const holdsMoney = (u: AdminUser) => u.investments.length > 0 || u.totalInvestment > 0 || u.totalReturned > 0;

/** User Management (docs/product.md §15.2): server-side search and paging, linked lists, activation. */
function UsersPage() {
  const { t } = useTranslation('admin');
  const { user: me } = useAuth();
  const { current } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.includes(params.get('view') as View) ? (params.get('view') as View) : 'all';
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const setActive = useSetUserActive();

  useEffect(() => setPage(1), [q, view, current?._id]);

  const needsProject = view === 'linked' || view === 'unlinked';
  const query: UserListParams = {
    search: q || undefined,
    page,
    pageSize: PAGE_SIZE,
    ...(view === 'linked' && { projectId: current?._id, linked: true }),
    ...(view === 'unlinked' && { projectId: current?._id, linked: false }),
    ...(view === 'pending' && { status: 'pending' as const }),
  };
  const list = useUsers(query, { enabled: !needsProject || !!current });
  const pending = useUsers({ status: 'pending', page: 1, pageSize: 1 });
  const pendingCount = pending.data?.pagination.total ?? 0;
  // An active user's delete refused because of money or documents on record (409) is answered by
  // offering deactivation (onConflict below), not by the failure toast.
  const remove = useDeleteUser({
    failure: (id, err) =>
      isConflict(err) && list.data?.data.find((u) => u._id === id)?.isActive ? null : t('users.failedDelete'),
  });

  useFailedToast(t('users.failedFetch'), list.isError, list.error);

  async function setUserActive(u: AdminUser, active: boolean) {
    try {
      await setActive.mutateAsync({ id: u._id, active });
      toastDone(
        t('users.updatedTitle'),
        active ? t('users.canSignIn', { name: u.name }) : t('users.cannotSignIn', { name: u.name }),
      );
    } catch {
      // Told by the write's failure toast.
    }
  }

  /** An investor with money on record is kept (the server refuses the delete): deactivation is offered. */
  async function offerDeactivation(u: AdminUser, reason: string) {
    const ok = await confirmAction({
      title: t('users.deactivateTitle', { name: u.name }),
      description: t('users.deactivateText', { reason }),
      confirmLabel: t('users.deactivateConfirm'),
    });
    if (ok) await setUserActive(u, false);
  }

  const actions = {
    onEdit: (u: AdminUser) => setEditing(u),
    onDelete: (u: AdminUser) =>
      u.isActive && holdsMoney(u)
        ? // The server's words for the refusal (modules/admin-users).
          offerDeactivation(u, t('users.keptBecause', { name: u.name }))
        : deleteAfterConfirm({
            confirm: {
              title: t('users.deleteTitle', { name: u.name }),
              description: t('users.deleteText'),
              confirmLabel: t('users.deleteConfirm'),
              destructive: true,
            },
            run: async () => {
              await remove.mutateAsync(u._id);
              if (detailsId === u._id) setDetailsId(null);
            },
            doneTitle: t('users.deletedTitle'),
            done: t('users.deletedText', { name: u.name }),
            // Money or documents the list does not show (a return of capital, an own document).
            onConflict: u.isActive ? (message) => offerDeactivation(u, message) : undefined,
          }),
    onSetActive: setUserActive,
  };

  const rows = list.data?.data ?? [];
  const projectName = current?.name ?? t('users.selectedProject');

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            {t('users.add')}
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <Tabs
            value={view}
            onValueChange={(v) => setParams(v === 'all' ? {} : { view: v }, { replace: true })}
            className="grid grid-cols-1 gap-4"
          >
            <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
              <TabsList aria-label={t('users.views')}>
                <TabsTrigger value="all">{t('users.viewAll')}</TabsTrigger>
                <TabsTrigger value="linked">{t('users.viewLinked')}</TabsTrigger>
                <TabsTrigger value="unlinked">{t('users.viewUnlinked')}</TabsTrigger>
                <TabsTrigger value="pending">
                  {t('users.viewPending')}
                  {pendingCount > 0 && (
                    <Badge variant="warning" className="px-1.5 py-0 tabular">
                      {formatNumber(pendingCount)}
                    </Badge>
                  )}
                </TabsTrigger>
              </TabsList>
              <div className="relative w-full lg:w-72">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  type="search"
                  aria-label={t('users.searchLabel')}
                  placeholder={t('users.searchPlaceholder')}
                  className="pl-9"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              </div>
            </div>
            <TabsContent value={view} className="grid grid-cols-1 gap-4 outline-none">
              {needsProject && (
                <p className="text-sm text-muted-foreground">
                  <Trans
                    t={t}
                    i18nKey={view === 'linked' ? 'users.linkedIn' : 'users.unlinkedIn'}
                    values={{ project: projectName }}
                    components={{ b: <span className="font-medium text-foreground" /> }}
                  />
                </p>
              )}
              <div aria-busy={list.isFetching} aria-live="polite">
                {list.isLoading ? (
                  <div className="grid gap-2" role="status" aria-label={t('users.loading')}>
                    {Array.from({ length: 5 }, (_, i) => (
                      <Skeleton key={i} className="h-12" />
                    ))}
                  </div>
                ) : needsProject && !current ? (
                  <EmptyState
                    icon={Users}
                    title={t('users.selectProject')}
                    hint={t('users.selectProjectHint')}
                  />
                ) : rows.length === 0 ? (
                  <EmptyState
                    icon={Users}
                    title={q ? t('users.noMatch') : t(EMPTY[view])}
                    hint={q ? t('users.nothingFound', { query: q }) : undefined}
                  />
                ) : (
                  <UsersTable
                    users={rows}
                    projectId={view === 'linked' ? current?._id : undefined}
                    onOpen={(u) => setDetailsId(u._id)}
                    currentUserId={me?._id}
                    {...actions}
                  />
                )}
              </div>
              {list.data && (
                <Pager pagination={list.data.pagination} onPage={setPage} label={t('users.pages')} />
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <UserDetailsDialog
        userId={detailsId}
        onClose={() => setDetailsId(null)}
        currentUserId={me?._id}
        actions={{
          ...actions,
          onEdit: (u) => {
            setDetailsId(null);
            setEditing(u);
          },
        }}
      />
    </>
  );
}

export { UsersPage as Component };
