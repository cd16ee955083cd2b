import { useState, type FormEvent } from 'react';
import {
  OPPORTUNITY_FEATURES_MAX,
  launchQuarter,
  opportunityInput,
  type OpportunityInput,
  type Project,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { useProjectWrites } from '../api/projects';
import { toastDone, toastFailed } from '../components/feedback';

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
type Errors = Partial<Record<keyof Form, string>>;

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
 * ROI, launch and features. One project at a time.
 */
export function OpportunityDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  return (
    <Dialog open={!!project} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {project && <OpportunityForm key={project._id} project={project} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function OpportunityForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => fromProject(project));
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const { saveOpportunity } = useProjectWrites();
  const set = (k: Exclude<keyof Form, 'openForInterest'>) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const payload = opportunityPayload(form);
    const parsed = opportunityInput.safeParse(payload);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(found);
      e.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    try {
      await saveOpportunity.mutateAsync({ id: project._id, input: payload });
      toastDone(
        'Updated',
        form.openForInterest
          ? `“${project.name}” is open for interest.`
          : `“${project.name}” is not open for interest.`,
      );
      onClose();
    } catch (err) {
      setError(messageOf(err, 'Failed to save project'));
      toastFailed('Failed to save project', err);
    }
  }

  const launch = /^\d{4}-\d{2}-\d{2}$/.test(form.expectedLaunch) ? launchQuarter(form.expectedLaunch) : null;
  const money = (k: 'targetAmount' | 'currentCommitments' | 'minimumInvestment' | 'maximumInvestment') => (
    <Input type="number" min={0} step="0.01" inputMode="decimal" value={form[k]} onChange={set(k)} />
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>Open for interest</DialogTitle>
        <DialogDescription>
          {project.name}: what investors see under Investment Opportunities and on Join New Project. One
          project can be open at a time.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            {error}
          </p>
        )}
        <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={form.openForInterest}
            onChange={(e) => setForm((f) => ({ ...f, openForInterest: e.target.checked }))}
          />
          <span>
            <span className="font-medium">Open for interest</span>
            <span className="block text-muted-foreground">
              Show this project to investors as the coming-soon opportunity.
            </span>
          </span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Target Amount (€)" error={errors.targetAmount}>
            {money('targetAmount')}
          </Field>
          <Field label="Current Commitments (€)" error={errors.currentCommitments}>
            {money('currentCommitments')}
          </Field>
          <Field label="Minimum Investment (€)" error={errors.minimumInvestment}>
            {money('minimumInvestment')}
          </Field>
          <Field label="Maximum Investment (€)" error={errors.maximumInvestment}>
            {money('maximumInvestment')}
          </Field>
          <Field label="Projected Annual ROI (%)" error={errors.projectedAnnualROI}>
            <Input
              type="number"
              min={0}
              step="0.1"
              inputMode="decimal"
              value={form.projectedAnnualROI}
              onChange={set('projectedAnnualROI')}
            />
          </Field>
          <Field
            label="Expected Launch"
            hint={launch ? `Investors see “${launch}”.` : 'Investors see its quarter, e.g. “Q3 2027”.'}
            error={errors.expectedLaunch}
          >
            <Input type="date" value={form.expectedLaunch} onChange={set('expectedLaunch')} />
          </Field>
        </div>
        <Field
          label="Features"
          hint={`One a line, at most ${OPPORTUNITY_FEATURES_MAX}.`}
          error={errors.features}
        >
          <Textarea rows={5} value={form.features} onChange={set('features')} />
        </Field>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={saveOpportunity.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={saveOpportunity.isPending}>
            {saveOpportunity.isPending ? 'Saving...' : 'Save Opportunity'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
