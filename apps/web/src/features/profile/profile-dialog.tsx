import { useState, type FormEvent } from 'react';
import { profileInput, type CurrentUser } from '@portal/contracts';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { messageOf, toast, toastAfterReload } from '@/lib/toast';
import { updateProfile } from '@/queries/users';
import { BankAccountPanel } from './bank-account-panel';
import { SecurityPanel } from './security-panel';
import { SupportContactForm } from './support-contact-form';

/** The dialog's tabs; 'bank' is an investor's only, 'support' (the support contact setting) an admin's. */
export type ProfileTab = 'profile' | 'security' | 'bank' | 'support';

interface ProfileForm {
  name: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  dateOfBirth: string;
}

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
  const [form, setForm] = useState<ProfileForm>(() => fromUser(user));
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const fe = useFieldErrors();
  const set = (k: keyof ProfileForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  function handleOpenChange(next: boolean) {
    if (next) {
      setForm(fromUser(user));
      setNameError(null);
    }
    onOpenChange(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.name.trim()) {
      setNameError('Full Name is required');
      return;
    }
    setNameError(null);
    const input = profilePayload(form);
    if (!fe.check(profileInput, input)) return;
    setSaving(true);
    try {
      await updateProfile(input);
      onOpenChange(false);
      // The page reloads at once, so the toast is shown once the reloaded page is up.
      toastAfterReload({ title: 'Profile updated successfully!' }, reload);
    } catch (err) {
      fe.fromError(err);
      toast({
        title: 'Error',
        description: messageOf(err, 'Failed to update profile'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Keep your contact details and sign-in security up to date.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(v) => onTabChange?.(v as ProfileTab)}>
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            {!user.isAdmin && <TabsTrigger value="bank">Bank account</TabsTrigger>}
            {user.isAdmin && <TabsTrigger value="support">Support contact</TabsTrigger>}
          </TabsList>
          <TabsContent value="profile" className="mt-4">
            <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
              <Field label="Full Name" error={nameError ?? fe.of('name')}>
                <Input autoComplete="name" required value={form.name} onChange={set('name')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Email" hint="Contact support to change your email.">
                  <Input type="email" value={user.email} readOnly disabled />
                </Field>
                <Field label="Phone" error={fe.of('phone')}>
                  <Input type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
                </Field>
              </div>
              <Field label="Address" error={fe.of('address')}>
                <Input autoComplete="street-address" value={form.address} onChange={set('address')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-3">
                <Field label="City" error={fe.of('city')}>
                  <Input autoComplete="address-level2" value={form.city} onChange={set('city')} />
                </Field>
                <Field label="Postal Code" error={fe.of('postalCode')}>
                  <Input autoComplete="postal-code" value={form.postalCode} onChange={set('postalCode')} />
                </Field>
                <Field label="Country" error={fe.of('country')}>
                  <Input autoComplete="country-name" value={form.country} onChange={set('country')} />
                </Field>
              </div>
              <Field label="Date of Birth" error={fe.of('dateOfBirth')}>
                <Input
                  type="date"
                  autoComplete="bday"
                  value={form.dateOfBirth}
                  onChange={set('dateOfBirth')}
                />
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
      </DialogContent>
    </Dialog>
  );
}
