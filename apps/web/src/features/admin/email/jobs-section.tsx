import { useState } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useJobs, useRetryJob } from '@/queries/mail';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { queueLabel, when } from './labels';

const COUNTS = [
  ['waiting', 'Waiting'],
  ['active', 'Running'],
  ['retrying', 'Retrying'],
  ['failed', 'Failed'],
  ['completed', 'Done'],
] as const;

const tries = (n: number) => formatCount(n, 'try', 'tries');

/** The background queues: per queue its jobs by state, and the jobs that failed after every retry. */
export function JobsSection() {
  const { data, isLoading, isError, error } = useJobs();
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = useRetryJob({
    onSuccess: (answer) => toastDone('Job queued again', answer.message ?? 'The job will run again'),
    failure: 'Failed to retry job',
  });
  useFailedToast('Failed to load background jobs', isError, error);

  return (
    <Card aria-labelledby="jobs-title">
      <CardHeader>
        <CardTitle id="jobs-title" className="text-lg">
          Background jobs
        </CardTitle>
        <CardDescription>
          Emails are sent one by one by a background queue; a job that fails is tried again for about four
          hours before it is kept here as failed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLoading ? (
          <Skeleton className="h-28" />
        ) : data ? (
          <>
            <Table aria-label="Queues">
              <THead>
                <Tr>
                  <Th>Queue</Th>
                  {COUNTS.map(([k, label]) => (
                    <Th key={k} className="hidden text-right sm:table-cell">
                      {label}
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
                      {queueLabel(q.queue)}
                      {/* On a phone, the counts under the queue's name rather than in columns. */}
                      <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                        {COUNTS.map(([k, label]) => `${label} ${q[k].toLocaleString('en-US')}`).join(' · ')}
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
                        {q[k].toLocaleString('en-US')}
                      </Td>
                    ))}
                  </Tr>
                ))}
              </TBody>
            </Table>
            <section aria-labelledby="failed-jobs-title" className="grid gap-3">
              <h3 id="failed-jobs-title" className="font-semibold">
                Failed jobs
              </h3>
              {data.failed.length === 0 ? (
                <EmptyState icon={CircleCheck} title="No failed jobs" className="py-6" />
              ) : (
                <Table aria-label="Failed jobs">
                  <THead>
                    <Tr>
                      <Th>Job</Th>
                      <Th className="hidden md:table-cell">Last error</Th>
                      <Th className="hidden text-right sm:table-cell">Tries</Th>
                      <Th className="hidden lg:table-cell">Failed at</Th>
                      <Th className="text-right">
                        <span className="sr-only">Retry</span>
                      </Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {data.failed.map((j) => (
                      <Tr key={j._id}>
                        <Td className="break-words">
                          <p className="font-medium">{j.description}</p>
                          <p className="text-xs text-muted-foreground">{queueLabel(j.queue)}</p>
                          {/* On a phone, the hidden columns' facts under the job. */}
                          <p className="text-xs break-words text-destructive md:hidden">{j.error}</p>
                          <p className="text-xs text-muted-foreground lg:hidden">
                            {tries(j.retryCount + 1)}
                            {j.failedAt ? ` · failed ${when(j.failedAt)}` : ''}
                          </p>
                        </Td>
                        <Td className="hidden max-w-80 break-words text-destructive md:table-cell">
                          {j.error}
                        </Td>
                        <Td className="hidden text-right tabular sm:table-cell">{j.retryCount + 1}</Td>
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
                            Retry<span className="sr-only"> {j.description}</span>
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
