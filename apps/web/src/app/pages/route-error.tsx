import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotFound } from './not-found';

/** Shown when a page fails to load or throws: a way forward instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routeError.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('routeError.text')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}
