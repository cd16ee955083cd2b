import { birthDateBounds, updateUserInput, type AdminUser } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useUpdateUser } from '@/queries/admin-users';
import { toastDone } from '@/components/admin/feedback';

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

/** The spec's checks, one at a time, each shown next to its field. */
const required = (form: Form) =>
  !form.name.trim()
    ? 'Name is required'
    : !form.email.trim()
      ? 'Email is required'
      : !form.investorId.trim()
        ? 'Investor ID is required'
        : null;

/** Edit a user's details; status and role are shown read-only (docs/product.md §15.2). */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const update = useUpdateUser();
  return (
    <FormDialog
      open={!!user}
      onClose={onClose}
      formKey={user?._id}
      className="max-w-2xl"
      title="Edit User"
      description={user?.email}
      defaultValues={() => fromUser(user!)}
      schema={updateUserInput}
      precheck={required}
      toBody={(form) => ({ ...form, dateOfBirth: form.dateOfBirth || null })}
      onSubmit={async (input) => {
        await update.mutateAsync({ id: user!._id, input });
        toastDone('User updated', `${input.name.trim()}'s details were saved.`);
      }}
      failure="Failed to update user"
      submitLabel="Save Changes"
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" error={f.error('name')}>
              <Input {...f.register('name')} />
            </Field>
            <Field label="Email" error={f.error('email')}>
              <Input type="email" {...f.register('email')} />
            </Field>
            <Field label="Investor ID" error={f.error('investorId')}>
              <Input className="font-mono" {...f.register('investorId')} />
            </Field>
            <Field label="Phone" error={f.error('phone')}>
              <Input type="tel" {...f.register('phone')} />
            </Field>
          </div>
          <Field label="Address" error={f.error('address')}>
            <Input {...f.register('address')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="City" error={f.error('city')}>
              <Input {...f.register('city')} />
            </Field>
            <Field label="Postal Code" error={f.error('postalCode')}>
              <Input {...f.register('postalCode')} />
            </Field>
            <Field label="Country" error={f.error('country')}>
              <Input {...f.register('country')} />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Date of Birth" error={f.error('dateOfBirth')}>
              <Input type="date" {...birthDateBounds()} {...f.register('dateOfBirth')} />
            </Field>
            <Field label="Status" hint="Read-only">
              <Input
                value={
                  user?.awaitingActivation
                    ? 'Waiting for activation'
                    : user?.status === 'active'
                      ? 'Active'
                      : 'Inactive'
                }
                readOnly
                disabled
              />
            </Field>
            <Field label="Role" hint="Read-only">
              <Input value={user?.isAdmin ? 'Admin' : 'User'} readOnly disabled />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
