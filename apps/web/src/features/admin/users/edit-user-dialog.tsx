import { useTranslation } from 'react-i18next';
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

/** Edit a user's details; status and role are shown read-only (docs/product.md §15.2). */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const failure = t('editUser.failed');
  const update = useUpdateUser({ failure });
  /** The spec's checks, one at a time, each shown next to its field. */
  const required = (form: Form) =>
    !form.name.trim()
      ? t('editUser.nameRequired')
      : !form.email.trim()
        ? t('editUser.emailRequired')
        : !form.investorId.trim()
          ? t('editUser.investorIdRequired')
          : null;
  return (
    <FormDialog
      open={!!user}
      onClose={onClose}
      formKey={user?._id}
      className="max-w-2xl"
      title={t('editUser.title')}
      description={user?.email}
      defaultValues={() => fromUser(user!)}
      schema={updateUserInput}
      precheck={required}
      toBody={(form) => ({ ...form, dateOfBirth: form.dateOfBirth || null })}
      onSubmit={async (input) => {
        await update.mutateAsync({ id: user!._id, input });
        toastDone(t('editUser.updatedTitle'), t('editUser.updatedText', { name: input.name.trim() }));
      }}
      failure={failure}
      submitLabel={t('editUser.submit')}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('editUser.name')} error={f.error('name')}>
              <Input {...f.register('name')} />
            </Field>
            <Field label={t('editUser.email')} error={f.error('email')}>
              <Input type="email" {...f.register('email')} />
            </Field>
            <Field label={t('editUser.investorId')} error={f.error('investorId')}>
              <Input className="font-mono" {...f.register('investorId')} />
            </Field>
            <Field label={t('editUser.phone')} error={f.error('phone')}>
              <Input type="tel" {...f.register('phone')} />
            </Field>
          </div>
          <Field label={t('editUser.address')} error={f.error('address')}>
            <Input {...f.register('address')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t('editUser.city')} error={f.error('city')}>
              <Input {...f.register('city')} />
            </Field>
            <Field label={t('editUser.postalCode')} error={f.error('postalCode')}>
              <Input {...f.register('postalCode')} />
            </Field>
            <Field label={t('editUser.country')} error={f.error('country')}>
              <Input {...f.register('country')} />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t('editUser.dateOfBirth')} error={f.error('dateOfBirth')}>
              <Input type="date" {...birthDateBounds()} {...f.register('dateOfBirth')} />
            </Field>
            <Field label={t('editUser.status')} hint={t('editUser.readOnly')}>
              <Input
                value={
                  user?.awaitingActivation
                    ? t('editUser.waiting')
                    : user?.status === 'active'
                      ? t('editUser.active')
                      : t('editUser.inactive')
                }
                readOnly
                disabled
              />
            </Field>
            <Field label={t('editUser.role')} hint={t('editUser.readOnly')}>
              <Input value={user?.isAdmin ? t('editUser.admin') : t('editUser.user')} readOnly disabled />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
