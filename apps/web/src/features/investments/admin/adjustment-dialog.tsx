import { Trans, useTranslation } from 'react-i18next';
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

/** Each kind's name, as a message key of the investments namespace. */
export const ADJUSTMENT_KIND_LABELS = {
  income: 'adjustments.kind.income',
  capital: 'adjustments.kind.capital',
} as const satisfies Record<AdjustmentKind, string>;

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
  const { t } = useTranslation('investments');
  const failure = t('adjustmentDialog.failed');
  const create = useCreateAdjustment({ failure });
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
      title={t('adjustmentDialog.title')}
      description={t('adjustmentDialog.description', { name: userName, project: projectName })}
      defaultValues={{ kind: 'income', amount: '', reason: '' }}
      schema={adjustmentInput}
      toBody={toBody}
      onSubmit={async (body) => {
        const res = await create.mutateAsync(body);
        toastDone(t('adjustmentDialog.recorded'), res.message);
      }}
      failure={failure}
      submitLabel={t('adjustmentDialog.submit')}
    >
      {(f) => (
        <>
          {corrects && (
            <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              <Trans
                t={t}
                i18nKey="adjustmentDialog.corrects"
                values={{ entry: corrects.label }}
                components={{ b: <span className="font-medium" /> }}
              />
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('adjustmentDialog.kind')} error={f.error('kind')}>
              <NativeSelect {...f.register('kind')}>
                {ADJUSTMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(ADJUSTMENT_KIND_LABELS[k])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              label={t('adjustmentDialog.amount')}
              hint={t('adjustmentDialog.amountHint')}
              error={f.error('amount')}
            >
              {/* No inputMode="decimal": a phone's decimal pad has no minus sign. */}
              <Input type="number" step="0.01" {...f.register('amount')} />
            </Field>
          </div>
          <Field
            label={t('adjustmentDialog.reason')}
            hint={t('adjustmentDialog.reasonHint')}
            error={f.error('reason')}
          >
            <Textarea rows={2} maxLength={500} {...f.register('reason')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
