import {
  OPPORTUNITY_FEATURES_MAX,
  launchQuarter,
  opportunityInput,
  type OpportunityInput,
  type Project,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { useProjectWrites } from '@/queries/projects';
import { toastDone } from '@/components/admin/feedback';

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
  const { saveOpportunity } = useProjectWrites();
  return (
    <FormDialog
      open={!!project}
      onClose={onClose}
      formKey={project?._id}
      className="max-w-2xl"
      title="Open for interest"
      description={`${project?.name}: what investors see under Investment Opportunities and on Join New Project. One project can be open at a time.`}
      defaultValues={() => fromProject(project!)}
      schema={opportunityInput}
      toBody={opportunityPayload}
      onSubmit={async (input) => {
        await saveOpportunity.mutateAsync({ id: project!._id, input });
        toastDone(
          'Updated',
          input.openForInterest
            ? `“${project!.name}” is open for interest.`
            : `“${project!.name}” is not open for interest.`,
        );
      }}
      failure="Failed to save project"
      invalidToast={false}
      submitLabel="Save Opportunity"
    >
      {(f) => {
        const field = (k: Exclude<keyof Form, 'openForInterest'>) =>
          f.register(k, { onChange: () => f.clearErrors(k) });
        const money = (
          k: 'targetAmount' | 'currentCommitments' | 'minimumInvestment' | 'maximumInvestment',
        ) => <Input type="number" min={0} step="0.01" inputMode="decimal" {...field(k)} />;
        const expectedLaunch = f.watch('expectedLaunch');
        const launch = /^\d{4}-\d{2}-\d{2}$/.test(expectedLaunch) ? launchQuarter(expectedLaunch) : null;
        return (
          <>
            <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                {...f.register('openForInterest')}
              />
              <span>
                <span className="font-medium">Open for interest</span>
                <span className="block text-muted-foreground">
                  Show this project to investors as the coming-soon opportunity.
                </span>
              </span>
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Target Amount (€)" error={f.error('targetAmount')}>
                {money('targetAmount')}
              </Field>
              <Field label="Current Commitments (€)" error={f.error('currentCommitments')}>
                {money('currentCommitments')}
              </Field>
              <Field label="Minimum Investment (€)" error={f.error('minimumInvestment')}>
                {money('minimumInvestment')}
              </Field>
              <Field label="Maximum Investment (€)" error={f.error('maximumInvestment')}>
                {money('maximumInvestment')}
              </Field>
              <Field label="Projected Annual ROI (%)" error={f.error('projectedAnnualROI')}>
                <Input
                  type="number"
                  min={0}
                  step="0.1"
                  inputMode="decimal"
                  {...field('projectedAnnualROI')}
                />
              </Field>
              <Field
                label="Expected Launch"
                hint={launch ? `Investors see “${launch}”.` : 'Investors see its quarter, e.g. “Q3 2027”.'}
                error={f.error('expectedLaunch')}
              >
                <Input type="date" {...field('expectedLaunch')} />
              </Field>
            </div>
            <Field
              label="Features"
              hint={`One a line, at most ${OPPORTUNITY_FEATURES_MAX}.`}
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
