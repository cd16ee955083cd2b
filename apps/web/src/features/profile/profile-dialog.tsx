import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useForm, type Resolver } from 'react-hook-form';
import { birthDateBounds, profileInput, type CurrentUser } from '@portal/contracts';
import type { Locale } from '@portal/i18n';
import { LanguagePicker } from '@/components/language-picker';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { currentLocale, setLocale } from '@/lib/i18n';
import { toastAfterReload } from '@/lib/toast';
import { useUpdateProfile } from '@/queries/users';
import { BankAccountPanel } from './bank-account-panel';
import { EmailPreferencesPanel } from './email-preferences-panel';
import { DelegationsPanel } from './delegations-panel';
import { SecurityPanel } from './security-panel';
import { SupportContactForm } from './support-contact-form';
import { YourDataPanel } from './your-data-panel';

/**
 * The dialog's tabs; 'bank' is an investor's only, 'support' (the support contact setting) an admin's;
 * 'email' (which emails the user gets) and 'data' (a copy of their data) everyone's.
 */
export type ProfileTab = 'profile' | 'security' | 'email' | 'bank' | 'access' | 'data' | 'support';

interface ProfileForm {
  name: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  postalCode: string;
  dateOfBirth: string;
  /** The account's language (docs/product.md §19); the page switches to it once saved. */
  locale?: Locale;
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
  locale: u.locale,
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
    : { values: {}, errors: { name: { type: 'required', message: i18next.t('profile:edit.nameRequired') } } };

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
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile({ failure: { fallback: t('edit.failed') } });
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<ProfileForm>({
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
      await update.mutateAsync(profilePayload(values));
      // The page speaks the account's language from now on (the toast already does).
      if (values.locale) await setLocale(values.locale);
      onOpenChange(false);
      // The page reloads at once, so the toast is shown once the reloaded page is up.
      toastAfterReload({ title: i18next.t('profile:edit.saved') }, reload);
    } catch (err) {
      // A 400's field problems next to their fields, the first of them focused; the toast is the
      // save's failure, told by the mutation cache.
      const fields = serverFieldErrors(err);
      const invalid = FIELDS.filter((k) => fields[k]);
      invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
    }
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={handleOpenChange}
      className="max-w-xl"
      title={t('edit.title')}
      description={t('edit.description')}
    >
      {/* min-w-0: on a phone the tab list scrolls sideways rather than widening the dialog past the screen. */}
      <Tabs value={tab} onValueChange={(v) => onTabChange?.(v as ProfileTab)} className="min-w-0">
        <TabsList>
          <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
          <TabsTrigger value="security">{t('tabs.security')}</TabsTrigger>
          <TabsTrigger value="email">{t('tabs.email')}</TabsTrigger>
          {!user.isAdmin && <TabsTrigger value="bank">{t('tabs.bank')}</TabsTrigger>}
          {!user.isAdmin && <TabsTrigger value="access">{t('tabs.access')}</TabsTrigger>}
          <TabsTrigger value="data">{t('tabs.data')}</TabsTrigger>
          {user.isAdmin && <TabsTrigger value="support">{t('tabs.support')}</TabsTrigger>}
        </TabsList>
        <TabsContent value="profile" className="mt-4">
          <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
            <Field label={t('edit.name')} error={errors.name?.message}>
              <Input autoComplete="name" required {...register('name')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('edit.email')} hint={t('edit.emailHint')}>
                <Input type="email" value={user.email} readOnly disabled />
              </Field>
              <Field label={t('edit.phone')} error={errors.phone?.message}>
                <Input type="tel" autoComplete="tel" {...register('phone')} />
              </Field>
            </div>
            <Field label={t('edit.address')} error={errors.address?.message}>
              <Input autoComplete="street-address" {...register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label={t('edit.city')} error={errors.city?.message}>
                <Input autoComplete="address-level2" {...register('city')} />
              </Field>
              <Field label={t('edit.postalCode')} error={errors.postalCode?.message}>
                <Input autoComplete="postal-code" {...register('postalCode')} />
              </Field>
              <Field label={t('edit.country')} error={errors.country?.message}>
                <Input autoComplete="country-name" {...register('country')} />
              </Field>
            </div>
            <Field label={t('edit.dateOfBirth')} error={errors.dateOfBirth?.message}>
              <Input type="date" autoComplete="bday" {...birthDateBounds()} {...register('dateOfBirth')} />
            </Field>
            <LanguagePicker
              value={watch('locale') ?? currentLocale()}
              onPick={(locale) => setValue('locale', locale, { shouldDirty: true })}
            />
            <DialogFooter className="mt-2">
              <Button variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? t('common:saving') : t('edit.save')}
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
        {!user.isAdmin && (
          <TabsContent value="access" className="mt-4">
            <DelegationsPanel />
          </TabsContent>
        )}
        <TabsContent value="data" className="mt-4">
          <YourDataPanel />
        </TabsContent>
        {user.isAdmin && (
          <TabsContent value="support" className="mt-4">
            <SupportContactForm />
          </TabsContent>
        )}
      </Tabs>
    </TitledDialog>
  );
}
