import {
  ADJUSTMENT_KINDS,
  adjustmentInput,
  type AdjustmentInput,
  type AdjustmentKind,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useCreateAdjustment } from '@/queries/adjustments';
import { toastDone } from '@/components/admin/feedback';

export const ADJUSTMENT_KIND_LABELS: Record<AdjustmentKind, string> = {
  income: 'Income',
  capital: 'Capital returned',
};

/** The entry an adjustment corrects, as the dialog names it ('the Nov 2026 return of €240'). */
export interface CorrectedEntry {
  _id: string;
  label: string;
}

interface Form {
  kind: string;
  amount: string;
  reason: string;
}

/**
 * Records an adjustment of one investor in one project (docs/product.md "Final is final"): money that
 * was paid is never edited, a mistake is put right by an entry of its own, dated today, positive or
 * negative, that says why and, from a locked return, which entry it corrects.
 */
export function AdjustmentDialog({
  open,
  onClose,
  userId,
  userName,
  projectId,
  projectName,
  corrects,
}: {
  open: boolean;
  onClose: () => void;
  userId: string;
  userName: string;
  projectId: string;
  projectName: string;
  /** The entry it corrects (a locked return); none for an adjustment of its own. */
  corrects: CorrectedEntry | null;
}) {
  const create = useCreateAdjustment();
  // A blank amount reads 0, which the schema names: an adjustment adds or takes away money.
  const toBody = (f: Form): AdjustmentInput => ({
    userId,
    projectId,
    kind: f.kind as AdjustmentKind,
    amount: Number(f.amount),
    reason: f.reason,
    corrects: corrects?._id ?? null,
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={corrects?._id ?? 'own'}
      title="Record an adjustment"
      description={`${userName} in ${projectName}. An entry of its own, dated today: what was paid stays as it was. The investor is notified and sees it in their payouts with your reason.`}
      defaultValues={{ kind: 'income', amount: '', reason: '' }}
      schema={adjustmentInput}
      toBody={toBody}
      onSubmit={async (body) => {
        const res = await create.mutateAsync(body);
        toastDone('Recorded', res.message);
      }}
      failure="Failed to record adjustment"
      submitLabel="Record adjustment"
    >
      {(f) => (
        <>
          {corrects && (
            <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              <span className="font-medium">Corrects:</span> {corrects.label}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Kind" error={f.error('kind')}>
              <NativeSelect {...f.register('kind')}>
                {ADJUSTMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ADJUSTMENT_KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Amount (€)" hint="Negative takes money back." error={f.error('amount')}>
              {/* No inputMode="decimal": a phone's decimal pad has no minus sign. */}
              <Input type="number" step="0.01" {...f.register('amount')} />
            </Field>
          </div>
          <Field label="Reason" hint="Shown to the investor." error={f.error('reason')}>
            <Textarea rows={2} maxLength={500} {...f.register('reason')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
