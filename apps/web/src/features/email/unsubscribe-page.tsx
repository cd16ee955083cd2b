import { Trans, useTranslation } from 'react-i18next';
import { EMAIL_CATEGORY } from '@/lib/email-categories';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, MailX, TriangleAlert } from 'lucide-react';
import { PageCard } from '@/components/page-card';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { messageOf } from '@/lib/toast';
import { useUnsubscribe, useUnsubscribeInfo } from '@/queries/mail';

function Note({ tone, children }: { tone: 'done' | 'failed'; children: ReactNode }) {
  const done = tone === 'done';
  const Icon = done ? CircleCheck : TriangleAlert;
  return (
    <div
      role={done ? 'status' : 'alert'}
      className={
        done
          ? 'flex items-start gap-3 rounded-md border bg-accent/40 p-4 text-sm'
          : 'flex items-start gap-3 rounded-md border border-destructive/50 bg-card p-4 text-sm'
      }
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${done ? 'text-primary' : 'text-destructive'}`}
        aria-hidden="true"
      />
      <p className="font-medium">{children}</p>
    </div>
  );
}

function ManageLink() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/email-preferences" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('unsubscribe.manage')}
      </Link>
    </p>
  );
}

/**
 * The page of an email's unsubscribe link (`/unsubscribe?token=…`), no sign-in needed: it names the kind
 * of email and the (masked) address, and turns it off when asked. A bad link shows the server's message.
 */
function UnsubscribePage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const info = useUnsubscribeInfo(token);
  const stop = useUnsubscribe();

  if (!token || info.isError)
    return (
      <PageCard title={t('unsubscribe.title')} subtitle={t('unsubscribe.unusable')}>
        <Note tone="failed">
          {token ? messageOf(info.error, t('unsubscribe.invalid')) : t('unsubscribe.incomplete')}
        </Note>
        <ManageLink />
      </PageCard>
    );

  if (!info.data)
    return (
      <PageCard title={t('unsubscribe.title')} subtitle={t('unsubscribe.reading')}>
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      </PageCard>
    );

  const { category, email } = info.data;
  // The category's name, alone and inside a sentence (where English writes it in lower case).
  const kind = i18n.t(EMAIL_CATEGORY[category]);
  if (stop.data || info.data.unsubscribed)
    return (
      <PageCard title={t('unsubscribe.done')} subtitle={t('unsubscribe.kindEmails', { label: kind })}>
        <Note tone="done">
          {t('unsubscribe.doneAt', {
            // The server's words in English (they carry no code); the page's own in another language.
            message: (i18n.language === 'en' && stop.data?.message) || t('unsubscribe.noLonger', { kind }),
            email,
          })}
        </Note>
        <ManageLink />
      </PageCard>
    );

  return (
    <PageCard title={t('unsubscribe.title')} subtitle={t('unsubscribe.subtitle')}>
      <div className="grid gap-4">
        <FormError message={stop.error ? messageOf(stop.error, t('unsubscribe.failed')) : null} />
        <div className="flex items-start gap-3">
          <MailX className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">
            <Trans
              t={t}
              i18nKey="unsubscribe.question"
              values={{ kind, email }}
              components={{ span: <span className="break-words" /> }}
            />
          </p>
        </div>
        <p className="text-sm text-muted-foreground">{t('unsubscribe.alwaysSent')}</p>
        <Button className="w-full" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
          {stop.isPending ? t('unsubscribe.pending') : t('unsubscribe.stop', { kind })}
        </Button>
      </div>
      <ManageLink />
    </PageCard>
  );
}

export { UnsubscribePage as Component };
