import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '@portal/i18n';
import { NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The page's language, each listed in its own name (a German reader finds "Deutsch" in any language).
 * `onPick` decides what a choice does: on the sign-in pages it switches the page and is kept for the
 * account; in the profile it is one of the form's fields.
 */
export function LanguagePicker({
  value,
  onPick,
  className,
}: {
  value: Locale;
  onPick: (locale: Locale) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="text-muted-foreground">
        {t('language.label')}
      </label>
      <NativeSelect
        id={id}
        value={value}
        className="h-9 w-auto"
        onChange={(e) => {
          if (isLocale(e.target.value)) onPick(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
