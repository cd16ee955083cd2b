import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('distributions');
  const failure = t('reverse.failed');
  const reverse = useReverseDistribution({ failure });
  return (
    <FormDialog
      open={!!run}
      onClose={onClose}
      formKey={run?._id}
      title={run ? t('reverse.title', { name: runName(t, run) }) : t('reverse.titleNone')}
      description={
        run
          ? t('reverse.description', {
              amount: formatMoney(run.amount),
              investors: investorsText(t, run.investorCount),
            })
          : ''
      }
      defaultValues={{ reason: '' }}
      schema={reversalInput}
      toBody={(f: ReversalInput) => ({ reason: f.reason })}
      onSubmit={async (body) => {
        const res = await reverse.mutateAsync({ id: run!._id, input: body });
        toastDone(t('reverse.done'), res.message);
      }}
      failure={failure}
      submitLabel={t('reverse.submit')}
      destructive
      pendingLabel={t('reverse.pending')}
    >
      {(f) => (
        <Field label={t('reverse.reason')} hint={t('reverse.reasonHint')} error={f.error('reason')}>
          <Textarea rows={3} maxLength={500} {...f.register('reason')} />
        </Field>
      )}
    </FormDialog>
  );
}
