import { useState, type FormEvent } from 'react';
import { updateUserInput, type AdminUser } from '@portal/contracts';
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
import { Input } from '@/components/ui/input';
import { messageOf } from '@/lib/toast';
import { useUpdateUser } from '@/queries/users';
import { toastDone, toastFailed } from '../components/feedback';

type Form = Record<
  'name' | 'email' | 'investorId' | 'phone' | 'address' | 'city' | 'postalCode' | 'country' | 'dateOfBirth',
  string
>;

const fromUser = (u: AdminUser): Form => ({
  name: u.name,
  email: u.email,
  investorId: u.investorId ?? '',
  phone: u.phone ?? '',
  address: u.address ?? '',
  city: u.city ?? '',
  postalCode: u.postalCode ?? '',
  country: u.country ?? '',
  dateOfBirth: u.dateOfBirth?.slice(0, 10) ?? '',
});

/** Edit a user's details; status and role are shown read-only (docs/product.md §15.2). */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={!!user} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {user && <EditUserForm key={user._id} user={user} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => fromUser(user));
  const [error, setError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const update = useUpdateUser();
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The checks of docs/product.md §18, one at a time, each shown next to its field.
    const refuse = (message: string) => setError(fe.showOne(message, updateUserInput, form) ? null : message);
    if (!form.name.trim()) return refuse('Name is required');
    if (!form.email.trim()) return refuse('Email is required');
    if (!form.investorId.trim()) return refuse('Investor ID is required');
    setError(null);
    const input = { ...form, dateOfBirth: form.dateOfBirth || null };
    if (!fe.check(updateUserInput, input, (m) => toastFailed('Failed to update user', new Error(m)))) return;
    try {
      await update.mutateAsync({ id: user._id, input });
      toastDone('User updated', `${form.name.trim()}'s details were saved.`);
      onClose();
    } catch (err) {
      if (!fe.fromError(err)) setError(messageOf(err, 'Failed to update user'));
      toastFailed('Failed to update user', err);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <form ref={fe.formRef} onSubmit={onSubmit} className="grid gap-4" noValidate>
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
          <Field label="Email" error={fe.of('email')}>
            <Input type="email" value={form.email} onChange={set('email')} />
          </Field>
          <Field label="Investor ID" error={fe.of('investorId')}>
            <Input className="font-mono" value={form.investorId} onChange={set('investorId')} />
          </Field>
          <Field label="Phone" error={fe.of('phone')}>
            <Input type="tel" value={form.phone} onChange={set('phone')} />
          </Field>
        </div>
        <Field label="Address" error={fe.of('address')}>
          <Input value={form.address} onChange={set('address')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="City" error={fe.of('city')}>
            <Input value={form.city} onChange={set('city')} />
          </Field>
          <Field label="Postal Code" error={fe.of('postalCode')}>
            <Input value={form.postalCode} onChange={set('postalCode')} />
          </Field>
          <Field label="Country" error={fe.of('country')}>
            <Input value={form.country} onChange={set('country')} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Date of Birth" error={fe.of('dateOfBirth')}>
            <Input type="date" value={form.dateOfBirth} onChange={set('dateOfBirth')} />
          </Field>
          <Field label="Status" hint="Read-only">
            <Input
              value={
                user.awaitingActivation
                  ? 'Waiting for activation'
                  : user.status === 'active'
                    ? 'Active'
                    : 'Inactive'
              }
              readOnly
              disabled
            />
          </Field>
          <Field label="Role" hint="Read-only">
            <Input value={user.isAdmin ? 'Admin' : 'User'} readOnly disabled />
          </Field>
        </div>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
