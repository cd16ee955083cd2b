import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CircleCheck, Download, FileCode, TriangleAlert, Undo2 } from 'lucide-react';
import { sumMoney, toCents, type DistributionDetail, type DistributionSummary } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useDistribution } from '@/queries/distributions';
import { useFailedToast } from '@/components/admin/feedback';
import { investorsText, runName } from './labels';
import { ReverseDialog } from './reverse-dialog';
import { RunStatusBadge } from './run-status-badge';

/** A run's description, by its kind: 'Income of €1,000 to 3 investors, paid on Feb 15, 2019'. */
const DESCRIPTIONS = {
  income: 'details.descriptionIncome',
  capital: 'details.descriptionCapital',
} as const satisfies Record<DistributionSummary['kind'], string>;

/** A bank account as the server shows it (masked), or the warning that there is none. */
function BankAccount({ iban }: { iban: string | null }) {
  const { t } = useTranslation('distributions');
  return iban ? (
    <span className="font-mono text-xs whitespace-nowrap">{iban}</span>
  ) : (
    <Badge variant="warning">
      <TriangleAlert className="size-3" aria-hidden="true" />
      {t('details.noBankAccount')}
    </Badge>
  );
}

function Allocations({ run }: { run: DistributionDetail }) {
  const { t } = useTranslation('distributions');
  const total = sumMoney(run.allocations.map((a) => a.amount));
  const invested = sumMoney(run.allocations.map((a) => a.invested));
  const matches = toCents(total) === toCents(run.amount);
  return (
    <>
      <Table aria-label={t('details.allocations')}>
        <THead>
          <Tr>
            <Th>{t('details.investor')}</Th>
            <Th className="hidden text-right sm:table-cell">{t('details.invested')}</Th>
            <Th className="hidden text-right sm:table-cell">{t('details.share')}</Th>
            <Th className="text-right">{t('details.amount')}</Th>
            <Th className="hidden md:table-cell">{t('details.bankAccount')}</Th>
          </Tr>
        </THead>
        <TBody>
          {run.allocations.map((a) => (
            <Tr key={a.userId}>
              {/* w-full with max-w-0: the investor takes the room left and wraps instead of widening the table. */}
              <Td className="w-full max-w-0">
                <p className="break-words font-medium">{a.name}</p>
                <p className="break-all text-xs text-muted-foreground">{a.email}</p>
                <p className="font-mono text-xs text-muted-foreground">{a.investorId ?? '—'}</p>
                {/* On a phone, the hidden columns' facts under the investor. */}
                <p className="text-xs text-muted-foreground sm:hidden">
                  {t('details.investedShare', {
                    amount: formatMoney(a.invested),
                    share: formatPercent(a.share * 100),
                  })}
                </p>
                <p className="mt-1 md:hidden">
                  <BankAccount iban={a.iban} />
                </p>
              </Td>
              <Td className="hidden text-right tabular whitespace-nowrap sm:table-cell">
                {formatMoney(a.invested)}
              </Td>
              <Td className="hidden text-right tabular whitespace-nowrap sm:table-cell">
                {formatPercent(a.share * 100)}
              </Td>
              <Td className="text-right font-medium tabular whitespace-nowrap">{formatMoney(a.amount)}</Td>
              <Td className="hidden md:table-cell">
                <BankAccount iban={a.iban} />
              </Td>
            </Tr>
          ))}
        </TBody>
        <tfoot className="border-t font-semibold">
          <Tr className="hover:bg-transparent">
            <Td>{t('details.total')}</Td>
            <Td className="hidden text-right tabular whitespace-nowrap sm:table-cell">
              {formatMoney(invested)}
            </Td>
            <Td className="hidden text-right tabular whitespace-nowrap sm:table-cell">
              {formatPercent(run.allocations.length ? 100 : 0)}
            </Td>
            <Td className="text-right tabular whitespace-nowrap">{formatMoney(total)}</Td>
            <Td className="hidden md:table-cell" />
          </Tr>
        </tfoot>
      </Table>
      {matches ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          {t('details.addsUp', { amount: formatMoney(run.amount) })}
        </p>
      ) : (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-warning">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('details.doesNotAddUp', { total: formatMoney(total), amount: formatMoney(run.amount) })}
        </p>
      )}
    </>
  );
}

/**
 * A run's details: its facts, each investor's allocation with their bank account, the total; for a
 * draft, the way to make it final (`refusal` is the server's last answer to that, a 409's reason); for
 * a final run, its SEPA file and the way to reverse it; for a reversed run, when and why.
 */
