import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SignAnswer } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useAuth } from '@/queries/session';
import { downloadAgreement, useSignatureCheck, useSignSubscription } from '@/queries/signatures';

/** The signed document's evidence: its SHA-256, and who signed it as the check by hash finds it. */
function Signed({ answer }: { answer: SignAnswer }) {
  const { t } = useTranslation('subscriptions');
  const { data: found } = useSignatureCheck(answer.document.sha256);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('signing.doneTitle')}</CardTitle>
        <CardDescription>{t('signing.doneText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>{t('signing.hash')}</p>
        <code className="break-all rounded bg-muted p-2 font-mono text-xs" data-testid="document-hash">
          {answer.document.sha256}
        </code>
        {found && (
          <p>{t('signing.checked', { name: found.signedBy, date: formatDate(found.signedAt, 'long') })}</p>
        )}
        <p>
          <Link className="underline underline-offset-2" to="/documents">
            {t('signing.toVault')}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** Signing a subscription agreement: the agreement, the typed name, consent, password (and code). */
function SignPage() {
  const { t } = useTranslation('subscriptions');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const sign = useSignSubscription(id, { failure: { fallback: t('signing.failed') } });
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signed, setSigned] = useState<SignAnswer | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    if (!consent) {
      setErrors({ consent: t('signing.consentRequired') });
      return;
    }
    try {
      const answer = await sign.mutateAsync({
        fullName,
        consent: true,
        currentPassword,
        ...(code.trim() ? { code: code.trim() } : {}),
      });
      setSigned(answer.data);
      toast({ title: t('signing.done') });
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(err, t('signing.failed')));
    }
  }

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('signing.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('signing.description')}</p>
      </div>
      {signed ? (
        <Signed answer={signed} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('signing.agreementTitle')}</CardTitle>
            <CardDescription>
              <button
                type="button"
                className="underline underline-offset-2"
                onClick={() =>
                  void downloadAgreement(id).catch((err) =>
                    setFailure(messageOf(err, t('signing.downloadFailed'))),
                  )
                }
              >
                {t('signing.download')}
              </button>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
              <FormError message={failure} />
              <Field label={t('signing.fullName')} hint={t('signing.fullNameHint')} error={errors.fullName}>
                <Input autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
              </Field>
              <div className="grid gap-1">
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={consent}
                    onChange={(e) => setConsent(e.target.checked)}
                  />
                  <span>{t('signing.consent')}</span>
                </label>
                {errors.consent && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {errors.consent}
                  </p>
                )}
              </div>
              <Field label={t('signing.currentPassword')} error={errors.currentPassword}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                />
              </Field>
              {user?.twoFactorEnabled && (
                <Field label={t('signing.code')} hint={t('signing.codeHint')} error={errors.code}>
                  <Input
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </Field>
              )}
              <div>
                <Button type="submit" disabled={sign.isPending}>
                  {sign.isPending ? t('signing.signing') : t('signing.submit')}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export { SignPage as Component };
