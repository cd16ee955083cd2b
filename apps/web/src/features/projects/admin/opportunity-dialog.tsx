import { useTranslation } from 'react-i18next';
import {
  OPPORTUNITY_FEATURES_MAX,
  opportunityInput,
  type OpportunityInput,
  type Project,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { useProjectWrites } from '@/queries/projects';
import { toastDone } from '@/components/admin/feedback';
import { formatNumber } from '@/lib/format';

interface Form {
  openForInterest: boolean;
  targetAmount: string;
  currentCommitments: string;
  minimumInvestment: string;
  maximumInvestment: string;
  projectedAnnualROI: string;
  expectedLaunch: string;
  /** One feature a line. */
  features: string;
}

const fromProject = (p: Project): Form => {
  const o = p.opportunity;
  return {
    openForInterest: o?.openForInterest ?? false,
    targetAmount: String(o?.targetAmount ?? 0),
    currentCommitments: String(o?.currentCommitments ?? 0),
    minimumInvestment: String(o?.minimumInvestment ?? 0),
    maximumInvestment: String(o?.maximumInvestment ?? 0),
    projectedAnnualROI: String(o?.projectedAnnualROI ?? 0),
    expectedLaunch: o?.expectedLaunch ?? '',
    features: (o?.features ?? []).join('\n'),
  };
};

/** The body of PUT /api/projects/{id}/opportunity; the server checks it with the same schema. */
function opportunityPayload(f: Form): OpportunityInput {
  return {
    openForInterest: f.openForInterest,
    targetAmount: f.targetAmount.trim(),
    currentCommitments: f.currentCommitments.trim(),
    minimumInvestment: f.minimumInvestment.trim(),
    maximumInvestment: f.maximumInvestment.trim(),
    projectedAnnualROI: f.projectedAnnualROI.trim(),
    expectedLaunch: f.expectedLaunch || null,
    features: f.features.split('\n'),
  };
}

/**
 * "Open for interest": the opportunity investors see on the dashboard (Investment Opportunities) and on
 * Join New Project while this project is open: target, commitments, minimum and maximum, projected
 * ROI, launch and features. One project at a time. A field's message goes as soon as it is changed.
 */
export function OpportunityDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const failure = t('dialog.failed');
  const { saveOpportunity } = useProjectWrites({ failure });
  return (
    <FormDialog
      open={!!project}
      onClose={onClose}
      formKey={project?._id}
      className="max-w-2xl"
      title={t('opportunity.title')}
      description={t('opportunity.description', { name: project?.name })}
      defaultValues={() => fromProject(project!)}
      schema={opportunityInput}
      toBody={opportunityPayload}
      onSubmit={async (input) => {
        await saveOpportunity.mutateAsync({ id: project!._id, input });
        toastDone(
          t('dialog.updatedTitle'),
          input.openForInterest
            ? t('opportunity.openText', { name: project!.name })
            : t('opportunity.closedText', { name: project!.name }),
        );
      }}
      failure={failure}
      invalidToast={false}
      submitLabel={t('opportunity.save')}
    >
      {(f) => {
        const field = (k: Exclude<keyof Form, 'openForInterest'>) =>
          f.register(k, { onChange: () => f.clearErrors(k) });
        const money = (
          k: 'targetAmount' | 'currentCommitments' | 'minimumInvestment' | 'maximumInvestment',
        ) => <Input type="number" min={0} step="0.01" inputMode="decimal" {...field(k)} />;
        const expectedLaunch = f.watch('expectedLaunch');
        // The quarter as investors see it, in the page's language.
        const launch = /^\d{4}-\d{2}-\d{2}$/.test(expectedLaunch)
          ? t('comingSoon.quarter', {
              ns: 'portfolio',
              quarter: String(Math.floor((Number(expectedLaunch.slice(5, 7)) - 1) / 3) + 1),
              year: expectedLaunch.slice(0, 4),
            })
          : null;
        return (
          <>
            <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                {...f.register('openForInterest')}
              />
              <span>
                <span className="font-medium">{t('opportunity.title')}</span>
                <span className="block text-muted-foreground">{t('opportunity.checkboxHint')}</span>
              </span>
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('opportunity.targetAmount')} error={f.error('targetAmount')}>
                {money('targetAmount')}
              </Field>
              <Field label={t('opportunity.currentCommitments')} error={f.error('currentCommitments')}>
                {money('currentCommitments')}
              </Field>
              <Field label={t('opportunity.minimumInvestment')} error={f.error('minimumInvestment')}>
                {money('minimumInvestment')}
              </Field>
              <Field label={t('opportunity.maximumInvestment')} error={f.error('maximumInvestment')}>
                {money('maximumInvestment')}
              </Field>
              <Field label={t('opportunity.projectedRoi')} error={f.error('projectedAnnualROI')}>
                <Input
                  type="number"
                  min={0}
                  step="0.1"
                  inputMode="decimal"
                  {...field('projectedAnnualROI')}
                />
              </Field>
              <Field
                label={t('opportunity.expectedLaunch')}
                hint={
                  launch
                    ? t('opportunity.launchHint', { launch })
                    : t('opportunity.launchHintNone', {
                        example: t('comingSoon.quarter', { ns: 'portfolio', quarter: '3', year: '2027' }),
                      })
                }
                error={f.error('expectedLaunch')}
              >
                <Input type="date" {...field('expectedLaunch')} />
              </Field>
            </div>
            <Field
              label={t('opportunity.features')}
              hint={t('opportunity.featuresHint', { max: formatNumber(OPPORTUNITY_FEATURES_MAX) })}
              error={f.error('features')}
            >
              <Textarea rows={5} {...field('features')} />
            </Field>
          </>
        );
      }}
    </FormDialog>
  );
}
