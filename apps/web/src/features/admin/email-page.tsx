import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CATEGORY } from '@/lib/email-categories';
import { useSearchParams } from 'react-router';
import { Mail, X } from 'lucide-react';
import { MAIL_STATUSES, type MailCounts, type MailStatus, type OutboxMessage } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { useOutbox } from '@/queries/mail';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Pager } from '@/components/admin/pager';
import { JobsSection } from './email/jobs-section';
import { MailStatusBadge, STATUS_LABELS, statusNote } from './email/labels';
import { MessageDialog } from './email/message-dialog';

const PAGE_SIZE = 25;

const COUNT_TONES: Record<MailStatus, string> = {
  queued: 'text-foreground',
  sent: 'text-success',
  failed: 'text-destructive',
  skipped: 'text-warning',
};

/** A moment in a table cell: the day, and the time under it. */
const Moment = ({ iso }: { iso: string }) => (
  <>
    <span className="block">{formatDate(iso)}</span>
    <span className="block text-xs">{formatDate(iso, 'seconds')}</span>
  </>
);

/** How many emails are queued, sent, failed and skipped (of the broadcast when one is chosen). */
function Counts({ counts }: { counts: MailCounts | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {MAIL_STATUSES.map((s) => (
        <div key={s} className="rounded-lg border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{t(STATUS_LABELS[s])}</dt>
          <dd className={cn('text-2xl font-semibold tabular', counts && counts[s] > 0 && COUNT_TONES[s])}>
            {counts ? formatNumber(counts[s]) : '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Email: what the portal sent or will send (the outbox, newest first, counted by status, each email
 * readable as it went out), one broadcast's emails when the address names its batch (?batch=<id>), and
 * the background jobs that send them, with a retry of the failed ones.
 */
function EmailPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useSearchParams();
  const batchId = search.get('batch') ?? '';
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const { data, isLoading, isError, error } = useOutbox({ status, batchId }, page, PAGE_SIZE);
  useFailedToast(t('email.failedLoad'), isError, error);

  const messages = data?.messages ?? [];
  const showAll = () => {
    setSearch((s) => {
      s.delete('batch');
      return s;
    });
    setPage(1);
  };

  return (
    <>
      <PageHeader title={t('email.title')} description={t('email.description')} />
      <div className="grid gap-6">
        <Card>
          <CardContent className="grid grid-cols-1 gap-4 pt-5 sm:pt-6">
            {batchId && (
              <div
                role="status"
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed bg-secondary/40 px-4 py-3 text-sm"
              >
                <span>{t('email.batchNote')}</span>
                <Button variant="ghost" size="sm" onClick={showAll}>
                  <X aria-hidden="true" />
                  {t('email.showAll')}
                </Button>
              </div>
            )}
            <Counts counts={data?.counts} />
            <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end sm:justify-between">
              <Field label={t('email.status')}>
                <NativeSelect
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as MailStatus | '');
                    setPage(1);
                  }}
                >
                  <option value="">{t('email.allStatuses')}</option>
                  {MAIL_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(STATUS_LABELS[s])}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            {isLoading ? (
              <Skeleton className="h-40" />
            ) : messages.length === 0 ? (
              <EmptyState icon={Mail} title={status || batchId ? t('email.noMatch') : t('email.empty')} />
            ) : (
              <Table aria-label={t('email.outbox')}>
                <THead>
                  <Tr>
                    <Th className="hidden md:table-cell">{t('email.to')}</Th>
                    <Th>{t('email.subject')}</Th>
                    <Th className="hidden lg:table-cell">{t('email.category')}</Th>
                    <Th>{t('email.status')}</Th>
                    <Th className="hidden xl:table-cell">{t('email.created')}</Th>
                    <Th className="hidden sm:table-cell">{t('email.sent')}</Th>
                  </Tr>
                </THead>
                <TBody>
                  {messages.map((m) => {
                    const note = statusNote(m);
                    return (
                      <Tr key={m._id}>
                        <Td className="hidden break-words md:table-cell">{m.to}</Td>
                        <Td className="max-w-96 break-words md:min-w-48">
                          <button
                            type="button"
                            onClick={() => setOpen(m)}
                            className="text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
                          >
                            {m.subject}
                          </button>
                          {/* On smaller screens, the hidden columns' facts under the subject. */}
                          <p className="break-all text-xs text-muted-foreground md:hidden">{m.to}</p>
                          <p className="text-xs text-muted-foreground lg:hidden">
                            {t(EMAIL_CATEGORY[m.category])}
                          </p>
                        </Td>
                        <Td className="hidden lg:table-cell">{t(EMAIL_CATEGORY[m.category])}</Td>
                        <Td>
                          <MailStatusBadge status={m.status} />
                          {note && (
                            <p
                              className={cn(
                                'mt-1 max-w-64 break-words text-xs',
                                m.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                              )}
                            >
                              {note}
                            </p>
                          )}
                        </Td>
                        <Td className="hidden whitespace-nowrap text-muted-foreground tabular xl:table-cell">
                          <Moment iso={m.createdAt} />
                        </Td>
                        <Td className="hidden whitespace-nowrap text-muted-foreground tabular sm:table-cell">
                          {m.sentAt ? <Moment iso={m.sentAt} /> : '—'}
                        </Td>
                      </Tr>
                    );
                  })}
                </TBody>
              </Table>
            )}
            {data && <Pager pagination={data.pagination} onPage={setPage} label={t('email.pages')} />}
          </CardContent>
        </Card>
        <JobsSection />
      </div>
      <MessageDialog
        message={(open && messages.find((m) => m._id === open._id)) ?? open}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

export { EmailPage as Component };
