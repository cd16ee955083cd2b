import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Landmark } from 'lucide-react';
import { assignInput, type BankImportResult, type UnmatchedTransaction } from '@portal/contracts';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { FileField } from '@/components/admin/file-field';
import { PageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import {
  useAssignTransaction,
  useImportStatement,
  useUnmatchedTransactions,
} from '@/queries/bank-statements';
import { useOpenCallLines, useOverdueCalls } from '@/queries/capital-calls';

/** Upload a bank statement file and see what it held. */
function ImportCard() {
  const { t } = useTranslation('reconciliation');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const importFile = useImportStatement({ failure: t('bank.importFailed') });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.importTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (!file) return;
            importFile.mutate(file, {
              onSuccess: (data) => {
                setResult(data);
                toastDone(t('bank.imported'), t('bank.importedText', { count: data.matched }));
              },
            });
          }}
        >
          <FileField
            label={t('bank.file')}
            accept=".xml,application/xml,text/xml"
            file={file}
            onFile={setFile}
            progress={null}
            hint={t('bank.fileHint')}
          />
          <Button type="submit" disabled={!file || importFile.isPending}>
            {importFile.isPending ? t('bank.importing') : t('bank.import')}
          </Button>
        </form>
        {result && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('bank.resultLabel')}>
            {(
              [
                [t('bank.count.entries'), result.entries],
                [t('bank.count.matched'), result.matched],
                [t('bank.count.unmatched'), result.unmatched.length],
                [t('bank.count.duplicates'), result.duplicates],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-md border p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-xl font-semibold tabular">{n}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** Choose the open call line an unmatched credit pays. */
function AssignDialog({ entry, onClose }: { entry: UnmatchedTransaction | null; onClose: () => void }) {
  const { t } = useTranslation('reconciliation');
  const failure = t('bank.assignFailed');
  const lines = useOpenCallLines({ enabled: entry !== null });
  const assign = useAssignTransaction({ failure });
  return (
    <FormDialog
      open={entry !== null}
      onClose={onClose}
      formKey={entry?._id}
      title={t('bank.assignTitle')}
      description={entry ? t('bank.assignDescription', { amount: formatMoney(entry.amount) }) : ''}
      defaultValues={{ callLineId: '' }}
      schema={assignInput}
      toBody={(f) => ({ callLineId: f.callLineId })}
      onSubmit={async (body) => {
        await assign.mutateAsync({ id: entry!._id, callLineId: body.callLineId });
        toastDone(t('bank.assigned'));
      }}
      failure={failure}
      submitLabel={t('bank.assign')}
    >
      {(f) => (
        <Field label={t('bank.callLine')} error={f.error('callLineId')}>
          <NativeSelect {...f.register('callLineId')}>
            <option value="">{t('bank.chooseLine')}</option>
            {(lines.data ?? []).map((l) => (
              <option key={l._id} value={l._id}>
                {t('bank.lineOption', {
                  name: l.investorName,
                  project: l.projectName,
                  amount: formatMoney(l.amount - l.paid),
                  reference: l.reference,
                })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
    </FormDialog>
  );
}

function UnmatchedCard() {
  const { t } = useTranslation('reconciliation');
  const { data, isLoading, isError, error } = useUnmatchedTransactions();
  useFailedToast(t('bank.loadFailed'), isError, error);
  const [assigning, setAssigning] = useState<UnmatchedTransaction | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.unmatchedTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : !data?.length ? (
          <EmptyState icon={Landmark} title={t('bank.noUnmatched')} />
        ) : (
          <Table aria-label={t('bank.unmatchedTitle')}>
            <THead>
              <Tr>
                <Th>{t('bank.bookedOn')}</Th>
                <Th>{t('bank.counterparty')}</Th>
                <Th>{t('bank.reference')}</Th>
                <Th className="text-right">{t('bank.amount')}</Th>
                <Th />
              </Tr>
            </THead>
            <TBody>
              {data.map((x) => (
                <Tr key={x._id}>
                  <Td className="whitespace-nowrap">{x.bookedOn ? formatDate(x.bookedOn) : '—'}</Td>
                  <Td>{x.counterparty || '—'}</Td>
                  <Td className="max-w-64 truncate">{x.reference || x.remittance || '—'}</Td>
                  <Td className="text-right tabular">{formatMoney(x.amount)}</Td>
                  <Td className="text-right">
                    {x.direction === 'credit' && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t('bank.assignOf', { amount: formatMoney(x.amount) })}
                        onClick={() => setAssigning(x)}
                      >
                        {t('bank.assign')}
                      </Button>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        <AssignDialog entry={assigning} onClose={() => setAssigning(null)} />
      </CardContent>
    </Card>
  );
}

function OverdueCard() {
  const { t } = useTranslation('reconciliation');
  const { data, isLoading, isError, error } = useOverdueCalls();
  useFailedToast(t('overdue.loadFailed'), isError, error);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overdue.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : !data?.length ? (
          <EmptyState title={t('overdue.none')} />
        ) : (
          <Table aria-label={t('overdue.title')}>
            <THead>
              <Tr>
                <Th>{t('overdue.investor')}</Th>
                <Th>{t('overdue.project')}</Th>
                <Th>{t('overdue.dueOn')}</Th>
                <Th>{t('bank.reference')}</Th>
                <Th className="text-right">{t('overdue.open')}</Th>
              </Tr>
            </THead>
            <TBody>
              {data.map((l) => (
                <Tr key={l._id}>
                  <Td>{l.investorName}</Td>
                  <Td>{l.projectName}</Td>
                  <Td className="whitespace-nowrap">{formatDate(l.dueOn)}</Td>
                  <Td className="font-mono text-xs">{l.reference}</Td>
                  <Td className="text-right tabular">{formatMoney(l.amount - l.paid)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Bank & calls: import a statement file, assign what it did not match, and see the overdue calls. */
function BankPage() {
  const { t } = useTranslation('reconciliation');
  return (
    <>
      <PageHeader title={t('bank.title')} description={t('bank.description')} />
      <div className="grid gap-6">
        <ImportCard />
        <UnmatchedCard />
        <OverdueCard />
      </div>
    </>
  );
}

export { BankPage as Component };
