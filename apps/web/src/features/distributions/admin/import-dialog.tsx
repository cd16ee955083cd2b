import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { CircleCheck, FileCheck, TriangleAlert, Upload } from 'lucide-react';
import {
  RETURNS_IMPORT_COLUMNS,
  RETURNS_IMPORT_OPTIONAL_COLUMNS,
  type ReturnsImportResult,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { messageOf } from '@/lib/toast';
import { importRowsOf, useImportReturns } from '@/queries/returns';
import { FileField } from '@/components/admin/file-field';
import { toastDone } from '@/components/admin/feedback';

/** The most rows with problems listed at once (a file may hold 50,000 rows). */
const SHOWN_PROBLEMS = 200;

const rowsText = (t: TFunction<'distributions'>, n: number) =>
  t('count.rows', { count: n, n: formatNumber(n) });

/** What each column of the file holds. */
const COLUMNS = {
  investor: 'import.columns.investor',
  project: 'import.columns.project',
  month: 'import.columns.month',
  amount: 'import.columns.amount',
  kind: 'import.columns.kind',
  paymentDate: 'import.columns.paymentDate',
} as const satisfies Record<
  (typeof RETURNS_IMPORT_COLUMNS)[number] | (typeof RETURNS_IMPORT_OPTIONAL_COLUMNS)[number],
  string
>;

/** A checked file: how many rows are fine, then each row with a problem by its line in the file. */
function ImportResult({ result }: { result: ReturnsImportResult }) {
  const { t } = useTranslation('distributions');
  const problems = result.rows.filter((r) => !r.ok);
  const total = result.rows.length;
  const fine = total - problems.length;
  if (problems.length === 0)
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
        {t('import.allFine', { count: total, n: formatNumber(total) })}
      </p>
    );
  return (
    <div className="grid min-w-0 gap-2">
      <p role="status" className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          {t('import.someFine', {
            fine: formatNumber(fine),
            rows: rowsText(t, total),
            problems: rowsText(t, problems.length),
          })}
        </span>
      </p>
      {/* The table scrolls in its own box, not the dialog or the page. */}
      <div className="max-h-64 overflow-y-auto rounded-md border">
        <Table aria-label={t('import.problems')}>
          <THead>
            <Tr>
              <Th className="whitespace-nowrap">{t('import.line')}</Th>
              <Th>{t('import.problem')}</Th>
            </Tr>
          </THead>
          <TBody>
            {problems.slice(0, SHOWN_PROBLEMS).map((r) => (
              <Tr key={r.row}>
                <Td className="align-top tabular whitespace-nowrap">{r.row}</Td>
                {/* w-full with max-w-0: the message wraps instead of widening the table. */}
                <Td className="w-full max-w-0 break-words">{r.error ?? t('import.rowProblem')}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      {problems.length > SHOWN_PROBLEMS && (
        <p className="text-xs text-muted-foreground">
          {t('import.firstShown', {
            shown: formatNumber(SHOWN_PROBLEMS),
            problems: rowsText(t, problems.length),
          })}
        </p>
      )}
    </div>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('distributions');
  const [file, setFile] = useState<File | null>(null);
  // The last answer about the chosen file (a dry run, or a real run's 400), and a refusal without rows.
  const [result, setResult] = useState<ReturnsImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useImportReturns();
  const checking = send.isPending && !!send.variables?.dryRun;
  const ready = !!result && result.rows.length > 0 && result.rows.every((r) => r.ok);
  // The count only on a file that can be imported: none is while a row has a problem.
  const count = ready ? result.rows.length : 0;

  const onFile = (f: File | null) => {
    setFile(f);
    setResult(null);
    setRefusal(null);
  };

  const run = (asDryRun: boolean) => {
    if (!file) return;
    setRefusal(null);
    send.mutate(
      { file, dryRun: asDryRun },
      {
        onSuccess: (res) => {
          if (asDryRun) {
            setResult(res.data);
            return;
          }
          const n = res.data.written;
          toastDone(
            t('import.imported', { returns: t('count.returns', { count: n, n: formatNumber(n) }) }),
            t('import.importedFrom', { file: file.name }),
          );
          onClose();
        },
        onError: (err) => {
          // A refusal for its rows shows them; a real run refused otherwise (a 409, the network) keeps
          // the dry run's answer, so that it can be tried again.
          const rows = importRowsOf(err);
          if (rows || asDryRun) setResult(rows);
          setRefusal(messageOf(err, t('import.fallback')));
        },
      },
    );
  };

  return (
    <>
      <div className="grid min-w-0 gap-2 text-sm">
        <p>
          <Trans
            t={t}
            i18nKey="import.header"
            values={{ columns: RETURNS_IMPORT_COLUMNS.join(',') }}
            components={{
              code: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all" />,
            }}
          />
        </p>
        <ul className="grid gap-1 text-muted-foreground">
          {[...RETURNS_IMPORT_COLUMNS, ...RETURNS_IMPORT_OPTIONAL_COLUMNS].map((c) => (
            <li key={c}>
              <span className="font-mono text-xs text-foreground">{c}</span>: {t(COLUMNS[c])}
            </li>
          ))}
        </ul>
      </div>
      <FileField
        label={t('import.file')}
        accept=".csv,text/csv"
        file={file}
        onFile={onFile}
        progress={null}
        hint={t('import.noFile')}
      />
      <FormError message={refusal} />
      {result && <ImportResult result={result} />}
      <DialogFooter>
        <Button variant="outline" disabled={!file || send.isPending} onClick={() => run(true)}>
          <FileCheck aria-hidden="true" />
          {checking ? t('import.checking') : t('import.check')}
        </Button>
        <Button disabled={!ready || send.isPending} onClick={() => run(false)}>
          <Upload aria-hidden="true" />
          {send.isPending && !checking
            ? t('import.importing')
            : count
              ? t('import.importCount', { rows: rowsText(t, count) })
              : t('import.importRows')}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * Imports returns from a CSV file (issue 16, "Bulk import"): the admin picks the file,
 * checks it (the server's dry run, which writes nothing), sees how many rows are fine and each row with
 * a problem, and imports once every row is fine. A real run refused for its rows (a 400) shows them the
 * same way. The form starts empty each time the dialog opens.
 */
export function ImportReturnsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('distributions');
  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      className="max-w-xl"
      title={t('import.title')}
      description={t('import.description')}
    >
      {open && <ImportForm onClose={onClose} />}
    </TitledDialog>
  );
}
