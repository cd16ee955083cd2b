import { useTranslation } from 'react-i18next';
import {
  PROJECT_STATUSES,
  projectInput,
  type Project,
  type ProjectInput,
  type ProjectStatus,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useProjectWrites } from '@/queries/projects';
import { toastDone } from '@/components/admin/feedback';

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
  rentalSharePercent: string;
  expectedCompletion: string;
  description: string;
}

/** Each status's name. */
const STATUS_LABEL = {
  pending: 'status.pending',
  active: 'status.active',
  completed: 'status.completed',
  cancelled: 'status.cancelled',
} as const satisfies Record<ProjectStatus, string>;

const today = () => new Date().toISOString().slice(0, 10);

/** A new project starts from the defaults of docs/product.md §15.4. */
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
  rentalSharePercent: String(p?.rentalSharePercent ?? 70),
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
    rentalSharePercent: num(f.rentalSharePercent),
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
  const { t } = useTranslation('projects');
  const failure = t('dialog.failed');
  const { save } = useProjectWrites({ failure });
  // The totals are the company's figures for the whole project, investors outside the portal included,
  // not the portal's ledger; investors see them under that caption (issue 31), and the admin is told so.
  const wholeProjectHint = t('dialog.wholeProjectHint');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={project?._id}
      className="max-w-2xl"
      title={project ? t('dialog.editTitle') : t('dialog.createTitle')}
      description={project ? project.name : t('dialog.newHint')}
      defaultValues={() => fromProject(project)}
      schema={projectInput}
      toBody={projectPayload}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: project?._id, input });
        toastDone(
          project ? t('dialog.updatedTitle') : t('dialog.createdTitle'),
          project
            ? t('dialog.updatedText', { name: input.name })
            : t('dialog.createdText', { name: input.name }),
        );
      }}
      failure={failure}
      submitLabel={project ? t('dialog.saveChanges') : t('dialog.createTitle')}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('dialog.name')} error={f.error('name')}>
              <Input {...f.register('name')} />
            </Field>
            <Field label={t('dialog.location')} error={f.error('location')}>
              <Input {...f.register('location')} placeholder={t('dialog.locationPlaceholder')} />
            </Field>
            <Field label={t('dialog.status')} error={f.error('status')}>
              <NativeSelect {...f.register('status')}>
                {PROJECT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(STATUS_LABEL[s])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('dialog.annualRoi')} error={f.error('annualROI')}>
              <Input inputMode="decimal" {...f.register('annualROI')} />
            </Field>
            <Field
              label={t('dialog.totalInvestment')}
              hint={wholeProjectHint}
              error={f.error('totalInvestment')}
            >
              <Input type="number" min={0} step="0.01" {...f.register('totalInvestment')} />
            </Field>
            <Field label={t('dialog.totalReturned')} hint={wholeProjectHint} error={f.error('totalReturned')}>
              <Input type="number" min={0} step="0.01" {...f.register('totalReturned')} />
            </Field>
            <Field label={t('dialog.investmentDate')} error={f.error('investmentDate')}>
              <Input type="date" {...f.register('investmentDate')} />
            </Field>
            <Field label={t('dialog.investmentPeriod')} error={f.error('investmentPeriod')}>
              <Input type="number" min={1} step={1} {...f.register('investmentPeriod')} />
            </Field>
            <Field label={t('dialog.expectedMonthlyReturn')} error={f.error('expectedMonthlyReturn')}>
              <Input type="number" min={0} step="0.0001" {...f.register('expectedMonthlyReturn')} />
            </Field>
            <Field
              label={t('dialog.rentalShare')}
              hint={t('dialog.rentalShareHint')}
              error={f.error('rentalSharePercent')}
            >
              <Input type="number" min={0} max={100} step="0.01" {...f.register('rentalSharePercent')} />
            </Field>
            <Field label={t('dialog.expectedCompletion')} error={f.error('expectedCompletion')}>
              <Input type="date" {...f.register('expectedCompletion')} />
            </Field>
          </div>
          <Field label={t('dialog.description')} error={f.error('description')}>
            <Textarea rows={4} {...f.register('description')} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
