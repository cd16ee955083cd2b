import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useJobs, useRetryJob } from '@/queries/mail';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { queueLabel, when } from './labels';

const COUNTS = [
  ['waiting', 'jobs.waiting'],
  ['active', 'jobs.active'],
  ['retrying', 'jobs.retrying'],
  ['failed', 'jobs.failed'],
  ['completed', 'jobs.completed'],
] as const;

/** The background queues: per queue its jobs by state, and the jobs that failed after every retry. */
export function JobsSection() {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, error } = useJobs();
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = useRetryJob({
    onSuccess: (answer) => toastDone(t('jobs.queuedAgain'), answer.message ?? t('jobs.willRunAgain')),
    failure: t('jobs.failedRetry'),
  });
  useFailedToast(t('jobs.failedLoad'), isError, error);

  return (
    <Card aria-labelledby="jobs-title">
      <CardHeader>
        <CardTitle id="jobs-title" className="text-lg">
          {t('jobs.title')}
        </CardTitle>
        <CardDescription>{t('jobs.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLoading ? (
          <Skeleton className="h-28" />
        ) : data ? (
          <>
            <Table aria-label={t('jobs.queues')}>
              <THead>
                <Tr>
                  <Th>{t('jobs.queue')}</Th>
                  {COUNTS.map(([k, label]) => (
                    <Th key={k} className="hidden text-right sm:table-cell">
                      {t(label)}
                    </Th>
                  ))}
                </Tr>
              </THead>
              <TBody>
                {data.queues.map((q) => (
                  <Tr key={q.queue}>
                    <Th
                      scope="row"
                      className="text-sm font-medium normal-case tracking-normal text-foreground"
                    >
                      {queueLabel(t, q.queue)}
                      {/* On a phone, the counts under the queue's name rather than in columns. */}
                      <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                        {COUNTS.map(([k, label]) => `${t(label)} ${formatNumber(q[k])}`).join(' · ')}
                      </span>
                    </Th>
                    {COUNTS.map(([k]) => (
                      <Td
                        key={k}
                        className={cn(
                          'hidden text-right tabular sm:table-cell',
                          k === 'failed' && q.failed > 0 && 'font-semibold text-destructive',
                        )}
                      >
                        {formatNumber(q[k])}
                      </Td>
                    ))}
                  </Tr>
                ))}
              </TBody>
            </Table>
            <section aria-labelledby="failed-jobs-title" className="grid gap-3">
              <h3 id="failed-jobs-title" className="font-semibold">
                {t('jobs.failedJobs')}
              </h3>
              {data.failed.length === 0 ? (
                <EmptyState icon={CircleCheck} title={t('jobs.noFailed')} className="py-6" />
              ) : (
                <Table aria-label={t('jobs.failedJobs')}>
                  <THead>
                    <Tr>
                      <Th>{t('jobs.job')}</Th>
                      <Th className="hidden md:table-cell">{t('jobs.lastError')}</Th>
                      <Th className="hidden text-right sm:table-cell">{t('jobs.tries')}</Th>
                      <Th className="hidden lg:table-cell">{t('jobs.failedAt')}</Th>
                      <Th className="text-right">
                        <span className="sr-only">{t('jobs.retry')}</span>
                      </Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {data.failed.map((j) => (
                      <Tr key={j._id}>
                        <Td className="break-words">
                          <p className="font-medium">{j.description}</p>
                          <p className="text-xs text-muted-foreground">{queueLabel(t, j.queue)}</p>
                          {/* On a phone, the hidden columns' facts under the job. */}
                          <p className="text-xs break-words text-destructive md:hidden">{j.error}</p>
                          <p className="text-xs text-muted-foreground lg:hidden">
                            {t('jobs.triesCount', {
                              count: j.retryCount + 1,
                              n: formatNumber(j.retryCount + 1),
                            })}
                            {j.failedAt ? ` · ${t('jobs.failedWhen', { when: when(j.failedAt) })}` : ''}
                          </p>
                        </Td>
                        <Td className="hidden max-w-80 break-words text-destructive md:table-cell">
                          {j.error}
                        </Td>
                        <Td className="hidden text-right tabular sm:table-cell">
                          {formatNumber(j.retryCount + 1)}
                        </Td>
                        <Td className="hidden whitespace-nowrap text-muted-foreground tabular lg:table-cell">
                          {j.failedAt ? when(j.failedAt) : '—'}
                        </Td>
                        <Td className="text-right">
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={retry.isPending && retrying === j._id}
                            onClick={() => {
                              setRetrying(j._id);
                              retry.mutate(j._id);
                            }}
                          >
                            <RotateCcw aria-hidden="true" />
                            <Trans
                              t={t}
                              i18nKey="jobs.retryJob"
                              values={{ job: j.description }}
                              components={{ sr: <span className="sr-only" /> }}
                            />
                          </Button>
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </section>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
