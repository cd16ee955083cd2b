import { useTranslation } from 'react-i18next';
import {
  DISTRIBUTION_KINDS,
  distributionInput,
  type DistributionInput,
  type DistributionKind,
  type DistributionSummary,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { useCreateDistribution, useUpdateDistribution } from '@/queries/distributions';
import { toastDone } from '@/components/admin/feedback';
import { KIND_LABELS, investorsText, runName } from './labels';

interface Form {
  period: string;
  kind: string;
  amount: string;
  paymentDate: string;
  note: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A new run: last month's income, paid today (local calendar). */
function fresh(): Form {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return {
    period: `${last.getFullYear()}-${pad(last.getMonth() + 1)}`,
    kind: 'income',
    amount: '',
    paymentDate: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    note: '',
  };
}

const fromRun = (r: DistributionSummary | null): Form =>
  r
    ? {
        period: r.period,
        kind: r.kind,
        amount: String(r.amount),
        paymentDate: r.paymentDate,
        note: r.note ?? '',
      }
    : fresh();

/** The body of POST/PUT /api/distributions (a blank amount reads 0: 'Amount must be more than 0'). */
const toBody =
  (projectId: string) =>
  (f: Form): DistributionInput => ({
    projectId,
    period: f.period,
    kind: f.kind as DistributionKind,
    amount: Number(f.amount),
    paymentDate: f.paymentDate,
    note: f.note.trim() || null,
  });

/**
 * Drafts a distribution run of the selected project, or changes a draft: the server splits the amount
 * over the project's investors and computes it again on each change.
 */
export function DistributionDialog({
  open,
  run,
  project,
  onClose,
}: {
  open: boolean;
  /** The draft being changed; null for a new run. */
  run: DistributionSummary | null;
  /** The selected project (a new run's); a draft keeps its own. */
  project: { _id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('distributions');
  const failure = t('dialog.failed');
  const create = useCreateDistribution({ failure });
  const update = useUpdateDistribution({ failure });
  const projectId = run?.projectId ?? project._id;
  const projectName = run?.projectName ?? project.name;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={run?._id}
      title={run ? t('dialog.editTitle') : t('dialog.newTitle')}
      description={t('dialog.description', { project: projectName })}
      defaultValues={() => fromRun(run)}
      schema={distributionInput}
      toBody={toBody(projectId)}
      onSubmit={async (body) => {
        const saved = run
          ? await update.mutateAsync({ id: run._id, input: body })
          : await create.mutateAsync(body);
        const d = saved.data;
        toastDone(
          run ? t('dialog.updated') : t('dialog.created'),
          t('dialog.savedText', {
            name: runName(t, d),
            amount: formatMoney(d.amount),
            investors: investorsText(t, d.investorCount),
          }),
        );
      }}
      failure={failure}
      submitLabel={run ? t('dialog.save') : t('dialog.create')}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.period')} hint={t('dialog.periodHint')} error={f.error('period')}>
              <Input type="month" {...f.register('period')} />
            </Field>
            <Field label={t('dialog.kind')} error={f.error('kind')}>
              <NativeSelect {...f.register('kind')}>
                {DISTRIBUTION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(KIND_LABELS[k])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('dialog.amount')} error={f.error('amount')}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...f.register('amount')} />
            </Field>
            <Field label={t('dialog.paymentDate')} error={f.error('paymentDate')}>
              <Input type="date" {...f.register('paymentDate')} />
            </Field>
          </div>
          <Field label={t('dialog.note')} error={f.error('note')}>
            <Textarea rows={2} maxLength={500} {...f.register('note')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
