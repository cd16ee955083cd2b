import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RotateCcw, Send } from 'lucide-react';
import { statementLabel, type StatementPublication } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { confirmAction } from '@/lib/confirm';
import { formatDate, formatNumber } from '@/lib/format';
import { usePublishStatements, useStatementPublications } from '@/queries/statements';
import { toastDone, toastFailed, useFailedToast } from '@/components/admin/feedback';

type T = TFunction<'distributions'>;
const count = (n: number) => formatNumber(n);
const investors = (t: T, n: number) => t('count.investors', { count: n, n: count(n) });
const emails = (t: T, n: number) => t('count.emails', { count: n, n: count(n) });
const ofTotal = (t: T, p: StatementPublication) =>
  t('statements.ofTotal', { n: count(p.recipients), investors: investors(t, p.total) });

/** A publication whose job is telling the investors: how many so far, as text and as a bar. */
function PublishingProgress({ p }: { p: StatementPublication }) {
  const { t } = useTranslation('distributions');
  const label = statementLabel(p.period);
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">{t('statements.forPeriod', { label })}</p>
        <p className="tabular text-sm text-muted-foreground">
          {t('statements.publishing', { progress: ofTotal(t, p) })}
        </p>
      </div>
      <Progress
        value={p.recipients}
        max={Math.max(p.total, 1)}
        label={t('statements.publishingLabel', { label })}
        valueText={ofTotal(t, p)}
      />
    </div>
  );
}

/** A publication whose job gave up: how far it came, why, and a button that resumes it. */
function PublishingFailed({
  p,
  onResume,
  busy,
}: {
  p: StatementPublication;
  onResume: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('distributions');
  const label = statementLabel(p.period);
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/50 p-3 sm:flex sm:items-center sm:justify-between">
      <div className="text-sm">
        <p className="font-medium">{t('statements.stopped', { label, progress: ofTotal(t, p) })}</p>
        {p.error && <p className="text-muted-foreground">{p.error}</p>}
      </div>
      <Button variant="outline" onClick={onResume} disabled={busy} className="shrink-0">
        <RotateCcw aria-hidden="true" />
        {t('statements.resume', { label })}
      </Button>
    </div>
  );
}

/**
 * Tells the admin when a publication this screen saw running ends: published (how many were told and
 * emailed) or failed (why).
 */
function useEndings(t: T, publications: readonly StatementPublication[] | undefined) {
  const running = useRef(new Set<string>());
  useEffect(() => {
    if (!publications) return;
    for (const p of publications) {
      if (!running.current.has(p.period) || p.status === 'running') continue;
      const label = statementLabel(p.period);
      if (p.status === 'published')
        toastDone(
          t('statements.publishedTitle', { label }),
          t('statements.publishedText', {
            investors: investors(t, p.recipients),
            emails: emails(t, p.emailed),
          }),
        );
      else
        toastFailed(t('statements.failedPeriod', { label }), new Error(p.error ?? t('statements.tryAgain')));
    }
    running.current = new Set(publications.filter((p) => p.status === 'running').map((p) => p.period));
  }, [t, publications]);
  return running;
}

export function StatementsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('distributions');
  const { data, isLoading, isError, error } = useStatementPublications({ enabled: open });
  const publish = usePublishStatements();
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  useFailedToast(t('statements.failedFetch'), isError, error);
  const offered = data?.publishable ?? [];
  const chosenPeriod = offered.find((p) => p.period === chosen) ?? offered[0];
  const period = chosenPeriod?.period ?? '';
  const running = useEndings(t, data?.publications);

  /** Starts (or resumes) a period's publication; its progress then shows until the job ends. */
  async function onPublish(p: string) {
    const offer = offered.find((o) => o.period === p);
    // A new period tells every holder at once, and cannot be taken back: asked first, with the counts.
    // (Resuming goes on with one already confirmed.)
    if (
      offer &&
      !(await confirmAction({
        title: t('statements.confirmTitle', { label: statementLabel(p) }),
        description: t('statements.confirmText', {
          count: offer.total,
          investors: investors(t, offer.total),
          emailsGo: t('statements.emailsGo', { count: offer.emails, n: count(offer.emails) }),
        }),
        confirmLabel: t('statements.confirm'),
      }))
    )
      return;
    try {
      const res = await publish.mutateAsync(p);
      running.current.add(res.data.period);
      setChosen('');
    } catch {
      // Told by the write's failure toast.
    }
  }
  const unfinished = data?.publications.filter((p) => p.status !== 'published') ?? [];

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('statements.title')}</DialogTitle>
          <DialogDescription>{t('statements.description')}</DialogDescription>
        </DialogHeader>
        {isLoading || !data ? (
          <Skeleton className="h-24" role="status" aria-label={t('statements.loading')} />
        ) : (
          <>
            {data.publishable.length ? (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="grid flex-1 gap-1.5">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    {t('statements.period')}
                  </label>
                  <NativeSelect id={selectId} value={period} onChange={(e) => setChosen(e.target.value)}>
                    {data.publishable.map(({ period: p }) => (
                      <option key={p} value={p}>
                        {statementLabel(p)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Button onClick={() => void onPublish(period)} disabled={publish.isPending}>
                  <Send aria-hidden="true" />
                  {t('statements.publishFor', { label: statementLabel(period) })}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('statements.allPublished')}</p>
            )}
            {unfinished.map((p) =>
              p.status === 'running' ? (
                <PublishingProgress key={p.period} p={p} />
              ) : (
                <PublishingFailed
                  key={p.period}
                  p={p}
                  busy={publish.isPending}
                  onResume={() => void onPublish(p.period)}
                />
              ),
            )}
            {data.publications.length > 0 && (
              <Table aria-label={t('statements.published')}>
                <THead>
                  <Tr>
                    <Th>{t('statements.period')}</Th>
                    <Th className="hidden sm:table-cell">{t('statements.publishedAt')}</Th>
                    <Th className="text-right">{t('statements.investors')}</Th>
                    <Th className="text-right">{t('statements.emails')}</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.publications.map((p) => (
                    <Tr key={p.period}>
                      <Td>
                        <p className="font-medium">{statementLabel(p.period)}</p>
                        <p className="text-xs text-muted-foreground sm:hidden">{formatDate(p.publishedAt)}</p>
                      </Td>
                      <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(p.publishedAt)}</Td>
                      <Td className="text-right tabular">
                        {p.status === 'published'
                          ? count(p.recipients)
                          : t('statements.progress', { n: count(p.recipients), total: count(p.total) })}
                      </Td>
                      <Td className="text-right">
                        <Link
                          to={`/admin/email?batch=${p.batchId}`}
                          className="tabular text-primary underline-offset-4 hover:underline"
                          aria-label={t('statements.emailsLink', {
                            n: p.emailed,
                            label: statementLabel(p.period),
                          })}
                        >
                          {p.emailed}
                        </Link>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
