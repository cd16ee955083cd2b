import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareWarning } from 'lucide-react';
import { STAY_REPORT_STATUSES, type StayReportStatus } from '@portal/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Pager } from '@/components/admin/pager';
import { formatDate } from '@/lib/format';
import { useSetStayReportStatus, useStayReportInbox } from '@/queries/stay-reports';
import { STAY_REPORT_STATUS, StayReportPhotoButton, StayReportStatusBadge } from '../components/stay-reports';
import { stayLine } from '../stay';

const PAGE_SIZE = 20;

/**
 * The admins' inbox of problem reports from stays, newest first: who, where, which stay and cabins,
 * what they wrote and their photo; each moved along (new, in progress, done) with its status select.
 */
function StayReportsPage() {
  const { t } = useTranslation('stays');
  const [status, setStatus] = useState<StayReportStatus | ''>('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [status]);
  const { data, isLoading, isError, error } = useStayReportInbox({
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  useFailedToast(t('problemReports.admin.loadFailed'), isError, error);
  const setStatusOf = useSetStayReportStatus({ failure: t('problemReports.admin.updateFailed') });
  const items = data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t('problemReports.admin.title')}
        description={t('problemReports.admin.description')}
      />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 pt-5 sm:pt-6">
          <div className="flex justify-end">
            <NativeSelect
              aria-label={t('problemReports.admin.statusFilter')}
              className="sm:w-44"
              value={status}
              onChange={(e) => setStatus(e.target.value as StayReportStatus | '')}
            >
              <option value="">{t('problemReports.admin.allStatuses')}</option>
              {STAY_REPORT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STAY_REPORT_STATUS[s].label)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : items.length === 0 ? (
            <EmptyState
              icon={MessageSquareWarning}
              title={status ? t('problemReports.admin.noMatch') : t('problemReports.admin.empty')}
            />
          ) : (
            <Table aria-label={t('problemReports.admin.tableLabel')}>
              <THead>
                <Tr>
                  <Th>{t('problemReports.admin.received')}</Th>
                  <Th>{t('problemReports.admin.investor')}</Th>
                  <Th>{t('problemReports.admin.stay')}</Th>
                  <Th>{t('problemReports.admin.report')}</Th>
                  <Th>{t('problemReports.admin.status')}</Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((r) => {
                  const name = r.user?.name ?? t('problemReports.admin.deletedAccount');
                  return (
                    <Tr key={r._id}>
                      <Td className="whitespace-nowrap align-top text-muted-foreground">
                        {formatDate(r.createdAt)}
                      </Td>
                      <Td className="max-w-56 align-top">
                        <p className="truncate font-medium">{name}</p>
                        {r.user && (
                          <p className="truncate text-xs text-muted-foreground">
                            <a className="hover:underline" href={`mailto:${r.user.email}`}>
                              {r.user.email}
                            </a>
                          </p>
                        )}
                      </Td>
                      <Td className="max-w-64 align-top">
                        <p className="font-medium">{r.project.name}</p>
                        <p className="text-xs text-muted-foreground">
                          {stayLine(r.nights)}
                          {r.cabins.length > 0 && <> · {r.cabins.join(', ')}</>}
                        </p>
                      </Td>
                      <Td className="max-w-96 align-top">
                        <p className="whitespace-pre-line break-words">{r.text}</p>
                        <StayReportPhotoButton report={r} />
                      </Td>
                      <Td className="align-top">
                        <div className="grid gap-2">
                          <StayReportStatusBadge status={r.status} />
                          <NativeSelect
                            aria-label={t('problemReports.admin.statusOf', { name })}
                            className="h-9 w-36"
                            value={r.status}
                            disabled={setStatusOf.isPending}
                            onChange={(e) =>
                              setStatusOf.mutate(
                                { id: r._id, status: e.target.value as StayReportStatus },
                                { onSuccess: () => toastDone(t('problemReports.admin.updated')) },
                              )
                            }
                          >
                            {STAY_REPORT_STATUSES.map((s) => (
                              <option key={s} value={s}>
                                {t(STAY_REPORT_STATUS[s].label)}
                              </option>
                            ))}
                          </NativeSelect>
                        </div>
                      </Td>
                    </Tr>
                  );
                })}
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
              label={t('problemReports.admin.pagerLabel')}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}

export { StayReportsPage as Component };
