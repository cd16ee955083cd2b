import { useState } from 'react';
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
import { formatDate, formatMoney, formatMonth } from '@/lib/format';
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
function finalQuestion(r: DistributionSummary) {
  const written =
    r.kind === 'income'
      ? `as each investor’s return for ${formatMonth(r.period)}`
      : `as a return of capital paid on ${formatDate(r.paymentDate)}`;
  const missing =
    r.missingBankAccounts > 0
      ? ` ${investorsText(r.missingBankAccounts)} ${r.missingBankAccounts === 1 ? 'has' : 'have'} no bank account yet and ${r.missingBankAccounts === 1 ? 'is' : 'are'} left out of the payment file.`
      : '';
  return {
    title: `Make ${runName(r)} final?`,
    description:
      `${formatMoney(r.amount)} is written ${written}, split over ${investorsText(r.investorCount)}, and each ` +
      `of them is notified that it will be paid on ${formatDate(r.paymentDate)}.${missing} This cannot be ` +
      'undone: a final distribution can no longer be changed or deleted.',
    confirmLabel: 'Make final',
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
  const name = runName(r);
  const draft = r.status === 'draft';
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
            {r.missingBankAccounts} without a bank account
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Project</dt>
          <dd className="break-words">{r.projectName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Period</dt>
          <dd>{formatMonth(r.period)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Kind</dt>
          <dd>{KIND_LABELS[r.kind]}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Amount</dt>
          <dd className="font-medium tabular">{formatMoney(r.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Payment date</dt>
          <dd className="tabular">{formatDate(r.paymentDate)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Investors</dt>
          <dd className="tabular">{r.investorCount}</dd>
        </div>
      </dl>
      {r.note && <p className="text-sm break-words text-muted-foreground">“{r.note}”</p>}
      {r.status === 'reversed' && <ReversedNote run={r} />}
      {draft && <FormError message={refusal} />}
      <div className="flex flex-wrap items-center justify-end gap-1">
        <Button variant="outline" size="sm" onClick={onDetails}>
          <ListTree aria-hidden="true" />
          Details <span className="sr-only">of {name}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download payments (CSV) <span className="sr-only">of {name}</span>
        </Button>
        {/* A reversed run's payments are not to be made: the server refuses its SEPA file. */}
        {r.status === 'final' && (
          <Button variant="ghost" size="sm" onClick={onSepa}>
            <FileCode aria-hidden="true" />
            Download SEPA file <span className="sr-only">of {name}</span>
          </Button>
        )}
        {draft && (
          <>
            <CardAction label="Edit" name={name} icon={Pencil} onClick={onEdit} />
            <CardAction label="Delete" name={name} icon={Trash2} onClick={onDelete} destructive />
            <Button size="sm" onClick={onMakeFinal}>
              <CircleCheck aria-hidden="true" />
              Make final <span className="sr-only">{name}</span>
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

/** The current payer account in a line under the heading, or what it takes to pay a run. */
function payerLine(payer: PayerAccount | null | undefined) {
  if (payer === undefined) return null;
  return payer
    ? `Paid from ${payer.name}, ${groupIban(payer.iban)}`
    : 'No payer account set: set one to download SEPA files';
}

/**
 * Distributions (docs/product.md §15.13): the selected project's distribution runs, newest period
 * first. A draft is computed by the server, checked here (each investor's allocation), changed or
 * deleted, then made final: the amounts written and every investor notified at once. A final run is
 * paid with its SEPA file, from the company's payer account (set in the header). Returns of many
 * investors at once are imported from a CSV file, checked by a dry run before they are written.
 */
function DistributionsPage() {
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
  const remove = useDeleteDistribution();
  const finalize = useFinalizeDistribution();
  const download = useDownloadPayments();
  const sepa = useDownloadSepa();
  useFailedToast('Failed to fetch distributions', isError, error);
  useFailedToast('Failed to fetch payer account', payer.isError, payer.error);

  const open = data?.find((r) => r._id === openId) ?? null;
  const refusalOf = (r: DistributionSummary) => (refusal?.id === r._id ? refusal.message : null);

  const onDelete = (r: DistributionSummary) =>
    deleteAfterConfirm({
      what: `distribution “${runName(r)}”`,
      run: () => remove.mutateAsync(r._id),
      done: `Distribution “${runName(r)}” was deleted.`,
      failed: 'Failed to delete distribution',
    });

  async function onMakeFinal(r: DistributionSummary) {
    if (!(await confirmAction(finalQuestion(r)))) return;
    setRefusal(null);
    try {
      const res = await finalize.mutateAsync(r._id);
      toastDone(
        'Made final',
        `${runName(res.data)}: ${formatMoney(res.data.amount)} written for ${investorsText(
          res.data.investorCount,
        )}, each of them notified.`,
      );
    } catch (err) {
      setRefusal({ id: r._id, message: messageOf(err, 'The distribution could not be made final.') });
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
          if (n > 0)
            toastDone(
              'SEPA file downloaded',
              `${investorsText(n)} without a bank account ${n === 1 ? 'was' : 'were'} left out of it.`,
            );
        },
      },
    );

  const line = payerLine(payer.data);
  return (
    <>
      <PageHeader
        title="Distributions"
        description={
          <>
            {current
              ? `Payments to the investors of ${current.name}: drafted, checked, then made final`
              : 'Payments to the investors of each project'}
            {line && <span className="mt-1 block break-words">{line}</span>}
          </>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setPayerOpen(true)}>
              <Banknote aria-hidden="true" />
              Payer account
            </Button>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" />
              Import returns
            </Button>
            <Button variant="outline" onClick={() => setStatementsOpen(true)}>
              <FileText aria-hidden="true" />
              Statements
            </Button>
            {current && (
              <Button onClick={() => setDialog({ run: null })}>
                <Plus aria-hidden="true" />
                New distribution
              </Button>
            )}
          </>
        }
      />
      {!current ? (
        <NoProject />
      ) : isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading distributions">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={HandCoins}
          title="No distributions found"
          hint="Draft the first distribution for this project."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Distributions">
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
