import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createAllocationInput, type CreateAllocationInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { schemaFieldErrors } from '@/components/ui/field-errors';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useCreateAllocation } from '@/queries/allocations';
import { toastDone } from '@/components/admin/feedback';

interface AllocationForm {
  title: string;
  stays: { checkIn: string; checkOut: string }[];
  /** As a `datetime-local` input holds it: 'YYYY-MM-DDTHH:mm', in the browser's time zone. */
  preferencesDue: string;
  runsAt: string;
}

const NO_STAY = { checkIn: '', checkOut: '' };
/** One stay of the body, as the contract checks it (its dates, their order, its length). */
const stayInput = createAllocationInput.shape.stays.element;
const EMPTY: AllocationForm = { title: '', stays: [NO_STAY], preferencesDue: '', runsAt: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `datetime-local` value as an instant with the browser's offset for that date ('2026-12-01T18:00'
 * in Oslo → '2026-12-01T18:00:00+01:00'): the time the admin typed, as the API takes it. Anything else
 * is left as it is, for the contract to name the field.
 */
function withOffset(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(local);
  const at = new Date(local);
  if (!m || Number.isNaN(at.getTime())) return local;
  const east = -at.getTimezoneOffset();
  const abs = Math.abs(east);
  return `${m[1]}${m[2] ?? ':00'}${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const allocationBody =
  (projectId: string) =>
  (f: AllocationForm): CreateAllocationInput => ({
    projectId,
    title: f.title.trim(),
    stays: f.stays.map((s) => ({ checkIn: s.checkIn, checkOut: s.checkOut })),
    preferencesDue: withOffset(f.preferencesDue),
    runsAt: withOffset(f.runsAt),
  });

/**
 * The stays as rows of check-in and check-out, added and removed. The form knows a problem of the stays
 * as one message: each row is checked again by the contract's stay schema, so that the problem is told
 * at the date of the row it is about; one of the list as a whole (none, too many) is told under the rows.
 */
function StayRows({ form, message }: { form: UseFormReturn<AllocationForm>; message: string | undefined }) {
  const { t } = useTranslation('stays');
  const messageId = useId();
  const rows = useFieldArray({ control: form.control, name: 'stays' });
  const byRow = message
    ? rows.fields.map((_, i) => schemaFieldErrors(stayInput, form.getValues(`stays.${i}`)))
    : [];
  const atRow = (i: number, k: 'checkIn' | 'checkOut') => byRow[i]?.[k];
  const onARow = rows.fields.some((_, i) => atRow(i, 'checkIn') || atRow(i, 'checkOut'));
  return (
    <fieldset className="grid gap-3" aria-describedby={message && !onARow ? messageId : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('admin.allocations.dialog.stays')}</legend>
      {rows.fields.map((row, i) => (
        <fieldset key={row.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <legend className="sr-only">{t('admin.allocations.dialog.stay', { n: i + 1 })}</legend>
          <Field label={t('admin.allocations.dialog.checkIn')} error={atRow(i, 'checkIn')}>
            <Input type="date" {...form.register(`stays.${i}.checkIn`)} />
          </Field>
          <Field label={t('admin.allocations.dialog.checkOut')} error={atRow(i, 'checkOut')}>
            <Input type="date" {...form.register(`stays.${i}.checkOut`)} />
          </Field>
          <Button
            variant="ghost"
            size="icon"
            disabled={rows.fields.length === 1}
            aria-label={t('admin.allocations.dialog.removeStay', { n: i + 1 })}
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      {message && !onARow && (
        <p id={messageId} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      <Button variant="outline" className="justify-self-start" onClick={() => rows.append(NO_STAY)}>
        <Plus aria-hidden="true" />
        {t('admin.allocations.dialog.addStay')}
      </Button>
    </fieldset>
  );
}

/** Creates a peak allocation of the selected project: its title, stays, and when it closes and runs. */
export function AllocationDialog({
  open,
  project,
  onClose,
}: {
  open: boolean;
  project: { _id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('stays');
  const failure = t('admin.allocations.dialog.failed');
  const create = useCreateAllocation({ failure });
  const toBody = allocationBody(project._id);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      className="max-w-xl"
      title={t('admin.allocations.dialog.title')}
      description={t('admin.allocations.dialog.description', { project: project.name })}
      defaultValues={EMPTY}
      schema={createAllocationInput}
      toBody={toBody}
      onSubmit={async (input) => {
        await create.mutateAsync(input);
        toastDone(t('admin.created'), t('admin.allocations.dialog.createdText', { title: input.title }));
      }}
      failure={failure}
      submitLabel={t('admin.allocations.dialog.submit')}
    >
      {(f) => (
        <>
          <Field label={t('admin.allocations.dialog.name')} error={f.error('title')}>
            <Input maxLength={120} {...f.register('title')} />
          </Field>
          <StayRows form={f} message={f.error('stays')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('admin.allocations.dialog.preferencesDue')}
              hint={t('admin.allocations.dialog.timeHint')}
              error={f.error('preferencesDue')}
            >
              <Input type="datetime-local" {...f.register('preferencesDue')} />
            </Field>
            <Field
              label={t('admin.allocations.dialog.runsAt')}
              hint={t('admin.allocations.dialog.timeHint')}
              error={f.error('runsAt')}
            >
              <Input type="datetime-local" {...f.register('runsAt')} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
