import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '@/components/language-picker';
import { BrandMark } from '@/components/brand';
import { Card, CardContent } from '@/components/ui/card';
import { currentLocale, loadPageMessages, pickPageLocale } from '@/lib/i18n';

/**
 * Every kind of personal data the portal keeps, each with its four answers (the keys are written out, so
 * that the message files' test finds each one used).
 */
const CATEGORIES = [
  {
    id: 'account',
    name: 'categories.account.name',
    what: 'categories.account.what',
    why: 'categories.account.why',
    basis: 'categories.account.basis',
    kept: 'categories.account.kept',
  },
  {
    id: 'security',
    name: 'categories.security.name',
    what: 'categories.security.what',
    why: 'categories.security.why',
    basis: 'categories.security.basis',
    kept: 'categories.security.kept',
  },
  {
    id: 'identity',
    name: 'categories.identity.name',
    what: 'categories.identity.what',
    why: 'categories.identity.why',
    basis: 'categories.identity.basis',
    kept: 'categories.identity.kept',
  },
  {
    id: 'bank',
    name: 'categories.bank.name',
    what: 'categories.bank.what',
    why: 'categories.bank.why',
    basis: 'categories.bank.basis',
    kept: 'categories.bank.kept',
  },
  {
    id: 'investments',
    name: 'categories.investments.name',
    what: 'categories.investments.what',
    why: 'categories.investments.why',
    basis: 'categories.investments.basis',
    kept: 'categories.investments.kept',
  },
  {
    id: 'stays',
    name: 'categories.stays.name',
    what: 'categories.stays.what',
    why: 'categories.stays.why',
    basis: 'categories.stays.basis',
    kept: 'categories.stays.kept',
  },
  {
    id: 'documents',
    name: 'categories.documents.name',
    what: 'categories.documents.what',
    why: 'categories.documents.why',
    basis: 'categories.documents.basis',
    kept: 'categories.documents.kept',
  },
  {
    id: 'communication',
    name: 'categories.communication.name',
    what: 'categories.communication.what',
    why: 'categories.communication.why',
    basis: 'categories.communication.basis',
    kept: 'categories.communication.kept',
  },
  {
    id: 'audit',
    name: 'categories.audit.name',
    what: 'categories.audit.what',
    why: 'categories.audit.why',
    basis: 'categories.audit.basis',
    kept: 'categories.audit.kept',
  },
  {
    id: 'exports',
    name: 'categories.exports.name',
    what: 'categories.exports.what',
    why: 'categories.exports.why',
    basis: 'categories.exports.basis',
    kept: 'categories.exports.kept',
  },
] as const;

const FIELDS = ['what', 'why', 'basis', 'kept'] as const;

/**
 * `/privacy`, signed in or not: what the portal stores about a person, why, on what legal basis and for
 * how long (GDPR articles 13 and 14), and their rights, with the way to a copy of their data. Its text
 * is a namespace of its own, loaded by the route before the page shows.
 */
function PrivacyPage() {
  const { t } = useTranslation('privacy');
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-8">
      <BrandMark className="text-foreground" />
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-lg text-muted-foreground">{t('subtitle')}</p>
        <p>{t('intro')}</p>
        <p>{t('controller')}</p>
      </header>
      <section aria-labelledby="privacy-categories" className="grid gap-4">
        <h2 id="privacy-categories" className="text-xl font-semibold tracking-tight">
          {t('categoriesHeading')}
        </h2>
        {CATEGORIES.map((c) => (
          <Card key={c.id}>
            <CardContent className="grid gap-3 pt-5 sm:pt-6">
              <h3 id={`privacy-${c.id}`} className="font-semibold">
                {t(c.name)}
              </h3>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
                {FIELDS.map((f) => (
                  <div key={f} className="contents">
                    <dt className="font-medium text-muted-foreground">{t(f)}</dt>
                    <dd>{t(c[f])}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        ))}
      </section>
      <section aria-labelledby="privacy-erasure" className="grid gap-2">
        <h2 id="privacy-erasure" className="text-xl font-semibold tracking-tight">
          {t('erasureHeading')}
        </h2>
        <p>{t('erasureIntro')}</p>
        <p>{t('erasureRemoves')}</p>
        <p>{t('erasureKeeps')}</p>
        <p>
          <Link to="/your-data" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('erasureLink')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="privacy-rights" className="grid gap-2">
        <h2 id="privacy-rights" className="text-xl font-semibold tracking-tight">
          {t('rightsHeading')}
        </h2>
        <p>{t('rights')}</p>
        <p>
          <Link to="/your-data" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('yourData')}
          </Link>
        </p>
      </section>
      <footer className="grid justify-items-center gap-4 border-t pt-6 text-sm">
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('back')}
        </Link>
        <LanguagePicker value={currentLocale()} onPick={(l) => void pickPageLocale(l)} />
      </footer>
    </main>
  );
}

/** The page's text arrives before it shows, in the page's language. */
export async function loader() {
  await loadPageMessages(['privacy']);
  return null;
}

export { PrivacyPage as Component };
