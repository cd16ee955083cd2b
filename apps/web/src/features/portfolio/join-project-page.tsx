import { useTranslation } from 'react-i18next';
import { ComingSoonProject } from './components/coming-soon';
import { InterestForm } from './components/interest-form';

/** Join New Project (docs/product.md §8): the coming-soon project and the interest form below it. */
function JoinProjectPage() {
  const { t } = useTranslation('portfolio');
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('join.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('join.subtitle')}</p>
      </header>
      <ComingSoonProject headingLevel={2} />
      <InterestForm />
    </div>
  );
}

export { JoinProjectPage as Component };
