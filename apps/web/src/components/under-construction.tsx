import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The fallback page of a path that does not exist yet (docs/product.md §5). */
export function UnderConstruction() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-warning-soft text-warning">
        <Construction className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('underConstruction.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('underConstruction.text')}</p>
      <Button asChild className="mt-6">
        <Link to="/">{t('underConstruction.home')}</Link>
      </Button>
    </div>
  );
}
