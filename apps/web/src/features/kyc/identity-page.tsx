import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, KYC_DOCUMENT_KINDS, type KycCheck, type KycDocumentKind } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { FormError } from '@/components/ui/form-error';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { downloadKycDocument, useKyc, useSaveKycAnswers, useUploadKycDocument } from '@/queries/kyc';
import { KycStatusBadge } from './components/kyc-status';

interface Answers {
  dateOfBirth: string;
  taxResidence: string;
  politicallyExposed: '' | 'yes' | 'no';
  sourceOfFunds: string;
}

const fromCheck = (c: KycCheck): Answers => ({
  dateOfBirth: c.dateOfBirth ?? '',
  taxResidence: c.taxResidence ?? '',
  politicallyExposed: c.politicallyExposed == null ? '' : c.politicallyExposed ? 'yes' : 'no',
  sourceOfFunds: c.sourceOfFunds ?? '',
});

const DOCUMENT_LABEL = {
  identity: 'kyc.identityDocument',
  address: 'kyc.addressDocument',
} as const satisfies Record<KycDocumentKind, string>;

const STATUS_TEXT = {
  not_started: 'kyc.statusText.not_started',
  submitted: 'kyc.statusText.submitted',
  verified: 'kyc.statusText.verified',
  rejected: 'kyc.statusText.rejected',
  expired: 'kyc.statusText.expired',
} as const satisfies Record<KycCheck['status'], string>;

/** The investor's identity check: the answers, the two documents, and where the review stands. */
function IdentityPage() {
  const { data: check } = useKyc();
  if (!check) return <Skeleton className="h-96" />;
  return <IdentityCheck check={check} />;
}

function IdentityCheck({ check }: { check: KycCheck }) {
  const { t, i18n } = useTranslation('subscriptions');
  const save = useSaveKycAnswers({ failure: { fallback: t('kyc.saveFailed') } });
  const upload = useUploadKycDocument({ failure: { fallback: t('kyc.uploadFailed') } });
  const [answers, setAnswers] = useState<Answers>(() => fromCheck(check));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.language),
    );
  }, [i18n.language]);

  const set = <K extends keyof Answers>(k: K, v: Answers[K]) => setAnswers((a) => ({ ...a, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    try {
      await save.mutateAsync({
        dateOfBirth: answers.dateOfBirth,
        taxResidence: answers.taxResidence,
        politicallyExposed: answers.politicallyExposed === 'yes',
        sourceOfFunds: answers.sourceOfFunds,
      });
      toast({ title: t('kyc.saved') });
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(err, t('kyc.saveFailed')));
    }
  }

  async function onFile(kind: KycDocumentKind, file: File | undefined) {
    if (!file) return;
    setFailure(null);
    try {
      await upload.mutateAsync({ kind, file });
      toast({ title: t('kyc.uploaded') });
    } catch (err) {
      setFailure(messageOf(err, t('kyc.uploadFailed')));
    }
  }

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('kyc.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('kyc.description')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-3">
            {t('kyc.statusTitle')} <KycStatusBadge status={check.status} />
          </CardTitle>
          <CardDescription>{t(STATUS_TEXT[check.status])}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          {check.status === 'rejected' && check.rejectionReason && (
            <p role="alert" className="font-medium text-destructive">
              {t('kyc.rejectionReason', { reason: check.rejectionReason })}
            </p>
          )}
          {check.expiresAt && (
            <p>
              {t(check.status === 'expired' ? 'kyc.expiredOn' : 'kyc.validUntil', {
                date: formatDate(check.expiresAt, 'long'),
              })}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('kyc.answersTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
            <FormError message={failure} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('kyc.dateOfBirth')} error={errors.dateOfBirth}>
                <Input
                  type="date"
                  value={answers.dateOfBirth}
                  onChange={(e) => set('dateOfBirth', e.target.value)}
                />
              </Field>
              <Field label={t('kyc.taxResidence')} error={errors.taxResidence}>
                <NativeSelect
                  value={answers.taxResidence}
                  onChange={(e) => set('taxResidence', e.target.value)}
                >
                  <option value="">{t('kyc.chooseCountry')}</option>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field
              label={t('kyc.politicallyExposed')}
              hint={t('kyc.politicallyExposedHint')}
              error={errors.politicallyExposed}
            >
              <NativeSelect
                value={answers.politicallyExposed}
                onChange={(e) => set('politicallyExposed', e.target.value as Answers['politicallyExposed'])}
              >
                <option value="">{t('kyc.choose')}</option>
                <option value="no">{t('kyc.no')}</option>
                <option value="yes">{t('kyc.yes')}</option>
              </NativeSelect>
            </Field>
            <Field
              label={t('kyc.sourceOfFunds')}
              hint={t('kyc.sourceOfFundsHint')}
              error={errors.sourceOfFunds}
            >
              <Textarea
                rows={3}
                maxLength={500}
                value={answers.sourceOfFunds}
                onChange={(e) => set('sourceOfFunds', e.target.value)}
              />
            </Field>
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('kyc.saving') : t('kyc.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('kyc.documentsTitle')}</CardTitle>
          <CardDescription>{t('kyc.documentsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {KYC_DOCUMENT_KINDS.map((kind) => {
            const doc = check.documents.find((d) => d.kind === kind);
            return (
              <div key={kind} className="grid content-start gap-2">
                <Field label={t(DOCUMENT_LABEL[kind])}>
                  <Input
                    type="file"
                    accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                    disabled={upload.isPending}
                    onChange={(e) => {
                      void onFile(kind, e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </Field>
                {doc ? (
                  <p className="text-sm">
                    <button
                      type="button"
                      className="underline underline-offset-2"
                      onClick={() => void downloadKycDocument(doc)}
                    >
                      {doc.fileName}
                    </button>{' '}
                    <span className="text-muted-foreground">
                      {t('kyc.uploadedOn', { date: formatDate(doc.uploadedAt) })}
                    </span>
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('kyc.noDocument')}</p>
                )}
              </div>
            );
          })}
        </CardContent>
      </Card>
    </div>
  );
}

export { IdentityPage as Component };
