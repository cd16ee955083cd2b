import { useForm, type Resolver } from 'react-hook-form';
import { birthDateBounds, profileInput, type CurrentUser } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { messageOf, toast, toastAfterReload } from '@/lib/toast';
import { updateProfile } from '@/queries/users';
import { BankAccountPanel } from './bank-account-panel';
import { EmailPreferencesPanel } from './email-preferences-panel';
import { SecurityPanel } from './security-panel';
import { SupportContactForm } from './support-contact-form';

/**
 * The dialog's tabs; 'bank' is an investor's only, 'support' (the support contact setting) an admin's;
 * 'email' (which emails the user gets) everyone's.
 */
export type ProfileTab = 'profile' | 'security' | 'email' | 'bank' | 'support';

interface ProfileForm {
  name: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  dateOfBirth: string;
}
const FIELDS = ['name', 'phone', 'address', 'city', 'postalCode', 'country', 'dateOfBirth'] as const;

const fromUser = (u: CurrentUser): ProfileForm => ({
  name: u.name ?? '',
  phone: u.phone ?? '',
  address: u.address ?? '',
  city: u.city ?? '',
  country: u.country ?? '',
  postalCode: u.postalCode ?? '',
  dateOfBirth: u.dateOfBirth ? u.dateOfBirth.slice(0, 10) : '',
});

/** The body of PUT /api/users/me: the date of birth as an ISO timestamp, or left out when empty. */
export function profilePayload(form: ProfileForm) {
  const { dateOfBirth, ...rest } = form;
  return {
    ...rest,
    name: rest.name.trim(),
    ...(dateOfBirth ? { dateOfBirth: new Date(`${dateOfBirth}T00:00:00.000Z`).toISOString() } : {}),
  };
}

const checkContract = contractResolver<ProfileForm>(profileInput, profilePayload, () => true);

/** The spec's own first check, a full name, before the contract's (which then checks every field). */
const resolver: Resolver<ProfileForm> = (values, context, options) =>
  values.name.trim()
    ? checkContract(values, context, options)
    : { values: {}, errors: { name: { type: 'required', message: 'Full Name is required' } } };

/**
 * Edit Profile (docs/product.md §14): Full Name required; on success it closes and the page reloads, and
 * the reloaded page shows 'Profile updated successfully!'.
 */
export function ProfileDialog({
  user,
  open,
  onOpenChange,
  reload = () => window.location.reload(),
  tab = 'profile',
  onTabChange,
  onUserChanged,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reload?: () => void;
  /** 'security' opens the password and two-factor settings. */
  tab?: ProfileTab;
  onTabChange?: (tab: ProfileTab) => void;
  /** After a change saved without a reload (the bank account): read the user again. */
  onUserChanged?: () => Promise<void> | void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useForm<ProfileForm>({
    defaultValues: fromUser(user),
    resolver,
    // Messages stay until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: saving } = formState;

  function handleOpenChange(next: boolean) {
    if (next) reset(fromUser(user));
    onOpenChange(next);
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateProfile(profilePayload(values));
      onOpenChange(false);
      // The page reloads at once, so the toast is shown once the reloaded page is up.
      toastAfterReload({ title: 'Profile updated successfully!' }, reload);
    } catch (err) {
      // A 400's field problems next to their fields, the first of them focused.
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      toast({
        title: 'Error',
        description: messageOf(err, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={handleOpenChange}
      className="max-w-xl"
      title="Edit Profile"
      description="Keep your contact details and sign-in security up to date."
    >
      {/* min-w-0: on a phone the tab list scrolls sideways rather than widening the dialog past the screen. */}
      <Tabs value={tab} onValueChange={(v) => onTabChange?.(v as ProfileTab)} className="min-w-0">
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="email">Email</TabsTrigger>
          {!user.isAdmin && <TabsTrigger value="bank">Bank account</TabsTrigger>}
          {user.isAdmin && <TabsTrigger value="support">Support contact</TabsTrigger>}
        </TabsList>
        <TabsContent value="profile" className="mt-4">
          <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
            <Field label="Full Name" error={errors.name?.message}>
              <Input autoComplete="name" required {...register('name')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Email" hint="Contact support to change your email.">
                <Input type="email" value={user.email} readOnly disabled />
              </Field>
              <Field label="Phone" error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" {...register('phone')} />
              </Field>
            </div>
            <Field label="Address" error={errors.address?.message}>
              <Input autoComplete="street-address" {...register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="City" error={errors.city?.message}>
                <Input autoComplete="address-level2" {...register('city')} />
              </Field>
              <Field label="Postal Code" error={errors.postalCode?.message}>
                <Input autoComplete="postal-code" {...register('postalCode')} />
              </Field>
              <Field label="Country" error={errors.country?.message}>
                <Input autoComplete="country-name" {...register('country')} />
              </Field>
            </div>
            <Field label="Date of Birth" error={errors.dateOfBirth?.message}>
              <Input type="date" autoComplete="bday" {...birthDateBounds()} {...register('dateOfBirth')} />
            </Field>
            <DialogFooter className="mt-2">
              <Button variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </DialogFooter>
          </form>
        </TabsContent>
        <TabsContent value="security" className="mt-4">
          <SecurityPanel user={user} />
        </TabsContent>
        <TabsContent value="email" className="mt-4">
          <EmailPreferencesPanel />
        </TabsContent>
        {!user.isAdmin && (
          <TabsContent value="bank" className="mt-4">
            <BankAccountPanel user={user} onSaved={onUserChanged} />
          </TabsContent>
        )}
        {user.isAdmin && (
          <TabsContent value="support" className="mt-4">
            <SupportContactForm />
          </TabsContent>
        )}
      </Tabs>
    </TitledDialog>
  );
}
