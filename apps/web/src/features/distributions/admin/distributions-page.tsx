import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import {
  Banknote,
  CircleCheck,
  Download,
  FileCode,
  FileText,
  FileUp,
  HandCoins,
  ListTree,
  Pencil,
  Plus,
  TriangleAlert,
  Trash2,
} from 'lucide-react';
import type { DistributionSummary, PayerAccount } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { FormError } from '@/components/ui/form-error';
import { confirmAction } from '@/lib/confirm';
import { formatDate, formatMoney, formatMonth, formatNumber } from '@/lib/format';
import { messageOf } from '@/lib/toast';
import { useCurrentProject } from '@/queries/current-project';
import {
  useDeleteDistribution,
  useDistributions,
  useDownloadPayments,
  useDownloadSepa,
  useFinalizeDistribution,
  usePayerAccount,
} from '@/queries/distributions';
import { EmptyState } from '@/components/admin/empty-state';
import { deleteAfterConfirm, toastDone, useFailedToast } from '@/components/admin/feedback';
import { NoProject } from '@/components/admin/no-project';
import { PageHeader } from '@/components/admin/page-header';
import { CardAction } from '@/components/admin/project-list';
import { DistributionDialog } from './distribution-dialog';
import { ImportReturnsDialog } from './import-dialog';
import { KIND_LABELS, investorsText, runName } from './labels';
import { PayerDialog, groupIban } from './payer-dialog';
import { ReversedNote, RunDetailsDialog } from './run-details-dialog';
import { RunStatusBadge } from './run-status-badge';
import { StatementsDialog } from './statements-dialog';

/** What making a run final does, said before it is done. */
function finalQuestion(t: TFunction<'distributions'>, r: DistributionSummary) {
  const facts = {
    amount: formatMoney(r.amount),
    month: formatMonth(r.period),
    date: formatDate(r.paymentDate),
    investors: investorsText(t, r.investorCount),
  };
  const n = r.missingBankAccounts;
  return {
    title: t('final.title', { name: runName(t, r) }),
    // Whole sentences, one after another.
    description: [
      r.kind === 'income' ? t('final.textIncome', facts) : t('final.textCapital', facts),
      n > 0 ? t('final.missing', { count: n, n: formatNumber(n) }) : null,
      t('final.cannotUndo'),
    ]
      .filter(Boolean)
      .join(' '),
    confirmLabel: t('final.confirm'),
  };
}

