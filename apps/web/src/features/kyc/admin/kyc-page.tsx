import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { KYC_STATUSES, kycRejectInput, type AdminKycCheck, type KycStatus } from '@portal/contracts';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { downloadKycDocument, useKycQueue, useRejectKyc, useVerifyKyc } from '@/queries/kyc';
import { KYC_STATUS_LABEL, KycStatusBadge } from '../components/kyc-status';

/** Rejects a check after the admin says why (the investor sees the reason). */
function RejectDialog({ check, onClose }: { check: AdminKycCheck | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const failure = t('kyc.admin.rejectFailed');
  const reject = useRejectKyc({ failure });
  return (
    <FormDialog
      open={!!check}
      onClose={onClose}
      formKey={check?.userId}
      title={t('kyc.admin.rejectTitle', { name: check?.name ?? '' })}
      description={t('kyc.admin.rejectDescription')}
      defaultValues={{ reason: '' }}
      schema={kycRejectInput}
      toBody={(f: { reason: string }) => ({ reason: f.reason })}
      onSubmit={async (body) => {
        await reject.mutateAsync({ userId: check!.userId, reason: body.reason });
        toastDone(t('kyc.admin.rejected'), check!.name);
      }}
      failure={failure}
      submitLabel={t('kyc.admin.reject')}
      destructive
    >
      {(f) => (
        <Field label={t('kyc.admin.reason')} hint={t('kyc.admin.reasonHint')} error={f.error('reason')}>
          <Textarea rows={3} maxLength={1000} {...f.register('reason')} />
        </Field>
      )}
    </FormDialog>
  );
}

/** The identity checks: the queue of submitted ones first, each with its answers and documents. */
function KycPage() {
  const { t } = useTranslation('subscriptions');
  const [status, setStatus] = useState<KycStatus | ''>('submitted');
  const { data, isLoading, isError, error } = useKycQueue(status || undefined);
  useFailedToast(t('kyc.admin.loadFailed'), isError, error);
  const verify = useVerifyKyc({ failure: t('kyc.admin.verifyFailed') });
  const [rejecting, setRejecting] = useState<AdminKycCheck | null>(null);
  const items = data ?? [];
  return (
    <>
      <PageHeader title={t('kyc.admin.title')} description={t('kyc.admin.description')} />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <NativeSelect
            aria-label={t('kyc.admin.status')}
            className="sm:w-52"
            value={status}
            onChange={(e) => setStatus(e.target.value as KycStatus | '')}
          >
            <option value="">{t('kyc.admin.allStatuses')}</option>
            {KYC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(KYC_STATUS_LABEL[s])}
              </option>
            ))}
          </NativeSelect>
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : items.length === 0 ? (
            <EmptyState icon={ShieldCheck} title={t('kyc.admin.empty')} />
          ) : (
            <Table aria-label={t('kyc.admin.title')}>
              <THead>
                <Tr>
                  <Th>{t('kyc.admin.investor')}</Th>
                  <Th>{t('kyc.admin.answers')}</Th>
                  <Th>{t('kyc.admin.documents')}</Th>
                  <Th>{t('kyc.admin.status')}</Th>
                  <Th>{t('kyc.admin.actions')}</Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((c) => (
                  <Tr key={c.userId}>
                    <Td className="max-w-56">
                      <p className="truncate font-medium">{c.name}</p>
                      <p className="truncate text-xs text-muted-foreground">{c.email}</p>
                    </Td>
                    <Td className="text-sm">
                      <p>{t('kyc.admin.born', { date: c.dateOfBirth ? formatDate(c.dateOfBirth) : '—' })}</p>
                      <p>{t('kyc.admin.residence', { country: c.taxResidence ?? '—' })}</p>
                      <p>
                        {t('kyc.admin.pep', {
                          answer:
                            c.politicallyExposed == null
                              ? '—'
                              : c.politicallyExposed
                                ? t('kyc.yes')
                                : t('kyc.no'),
                        })}
                      </p>
                      <p className="line-clamp-2 text-muted-foreground">{c.sourceOfFunds ?? '—'}</p>
                    </Td>
                    <Td className="text-sm">
                      {c.documents.map((d) => (
                        <p key={d._id}>
                          <button
                            type="button"
                            className="underline underline-offset-2"
                            onClick={() => void downloadKycDocument(d)}
                          >
                            {d.kind === 'identity' ? t('kyc.identityDocument') : t('kyc.addressDocument')}
                          </button>
                        </p>
                      ))}
                    </Td>
                    <Td>
                      <KycStatusBadge status={c.status} />
                      {c.submittedAt && (
                        <p className="mt-1 text-xs text-muted-foreground">
                          {t('kyc.admin.submittedOn', { date: formatDate(c.submittedAt) })}
                        </p>
                      )}
                    </Td>
                    <Td>
                      {c.status === 'submitted' && (
                        <div className="flex flex-wrap gap-2">
                          <Button
                            size="sm"
                            disabled={verify.isPending}
                            onClick={() =>
                              verify.mutate(c.userId, {
                                onSuccess: () => toastDone(t('kyc.admin.verified'), c.name),
                              })
                            }
                          >
                            {t('kyc.admin.verify')}
                          </Button>
                          <Button size="sm" variant="outline" onClick={() => setRejecting(c)}>
                            {t('kyc.admin.reject')}
                          </Button>
                        </div>
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <RejectDialog check={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

export { KycPage as Component };
