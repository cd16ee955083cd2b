import { useState, type FormEvent } from 'react';
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
import { useSavePerk } from '../api/content';
import { toastDone, toastFailed } from '../components/feedback';
import { capitalize } from '../components/status-badge';

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
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        {open && <PerkForm key={perk?._id ?? 'new'} perk={perk} projectId={projectId} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PerkForm({
  perk,
  projectId,
  onClose,
}: {
  perk: Perk | null;
  projectId: string;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() => fromPerk(perk));
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const save = useSavePerk(projectId);
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim() || !form.type || !form.status) {
      setError(PERK_REQUIRED_FIELDS);
      return;
    }
    setError(null);
    const input = { ...form, name: form.name.trim() } as PerkInput;
    if (!fe.check(perkInput, input, (m) => toastFailed('Failed to save perk', new Error(m)))) return;
    try {
      await save.mutateAsync({ id: perk?._id, input });
      toastDone(
        perk ? 'Updated' : 'Created',
        `Perk “${form.name.trim()}” was ${perk ? 'updated' : 'created'}.`,
      );
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to save perk'));
      toastFailed('Failed to save perk', err);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{perk ? 'Edit Perk' : 'Add Perk'}</DialogTitle>
        <DialogDescription>
          Investor benefits of this project, shown on the investors' Perks page.
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
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
          <Field label="Name" error={fe.of('name')}>
            <Input value={form.name} onChange={set('name')} />
          </Field>
          <Field label="Icon" error={fe.of('icon')}>
            <Input value={form.icon} onChange={set('icon')} maxLength={16} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Type" error={fe.of('type')}>
            <NativeSelect value={form.type} onChange={set('type')}>
              <option value="">Select a type</option>
              {PERK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {capitalize(t)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Category" error={fe.of('category')}>
            <NativeSelect value={form.category} onChange={set('category')}>
              {PERK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {capitalize(c)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Status" error={fe.of('status')}>
            <NativeSelect value={form.status} onChange={set('status')}>
              <option value="">Select a status</option>
              {PERK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Description" error={fe.of('description')}>
          <Textarea rows={3} value={form.description} onChange={set('description')} />
        </Field>
        <Field label="Discount" hint="Shown as a badge, e.g. “20% off” or “Free”." error={fe.of('discount')}>
          <Input value={form.discount} onChange={set('discount')} />
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-primary)]"
            checked={form.bookingAvailable}
            onChange={(e) => setForm((f) => ({ ...f, bookingAvailable: e.target.checked }))}
          />
          Booking available (shows “Book Now”)
        </label>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : perk ? 'Save Changes' : 'Add Perk'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
