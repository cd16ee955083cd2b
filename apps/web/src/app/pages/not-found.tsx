import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('notFound.text')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('underConstruction.home')}</Link>
      </Button>
    </div>
  );
}
