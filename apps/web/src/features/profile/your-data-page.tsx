import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { ErasurePanel } from './erasure-panel';
import { YourDataPanel } from './your-data-panel';

/**
 * `/your-data`, where the email saying an export is ready links to: the profile's "Your data" tab as a
 * page, and the request to erase the account (GDPR article 17).
 */
function YourDataPage() {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('data.pageTitle')}</h1>
        <p className="mt-1 text-muted-foreground">{t('data.pageSubtitle')}</p>
      </header>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <YourDataPanel heading="h2" />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <ErasurePanel />
        </CardContent>
      </Card>
    </div>
  );
}

export { YourDataPage as Component };
