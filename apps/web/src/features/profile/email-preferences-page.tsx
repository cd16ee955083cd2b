import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { EmailPreferencesPanel } from './email-preferences-panel';

/** `/email-preferences`, where every email's footer links: the same switches as the profile's Email tab. */
function EmailPreferencesPage() {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('emailPreferences.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('emailPreferences.subtitle')}</p>
      </header>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <EmailPreferencesPanel heading="h2" />
        </CardContent>
      </Card>
    </div>
  );
}

export { EmailPreferencesPage as Component };
