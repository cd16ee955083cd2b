import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import {
  EMAIL_CATEGORIES,
  type EmailCategory,
  type EmailPreferences,
  type EmailPreferencesInput,
} from '@portal/contracts';
import { cn } from '@/lib/cn';
import { EMAIL_CATEGORY as NAME } from '@/lib/email-categories';
import { messageOf, toast } from '@/lib/toast';
import { emailPreferencesKey, useEmailPreferences, useUpdateEmailPreferences } from '@/queries/mail';

/** Each kind of email's name, and what it is about (under its name). */
const ABOUT = {
  security: 'emailPreferences.securityAbout',
  payouts: 'emailPreferences.payoutsAbout',
  projects: 'emailPreferences.projectsAbout',
  bookings: 'emailPreferences.bookingsAbout',
  announcements: 'emailPreferences.announcementsAbout',
} as const satisfies Record<EmailCategory, string>;

/** An on/off switch: a button with the switch role, named by its row's label. */
function Switch({
  id,
  checked,
  disabled,
  labelledBy,
  describedBy,
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  labelledBy: string;
  describedBy: string;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none block size-5 rounded-full shadow-sm ring-0 transition-transform',
          // The thumb stands out from its track in either state and theme (a switch's state is its thumb).
          checked ? 'translate-x-5 bg-primary-foreground' : 'translate-x-0 bg-muted-foreground',
        )}
      />
    </button>
  );
}

/**
 * Which kinds of email the signed-in user receives: one switch per kind, each saved as it is changed
 * (with a toast). Account and security email is always on. Shown in the profile dialog's Email tab and on
 * the `/email-preferences` page that emails link to.
 */
export function EmailPreferencesPanel({ heading: Heading = 'h3' }: { heading?: 'h2' | 'h3' }) {
  // The panel may be on screen twice (the page and the profile dialog): its ids are its own.
  const { t } = useTranslation(['profile', 'common']);
  const idBase = useId();
  const queryClient = useQueryClient();
  const prefs = useEmailPreferences();
  const save = useUpdateEmailPreferences({
    onSuccess: (res, change) => {
      queryClient.setQueryData(emailPreferencesKey, res.data);
      const [category, on] = Object.entries(change)[0] as [EmailCategory, boolean];
      toast({
        title: res.message ?? t('emailPreferences.saved'),
        description: on
          ? t('emailPreferences.nowOn', { name: t(NAME[category]) })
          : t('emailPreferences.nowOff', { name: t(NAME[category]) }),
      });
    },
    failure: { fallback: t('emailPreferences.failed') },
  });

  if (prefs.isError)
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {messageOf(prefs.error, t('emailPreferences.loadFailed'))}
      </p>
    );
  if (!prefs.data)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common:loading')}
      </p>
    );

  // While a change is saved, its switch shows the new value.
  const shown: EmailPreferences = save.isPending ? { ...prefs.data, ...save.variables } : prefs.data;

  return (
    <section className="grid gap-3" aria-labelledby={`${idBase}-title`}>
      <div className="grid gap-1">
        <Heading id={`${idBase}-title`} className="font-semibold">
          {t('emailPreferences.heading')}
        </Heading>
        <p className="text-sm text-muted-foreground">{t('emailPreferences.intro')}</p>
      </div>
      <ul className="grid divide-y rounded-lg border">
        {EMAIL_CATEGORIES.map((category) => {
          const always = category === 'security';
          const id = `${idBase}-${category}`;
          return (
            <li key={category} className="flex items-start justify-between gap-4 p-4">
              <div className="grid min-w-0 gap-1">
                <span id={`${id}-label`} className="flex items-center gap-1.5 text-sm font-medium">
                  {t(NAME[category])}
                  {always && <Lock className="size-3.5 text-muted-foreground" aria-hidden="true" />}
                </span>
                <p id={`${id}-about`} className="text-xs text-muted-foreground">
                  {always
                    ? t('emailPreferences.alwaysOn', { about: t(ABOUT[category]) })
                    : t(ABOUT[category])}
                </p>
              </div>
              <Switch
                id={id}
                checked={shown[category]}
                disabled={always || save.isPending}
                labelledBy={`${id}-label`}
                describedBy={`${id}-about`}
                onChange={(on) => save.mutate({ [category]: on } as EmailPreferencesInput)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
