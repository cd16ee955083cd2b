import { useState } from 'react';
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
import { formatCount } from '@/lib/format';
import { messageOf } from '@/lib/toast';
import { importRowsOf, useImportReturns } from '@/queries/returns';
import { FileField } from '@/components/admin/file-field';
import { toastDone, toastFailed } from '@/components/admin/feedback';

/** The most rows with problems listed at once (a file may hold 50,000 rows). */
const SHOWN_PROBLEMS = 200;

const rowsText = (n: number) => formatCount(n, 'row');

/** What each column of the file holds. */
const COLUMNS: Record<
  (typeof RETURNS_IMPORT_COLUMNS)[number] | (typeof RETURNS_IMPORT_OPTIONAL_COLUMNS)[number],
  string
> = {
  investor: 'the investor ID or email',
  project: 'the project’s id or name',
  month: 'the month, YYYY-MM (this month or earlier)',
  amount: 'in euros, e.g. 1250.50',
  kind: 'income or capital (a return of capital); income when empty',
  paymentDate: 'optional: the day it is paid, YYYY-MM-DD; the month’s last day when empty',
};

/** A checked file: how many rows are fine, then each row with a problem by its line in the file. */
function ImportResult({ result }: { result: ReturnsImportResult }) {
  const problems = result.rows.filter((r) => !r.ok);
  const total = result.rows.length;
  const fine = total - problems.length;
  if (problems.length === 0)
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
        All {rowsText(total)} are fine and can be imported.
      </p>
    );
  return (
    <div className="grid min-w-0 gap-2">
      <p role="status" className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          {fine.toLocaleString('en-US')} of {rowsText(total)} fine; {rowsText(problems.length)} with problems.
          Correct the file and check it again: nothing is imported while a row has a problem.
        </span>
      </p>
      {/* The table scrolls in its own box, not the dialog or the page. */}
      <div className="max-h-64 overflow-y-auto rounded-md border">
        <Table aria-label="Rows with problems">
          <THead>
            <Tr>
              <Th className="whitespace-nowrap">Line</Th>
              <Th>Problem</Th>
            </Tr>
          </THead>
          <TBody>
            {problems.slice(0, SHOWN_PROBLEMS).map((r) => (
              <Tr key={r.row}>
                <Td className="align-top tabular whitespace-nowrap">{r.row}</Td>
                {/* w-full with max-w-0: the message wraps instead of widening the table. */}
                <Td className="w-full max-w-0 break-words">{r.error ?? 'This row has a problem'}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      {problems.length > SHOWN_PROBLEMS && (
        <p className="text-xs text-muted-foreground">
          The first {SHOWN_PROBLEMS} of {rowsText(problems.length)} with problems are shown.
        </p>
      )}
    </div>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
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
          toastDone(`Imported ${formatCount(n, 'return')}`, `From ${file.name}.`);
          onClose();
        },
        onError: (err) => {
          // A refusal for its rows shows them; a real run refused otherwise (a 409, the network) keeps
          // the dry run's answer, so that it can be tried again.
          const rows = importRowsOf(err);
          if (rows || asDryRun) setResult(rows);
          setRefusal(messageOf(err, 'The file could not be imported.'));
          toastFailed(asDryRun ? 'Failed to check file' : 'Failed to import returns', err);
        },
      },
    );
  };

  return (
    <>
      <div className="grid min-w-0 gap-2 text-sm">
        <p>
          The first line is the header{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
            {RETURNS_IMPORT_COLUMNS.join(',')}
          </code>
          , then one return a line:
        </p>
        <ul className="grid gap-1 text-muted-foreground">
          {[...RETURNS_IMPORT_COLUMNS, ...RETURNS_IMPORT_OPTIONAL_COLUMNS].map((c) => (
            <li key={c}>
              <span className="font-mono text-xs text-foreground">{c}</span>: {COLUMNS[c]}
            </li>
          ))}
        </ul>
      </div>
      <FileField
        label="CSV file"
        accept=".csv,text/csv"
        file={file}
        onFile={onFile}
        progress={null}
        hint="No file chosen"
      />
      <FormError message={refusal} />
      {result && <ImportResult result={result} />}
      <DialogFooter>
        <Button variant="outline" disabled={!file || send.isPending} onClick={() => run(true)}>
          <FileCheck aria-hidden="true" />
          {checking ? 'Checking…' : 'Check file'}
        </Button>
        <Button disabled={!ready || send.isPending} onClick={() => run(false)}>
          <Upload aria-hidden="true" />
          {send.isPending && !checking ? 'Importing…' : count ? `Import ${rowsText(count)}` : 'Import rows'}
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
  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      className="max-w-xl"
      title="Import returns"
      description="Monthly returns and returns of capital of many investors at once, from a CSV file. The file is checked first; then every row is imported, or none."
    >
      {open && <ImportForm onClose={onClose} />}
    </TitledDialog>
  );
}
