import { useState, type FormEvent } from 'react';
import { PROJECT_STATUSES, projectInput, type Project, type ProjectInput } from '@portal/contracts';
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
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { useProjectWrites } from '../api/projects';
import { toastDone, toastFailed } from '../components/feedback';
import { capitalize } from '../components/status-badge';

interface Form {
  name: string;
  location: string;
  status: string;
  totalInvestment: string;
  totalReturned: string;
  annualROI: string;
  investmentDate: string;
  investmentPeriod: string;
  expectedMonthlyReturn: string;
  expectedCompletion: string;
  description: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new project starts from the spec's defaults (section 3). */
const fromProject = (p: Project | null): Form => ({
  name: p?.name ?? '',
  location: p?.location ?? '',
  status: p?.status ?? 'pending',
  totalInvestment: String(p?.totalInvestment ?? 0),
  totalReturned: String(p?.totalReturned ?? 0),
  annualROI: p?.annualROI ?? '0',
  investmentDate: p?.investmentDate ?? today(),
  investmentPeriod: String(p?.investmentPeriod ?? 60),
  expectedMonthlyReturn: String(p?.expectedMonthlyReturn ?? 0.1),
  expectedCompletion: p?.expectedCompletion ?? '',
  description: p?.description ?? '',
});

/** The body of POST/PUT /api/projects: blanks are left out (defaults on create, unchanged on edit). */
export function projectPayload(f: Form): ProjectInput {
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  return {
    name: f.name.trim(),
    location: f.location.trim(),
    status: f.status as ProjectInput['status'],
    totalInvestment: num(f.totalInvestment),
    totalReturned: num(f.totalReturned),
    annualROI: f.annualROI.trim() || undefined,
    investmentDate: f.investmentDate || undefined,
    investmentPeriod: num(f.investmentPeriod),
    expectedMonthlyReturn: num(f.expectedMonthlyReturn),
    expectedCompletion: f.expectedCompletion || null,
    description: f.description,
  };
}

/** Create or edit a project in a modal. */
export function ProjectDialog({
  open,
  project,
  onClose,
}: {
  open: boolean;
  project: Project | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {open && <ProjectForm key={project?._id ?? 'new'} project={project} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => fromProject(project));
  const [error, setError] = useState<string | null>(null);
  const { save } = useProjectWrites();
  const fe = useFieldErrors();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const input = projectPayload(form);
    if (!fe.check(projectInput, input, (m) => toastFailed('Failed to save project', new Error(m)))) return;
    try {
      await save.mutateAsync({ id: project?._id, input });
      toastDone(
        project ? 'Updated' : 'Created',
        `Project “${form.name.trim()}” was ${project ? 'updated' : 'created'}.`,
      );
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to save project'));
      toastFailed('Failed to save project', err);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{project ? 'Edit Project' : 'Create Project'}</DialogTitle>
        <DialogDescription>
          {project ? project.name : 'New projects start as pending with a 60-month term.'}
        </DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            {error}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={fe.of('name')}>
            <Input value={form.name} onChange={set('name')} />
          </Field>
          <Field label="Location" error={fe.of('location')}>
            <Input value={form.location} onChange={set('location')} placeholder="Inari, Lapland, Finland" />
          </Field>
          <Field label="Status" error={fe.of('status')}>
            <NativeSelect value={form.status} onChange={set('status')}>
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Annual ROI (%)" error={fe.of('annualROI')}>
            <Input inputMode="decimal" value={form.annualROI} onChange={set('annualROI')} />
          </Field>
          <Field label="Total Investment (€)" error={fe.of('totalInvestment')}>
            <Input
              type="number"
              min={0}
              step="0.01"
              value={form.totalInvestment}
              onChange={set('totalInvestment')}
            />
          </Field>
          <Field label="Total Returned (€)" error={fe.of('totalReturned')}>
            <Input
              type="number"
              min={0}
              step="0.01"
              value={form.totalReturned}
              onChange={set('totalReturned')}
            />
          </Field>
          <Field label="Investment Date" error={fe.of('investmentDate')}>
            <Input type="date" value={form.investmentDate} onChange={set('investmentDate')} />
          </Field>
          <Field label="Investment Period (months)" error={fe.of('investmentPeriod')}>
            <Input
              type="number"
              min={1}
              step={1}
              value={form.investmentPeriod}
              onChange={set('investmentPeriod')}
            />
          </Field>
          <Field label="Expected Monthly Return" error={fe.of('expectedMonthlyReturn')}>
            <Input
              type="number"
              min={0}
              step="0.0001"
              value={form.expectedMonthlyReturn}
              onChange={set('expectedMonthlyReturn')}
            />
          </Field>
          <Field label="Expected Completion" error={fe.of('expectedCompletion')}>
            <Input type="date" value={form.expectedCompletion} onChange={set('expectedCompletion')} />
          </Field>
        </div>
        <Field label="Description" error={fe.of('description')}>
          <Textarea rows={4} value={form.description} onChange={set('description')} />
        </Field>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : project ? 'Save Changes' : 'Create Project'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
