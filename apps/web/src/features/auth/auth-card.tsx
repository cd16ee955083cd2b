import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/language-picker';
import { BrandMark } from '@/components/brand';
import { PageCard } from '@/components/page-card';
import { currentLocale, pickPageLocale } from '@/lib/i18n';

/** The frame of the three public pages: the brand panel beside a centred card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(28rem,40%)]">
      <aside className="relative hidden overflow-hidden bg-sidebar text-sidebar-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,oklch(0.55_0.12_165/.45),transparent_55%),radial-gradient(circle_at_80%_70%,oklch(0.75_0.13_80/.25),transparent_50%)]"
        />
        <BrandMark className="relative" />
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold leading-tight tracking-tight">{t('card.headline')}</h2>
          <p className="mt-4 text-sidebar-muted">{t('card.pitch')}</p>
        </div>
        <p className="relative text-sm text-sidebar-muted">{t('card.tagline')}</p>
      </aside>
      <PageCard
        title={title}
        subtitle={subtitle}
        className="flex items-center justify-center px-4 py-10 sm:px-8"
        brandClassName="mb-8 text-foreground lg:hidden"
      >
        {children}
        <LanguagePicker
          value={currentLocale()}
          onPick={(l) => void pickPageLocale(l)}
          className="mt-8 justify-center"
        />
      </PageCard>
    </div>
  );
}