function RunCard({
  r,
  refusal,
  onDetails,
  onMakeFinal,
  onDownload,
  onSepa,
  onEdit,
  onDelete,
}: {
  r: DistributionSummary;
  refusal: string | null;
  onDetails: () => void;
  onMakeFinal: () => void;
  onDownload: () => void;
  onSepa: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('distributions');
  const name = runName(t, r);
  const draft = r.status === 'draft';
  const sr = { sr: <span className="sr-only" /> };
  return (
    <Card className="grid gap-3 p-5" aria-labelledby={`run-${r._id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`run-${r._id}`} className="font-semibold">
          {name}
        </h2>
        <RunStatusBadge status={r.status} />
        {/* It matters for the payment file, which a reversed run no longer has. */}
        {r.missingBankAccounts > 0 && r.status !== 'reversed' && (
          <Badge variant="warning">
            <TriangleAlert className="size-3" aria-hidden="true" />
            {t('card.withoutBankAccount', { n: formatNumber(r.missingBankAccounts) })}
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">{t('card.project')}</dt>
          <dd className="break-words">{r.projectName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('card.period')}</dt>
          <dd>{formatMonth(r.period)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('card.kind')}</dt>
          <dd>{t(KIND_LABELS[r.kind])}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('card.amount')}</dt>
          <dd className="font-medium tabular">{formatMoney(r.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('card.paymentDate')}</dt>
          <dd className="tabular">{formatDate(r.paymentDate)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('card.investors')}</dt>
          <dd className="tabular">{formatNumber(r.investorCount)}</dd>
        </div>
      </dl>
      {r.note && (
        <p className="text-sm break-words text-muted-foreground">{t('card.note', { note: r.note })}</p>
      )}
      {r.status === 'reversed' && <ReversedNote run={r} />}
      {draft && <FormError message={refusal} />}
      <div className="flex flex-wrap items-center justify-end gap-1">
        <Button variant="outline" size="sm" onClick={onDetails}>
          <ListTree aria-hidden="true" />
          <Trans t={t} i18nKey="card.details" values={{ name }} components={sr} />
        </Button>
        <Button variant="ghost" size="sm" onClick={onDownload}>
          <Download aria-hidden="true" />
          <Trans t={t} i18nKey="card.downloadCsv" values={{ name }} components={sr} />
        </Button>
        {/* A reversed run's payments are not to be made: the server refuses its SEPA file. */}
        {r.status === 'final' && (
          <Button variant="ghost" size="sm" onClick={onSepa}>
            <FileCode aria-hidden="true" />
            <Trans t={t} i18nKey="card.downloadSepa" values={{ name }} components={sr} />
          </Button>
        )}
        {draft && (
          <>
            <CardAction label={t('card.edit')} name={name} icon={Pencil} onClick={onEdit} />
            <CardAction label={t('card.delete')} name={name} icon={Trash2} onClick={onDelete} destructive />
            <Button size="sm" onClick={onMakeFinal}>
              <CircleCheck aria-hidden="true" />
              <Trans t={t} i18nKey="card.makeFinal" values={{ name }} components={sr} />
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/** The current payer account in a line under the heading, or what it takes to pay a run. */
function payerLine(t: TFunction<'distributions'>, payer: PayerAccount | null | undefined) {
  if (payer === undefined) return null;
  return payer ? t('page.paidFrom', { name: payer.name, iban: groupIban(payer.iban) }) : t('page.noPayer');
}

/**
 * Distributions (docs/product.md §15.13): the selected project's distribution runs, newest period
 * first. A draft is computed by the server, checked here (each investor's allocation), changed or
 * deleted, then made final: the amounts written and every investor notified at once. A final run is
 * paid with its SEPA file, from the company's payer account (set in the header). Returns of many
 * investors at once are imported from a CSV file, checked by a dry run before they are written.
 */
function DistributionsPage() {
  const { t } = useTranslation('distributions');
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useDistributions(current?._id, { enabled: !!current });
  const payer = usePayerAccount();
  const [dialog, setDialog] = useState<{ run: DistributionSummary | null } | null>(null);
  const [payerOpen, setPayerOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [statementsOpen, setStatementsOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  // The server's last refusal to make a run final (a 409 naming the investors), shown until it is tried again.
  const [refusal, setRefusal] = useState<{ id: string; message: string } | null>(null);
  const remove = useDeleteDistribution({ failure: t('page.failedDelete') });
  const finalize = useFinalizeDistribution();
  const download = useDownloadPayments();
  const sepa = useDownloadSepa();
  useFailedToast(t('page.failedFetch'), isError, error);
  useFailedToast(t('page.failedPayer'), payer.isError, payer.error);

  const open = data?.find((r) => r._id === openId) ?? null;
  const refusalOf = (r: DistributionSummary) => (refusal?.id === r._id ? refusal.message : null);

  const onDelete = (r: DistributionSummary) =>
    deleteAfterConfirm({
      confirm: {
        title: t('page.deleteTitle', { name: runName(t, r) }),
        description: t('page.deleteText'),
        confirmLabel: t('page.deleteConfirm'),
        destructive: true,
      },
      run: () => remove.mutateAsync(r._id),
      doneTitle: t('page.deletedTitle'),
      done: t('page.deletedText', { name: runName(t, r) }),
    });

  async function onMakeFinal(r: DistributionSummary) {
    if (!(await confirmAction(finalQuestion(t, r)))) return;
    setRefusal(null);
    try {
      const res = await finalize.mutateAsync(r._id);
      toastDone(
        t('page.madeFinalTitle'),
        t('page.madeFinalText', {
          name: runName(t, res.data),
          amount: formatMoney(res.data.amount),
          investors: investorsText(t, res.data.investorCount),
        }),
      );
    } catch (err) {
      setRefusal({ id: r._id, message: messageOf(err, t('page.finalFallback')) });
    }
  }

  const onDownload = (r: DistributionSummary) => download.mutate({ id: r._id, period: r.period });

  // The file leaves out the investors without a bank account: the toast says how many.
  const onSepa = (r: DistributionSummary) =>
    sepa.mutate(
      { id: r._id, period: r.period },
      {
        onSuccess: () => {
          const n = r.missingBankAccounts;
          if (n > 0) toastDone(t('page.sepaTitle'), t('page.sepaLeftOut', { count: n, n: formatNumber(n) }));
        },
      },
    );

  const line = payerLine(t, payer.data);
  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={
          <>
            {current ? t('page.descriptionProject', { project: current.name }) : t('page.descriptionAll')}
            {line && <span className="mt-1 block break-words">{line}</span>}
          </>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setPayerOpen(true)}>
              <Banknote aria-hidden="true" />
              {t('page.payerAccount')}
            </Button>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" />
              {t('page.importReturns')}
            </Button>
            <Button variant="outline" onClick={() => setStatementsOpen(true)}>
              <FileText aria-hidden="true" />
              {t('page.statements')}
            </Button>
            {current && (
              <Button onClick={() => setDialog({ run: null })}>
                <Plus aria-hidden="true" />
                {t('page.newDistribution')}
              </Button>
            )}
          </>
        }
      />
      {!current ? (
        <NoProject />
      ) : isLoading ? (
        <div className="grid gap-3" role="status" aria-label={t('page.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : !data || data.length === 0 ? (
        <EmptyState icon={HandCoins} title={t('page.empty')} hint={t('page.emptyHint')} />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label={t('page.list')}>
          {data.map((r) => (
            <li key={r._id}>
              <RunCard
                r={r}
                refusal={refusalOf(r)}
                onDetails={() => setOpenId(r._id)}
                onMakeFinal={() => void onMakeFinal(r)}
                onDownload={() => onDownload(r)}
                onSepa={() => onSepa(r)}
                onEdit={() => setDialog({ run: r })}
                onDelete={() => void onDelete(r)}
              />
            </li>
          ))}
        </ul>
      )}
      {current && (
        <DistributionDialog
          open={!!dialog}
          run={dialog?.run ?? null}
          project={current}
          onClose={() => setDialog(null)}
        />
      )}
      <PayerDialog open={payerOpen} payer={payer.data ?? null} onClose={() => setPayerOpen(false)} />
      <ImportReturnsDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <StatementsDialog open={statementsOpen} onClose={() => setStatementsOpen(false)} />
      <RunDetailsDialog
        run={open}
        refusal={open ? refusalOf(open) : null}
        onClose={() => setOpenId(null)}
        onMakeFinal={(r) => void onMakeFinal(r)}
        onDownload={onDownload}
        downloading={download.isPending}
        onSepa={onSepa}
        sepaDownloading={sepa.isPending}
      />
    </>
  );
}

export { DistributionsPage as Component };
