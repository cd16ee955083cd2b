import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStayGuide } from '@/queries/cabins';

/** A guide's parts in the order shown, each with its label's message. */
export const GUIDE_LABELS = {
  address: 'guide.address',
  access: 'guide.access',
  houseRules: 'guide.houseRules',
  wifi: 'guide.wifi',
  waste: 'guide.waste',
  contacts: 'guide.contacts',
} as const;
const FIELDS = Object.keys(GUIDE_LABELS) as (keyof typeof GUIDE_LABELS)[];

/**
 * The cabin guide of an approved stay, opened on demand: the server shows it from 14 days before
 * check-in and says from when otherwise.
 */
export function StayGuide({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('stays');
  const [open, setOpen] = useState(false);
  const guide = useStayGuide(bookingId, open);
  const data = guide.data;
  return (
    <details className="mt-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{t('guide.show')}</summary>
      {!data ? (
        open && <p className="mt-1 text-muted-foreground">{t('guide.loading')}</p>
      ) : data.guides.length === 0 ? (
        <p className="mt-1 text-muted-foreground">{t('guide.availableFrom', { date: data.availableFrom })}</p>
      ) : (
        data.guides.map(({ cabin, guide: g }) => (
          <section key={cabin} aria-label={t('guide.intro', { cabin })} className="mt-2">
            <p className="text-muted-foreground">{t('guide.intro', { cabin })}</p>
            <dl className="mt-1 grid gap-1 sm:grid-cols-[10rem_1fr]">
              {FIELDS.filter((k) => g[k].trim()).map((k) => (
                <div key={k} className="contents">
                  <dt className="font-medium">{t(GUIDE_LABELS[k])}</dt>
                  <dd className="whitespace-pre-line">{g[k]}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))
      )}
    </details>
  );
}
