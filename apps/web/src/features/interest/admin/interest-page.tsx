import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox, Search } from 'lucide-react';
import { INTEREST_STATUSES, type InterestStatus } from '@portal/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useInterest, useSetInterestStatus } from '@/queries/interest';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Pager } from '@/components/admin/pager';
import { toast } from '@/lib/toast';

const PAGE_SIZE = 20;

/** Each status's name. */
const STATUS_LABEL = {
  new: 'status.new',
  contacted: 'status.contacted',
  closed: 'status.closed',
} as const satisfies Record<InterestStatus, string>;

/** Register Your Interest submissions, newest first: who, how much, what they wrote. */
function InterestPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<InterestStatus | ''>('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q, status]);
  const { data, isLoading, isError, error } = useInterest({
    search: q || undefined,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const { t } = useTranslation('interest');
  useFailedToast(t('page.loadFailed'), isError, error);

  const setStatusOf = useSetInterestStatus();
  const items = data?.items ?? [];
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 pt-5 sm:pt-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="relative w-full sm:w-72">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label={t('page.searchLabel')}
                placeholder={t('page.searchPlaceholder')}
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <NativeSelect
              aria-label={t('page.status')}
              className="sm:w-44"
              value={status}
              onChange={(e) => setStatus(e.target.value as InterestStatus | '')}
            >
              <option value="">{t('page.allStatuses')}</option>
              {INTEREST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_LABEL[s])}
                </option>
              ))}
            </NativeSelect>
          </div>
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : items.length === 0 ? (
            <EmptyState icon={Inbox} title={q || status ? t('page.noMatch') : t('page.empty')} />
          ) : (
            <Table aria-label={t('page.tableLabel')}>
              <THead>
                <Tr>
                  <Th>{t('page.name')}</Th>
                  <Th className="text-right">{t('page.amount')}</Th>
                  <Th className="hidden lg:table-cell">{t('page.message')}</Th>
                  <Th>{t('page.received')}</Th>
                  <Th>{t('page.status')}</Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((r) => (
                  <Tr key={r._id}>
                    <Td className="max-w-64">
                      <p className="truncate font-medium">{r.name}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        <a className="hover:underline" href={`mailto:${r.email}`}>
                          {r.email}
                        </a>
                        {r.phone && ` · ${r.phone}`}
                      </p>
                    </Td>
                    <Td className="text-right tabular whitespace-nowrap">
                      {r.investmentAmount != null ? formatMoney(r.investmentAmount) : '—'}
                    </Td>
                    <Td className="hidden max-w-80 lg:table-cell">
                      <p className="line-clamp-2 text-sm text-muted-foreground">{r.message || '—'}</p>
                    </Td>
                    <Td className="whitespace-nowrap text-muted-foreground">{formatDate(r.createdAt)}</Td>
                    <Td>
                      <NativeSelect
                        aria-label={t('page.statusOf', { name: r.name })}
                        className="h-9 w-32"
                        value={r.status}
                        disabled={setStatusOf.isPending}
                        onChange={(e) =>
                          setStatusOf.mutate(
                            { id: r._id, status: e.target.value as InterestStatus },
                            { onSuccess: () => toast({ title: t('page.updated') }) },
                          )
                        }
                      >
                        {INTEREST_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(STATUS_LABEL[s])}
                          </option>
                        ))}
                      </NativeSelect>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          {data && (
            <Pager
              pagination={{
                page: data.page,
                pageSize: data.pageSize,
                total: data.total,
                totalPages: Math.max(1, Math.ceil(data.total / data.pageSize)),
              }}
              onPage={setPage}
              label={t('page.pagerLabel')}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}

export { InterestPage as Component };
