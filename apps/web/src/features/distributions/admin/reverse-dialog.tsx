import { reversalInput, type DistributionSummary, type ReversalInput } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { useReverseDistribution } from '@/queries/distributions';
import { toastDone } from '@/components/admin/feedback';
import { investorsText, runName } from './labels';

/**
 * Reverses a final run, after the admin says why (docs/product.md "Final is final"): nothing it wrote
 * is changed or deleted; each investor it paid gets a negative adjustment, which the reason explains to
 * them. A new run can then pay the right amounts.
 */
export function ReverseDialog({ run, onClose }: { run: DistributionSummary | null; onClose: () => void }) {
  const reverse = useReverseDistribution();
  return (
    <FormDialog
      open={!!run}
      onClose={onClose}
      formKey={run?._id}
      title={run ? `Reverse ${runName(run)}?` : 'Reverse distribution'}
      description={
        run
          ? `Each investor paid gets an adjustment of minus their amount, dated today; the run stays as it was. ${formatMoney(run.amount)} to ${investorsText(run.investorCount)} is taken back, and each of them is told why. This cannot be undone.`
          : ''
      }
      defaultValues={{ reason: '' }}
      schema={reversalInput}
      toBody={(f: ReversalInput) => ({ reason: f.reason })}
      onSubmit={async (body) => {
        const res = await reverse.mutateAsync({ id: run!._id, input: body });
        toastDone('Reversed', res.message);
      }}
      failure="Failed to reverse distribution"
      submitLabel="Reverse distribution"
      destructive
      pendingLabel="Reversing..."
    >
      {(f) => (
        <Field label="Reason" hint="Shown to each investor with their adjustment." error={f.error('reason')}>
          <Textarea rows={3} maxLength={500} {...f.register('reason')} />
        </Field>
      )}
    </FormDialog>
  );
}
