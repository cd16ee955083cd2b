import {
  DEFAULT_PERK_ICON,
  PERK_CATEGORIES,
  PERK_REQUIRED_FIELDS,
  PERK_STATUSES,
  PERK_TYPES,
  perkInput,
  type Perk,
  type PerkInput,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useSavePerk } from '@/queries/perks';
import { toastDone } from '@/components/admin/feedback';
import { capitalize } from '@/components/admin/status-badge';

interface Form {
  name: string;
  type: string;
  category: string;
  icon: string;
  description: string;
  discount: string;
  status: string;
  bookingAvailable: boolean;
}

const fromPerk = (p: Perk | null): Form => ({
  name: p?.name ?? '',
  type: p?.type ?? '',
  category: p?.category ?? 'standard',
  icon: p?.icon ?? DEFAULT_PERK_ICON,
  description: p?.description ?? '',
  discount: p?.discount ?? '',
  status: p?.status ?? 'active',
  bookingAvailable: p?.bookingAvailable ?? false,
});

const toBody = (f: Form) => ({ ...f, name: f.name.trim() }) as PerkInput;

/** Create or edit a perk of the selected project ('Name, Type, and Status are required'). */
export function PerkDialog({
  open,
  perk,
  projectId,
  onClose,
}: {
  open: boolean;
  perk: Perk | null;
  projectId: string;
  onClose: () => void;
}) {
  const save = useSavePerk(projectId);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={perk?._id}
      className="max-w-xl"
      title={perk ? 'Edit Perk' : 'Add Perk'}
      description="Investor benefits of this project, shown on the investors' Perks page."
      defaultValues={() => fromPerk(perk)}
      schema={perkInput}
      toBody={toBody}
      precheck={(f) => (!f.name.trim() || !f.type || !f.status ? PERK_REQUIRED_FIELDS : null)}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: perk?._id, input });
        toastDone(perk ? 'Updated' : 'Created', `Perk “${input.name}” was ${perk ? 'updated' : 'created'}.`);
      }}
      failure="Failed to save perk"
      submitLabel={perk ? 'Save Changes' : 'Add Perk'}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
            <Field label="Name" error={f.error('name')}>
              <Input {...f.register('name')} />
            </Field>
            <Field label="Icon" error={f.error('icon')}>
              <Input {...f.register('icon')} maxLength={16} />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Type" error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                <option value="">Select a type</option>
                {PERK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {capitalize(t)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Category" error={f.error('category')}>
              <NativeSelect {...f.register('category')}>
                {PERK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {capitalize(c)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Status" error={f.error('status')}>
              <NativeSelect {...f.register('status')}>
                <option value="">Select a status</option>
                {PERK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field label="Description" error={f.error('description')}>
            <Textarea rows={3} {...f.register('description')} />
          </Field>
          <Field
            label="Discount"
            hint="Shown as a badge, e.g. “20% off” or “Free”."
            error={f.error('discount')}
          >
            <Input {...f.register('discount')} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              {...f.register('bookingAvailable')}
            />
            Booking available (shows “Book Now”)
          </label>
        </>
      )}
    </FormDialog>
  );
}
