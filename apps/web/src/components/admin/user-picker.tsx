import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMoney, initials } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsers } from '@/queries/admin-users';
import { Pager } from './pager';
import { useFailedToast } from './feedback';

/** Investors to choose from: server-side search and paging, the holding in the project beside each. */
export function UserPicker({
  selectedId,
  projectId,
  onSelect,
  leading,
}: {
  selectedId: string | null;
  projectId: string | undefined;
  onSelect: (id: string) => void;
  /** An entry above the investors (e.g. documents shared with the whole project). */
  leading?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const list = useUsers({ search: q || undefined, role: 'user', page, pageSize: 8 });
  useFailedToast(t('userPicker.failed'), list.isError, list.error);
  const users = list.data?.data ?? [];

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('userPicker.search')}
          placeholder={t('userPicker.searchPlaceholder')}
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {leading}
      {list.isLoading ? (
        <div className="grid gap-2" role="status" aria-label={t('userPicker.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : users.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
          {q ? t('userPicker.noMatch') : t('userPicker.none')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-1" aria-label={t('userPicker.list')}>
          {users.map((u) => {
            const holding = projectId ? u.investments.find((i) => i.projectId === projectId) : undefined;
            const selected = u._id === selectedId;
            return (
              <li key={u._id}>
                <button
                  type="button"
                  onClick={() => onSelect(u._id)}
                  aria-current={selected ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-md px-2 py-2 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    selected && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
                  >
                    {initials(u.name)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{u.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
                  </span>
                  <span className="shrink-0 text-xs tabular text-muted-foreground">
                    {holding ? formatMoney(holding.amount) : t('userPicker.notLinked')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.data && list.data.pagination.totalPages > 1 && (
        <Pager pagination={list.data.pagination} onPage={setPage} label="Investor pages" />
      )}
    </div>
  );
}