export function RunDetailsDialog({
  run: summary,
  refusal,
  onClose,
  onMakeFinal,
  onDownload,
  downloading,
  onSepa,
  sepaDownloading,
}: {
  run: DistributionSummary | null;
  refusal: string | null;
  onClose: () => void;
  onMakeFinal: (run: DistributionSummary) => void;
  onDownload: (run: DistributionSummary) => void;
  downloading: boolean;
  /** Downloads a final run's SEPA credit transfer file. */
  onSepa: (run: DistributionSummary) => void;
  sepaDownloading: boolean;
}) {
  const { t } = useTranslation('distributions');
  const { data, isLoading, isError, error } = useDistribution(summary?._id ?? null);
  useFailedToast(t('details.failedFetch'), isError, error);
  const sr = { sr: <span className="sr-only" /> };
  const run = data && data._id === summary?._id ? data : summary;
  const [reversing, setReversing] = useState<DistributionSummary | null>(null);

  return (
    <>
      <Dialog open={!!summary} onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl">
          {run && (
            <>
              <DialogHeader>
                <DialogTitle>
                  {t('details.title', { project: run.projectName, name: runName(t, run) })}
                </DialogTitle>
                <DialogDescription>
                  {t(DESCRIPTIONS[run.kind], {
                    amount: formatMoney(run.amount),
                    investors: investorsText(t, run.investorCount),
                    date: formatDate(run.paymentDate),
                  })}
                </DialogDescription>
              </DialogHeader>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <RunStatusBadge status={run.status} />
                {run.status === 'draft' ? (
                  <span className="text-muted-foreground">{t('details.notPaid')}</span>
                ) : (
                  run.finalizedAt && (
                    <span className="text-muted-foreground">
                      {t('details.madeFinal', { date: formatDate(run.finalizedAt) })}
                    </span>
                  )
                )}
                {run.missingBankAccounts > 0 && run.status !== 'reversed' && (
                  <Badge variant="warning">
                    <TriangleAlert className="size-3" aria-hidden="true" />
                    {t('card.withoutBankAccount', { n: formatNumber(run.missingBankAccounts) })}
                  </Badge>
                )}
              </div>
              {run.note && <p className="text-sm break-words">{t('card.note', { note: run.note })}</p>}
              {run.status === 'reversed' && <ReversedNote run={run} />}
              {run.status === 'draft' && <FormError message={refusal} />}
              {isLoading ? (
                <Skeleton className="h-32" role="status" aria-label={t('details.loading')} />
              ) : data && data._id === run._id ? (
                <Allocations run={data} />
              ) : (
                isError && <p className="text-sm text-muted-foreground">{t('details.failed')}</p>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" disabled={downloading} onClick={() => onDownload(run)}>
                  <Download aria-hidden="true" />
                  {downloading ? t('details.preparing') : t('details.downloadCsv')}
                </Button>
                {run.status === 'final' && (
                  <Button disabled={sepaDownloading} onClick={() => onSepa(run)}>
                    <FileCode aria-hidden="true" />
                    <Trans
                      t={t}
                      i18nKey={sepaDownloading ? 'details.preparingSepa' : 'details.downloadSepa'}
                      values={{ name: runName(t, run) }}
                      components={sr}
                    />
                  </Button>
                )}
                {run.status === 'final' && (
                  <Button variant="destructive" onClick={() => setReversing(run)}>
                    <Undo2 aria-hidden="true" />
                    {t('details.reverse')}
                  </Button>
                )}
                {run.status === 'draft' && (
                  <Button onClick={() => onMakeFinal(run)}>
                    <CircleCheck aria-hidden="true" />
                    {t('details.makeFinal')}
                  </Button>
                )}
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
      <ReverseDialog run={reversing} onClose={() => setReversing(null)} />
    </>
  );
}

/** A reversed run: when and why, in the admin's words (the investors were told the same). */
export function ReversedNote({ run }: { run: Pick<DistributionSummary, 'reversedAt' | 'reversalReason'> }) {
  const { t } = useTranslation('distributions');
  const date = run.reversedAt ? formatDate(run.reversedAt) : null;
  const reason = run.reversalReason;
  return (
    <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning-soft px-3 py-2 text-sm break-words">
      <Undo2 className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        {date && reason
          ? t('details.reversedOnWhy', { date, reason })
          : date
            ? t('details.reversedOn', { date })
            : reason
              ? t('details.reversedWhy', { reason })
              : t('details.reversed')}
      </span>
    </p>
  );
}
