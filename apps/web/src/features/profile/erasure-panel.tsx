import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserX } from 'lucide-react';
import { erasureRequestInput, type ErasureRequestInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/input';
import { formatDate } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useErasureRequest, useRequestErasure, useWithdrawErasure } from '@/queries/privacy';

/** The confirmation: what erasure removes, what is kept and for how long, and an optional reason. */
function RequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const failure = t('erasure.requestFailed');
  const request = useRequestErasure({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('erasure.dialogTitle')}
      description={t('erasure.dialogDescription')}
      defaultValues={{ reason: '' }}
      schema={erasureRequestInput}
      toBody={(f: { reason: string }): ErasureRequestInput => (f.reason.trim() ? { reason: f.reason } : {})}
      onSubmit={async (body) => {
        await request.mutateAsync(body);
        toast({ title: t('erasure.requested') });
      }}
      failure={failure}
      submitLabel={t('erasure.confirm')}
      pendingLabel={t('erasure.requesting')}
      destructive
    >
      {(f) => (
        <div className="grid gap-3">
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            <li>{t('erasure.removes')}</li>
            <li>{t('erasure.keeps')}</li>
            <li>{t('erasure.signOut')}</li>
            <li>{t('erasure.decision')}</li>
          </ul>
          <Field label={t('erasure.reason')} hint={t('erasure.reasonHint')} error={f.error('reason')}>
            <Textarea rows={3} maxLength={1000} {...f.register('reason')} />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

/**
 * Erasure (GDPR article 17): ask for the account to be erased, see the request while an admin decides,
 * withdraw it, or read why it was refused and ask again. On `/your-data`.
 */
export function ErasurePanel() {
  const { t } = useTranslation(['profile', 'common']);
  const idBase = useId();
  const current = useErasureRequest();
  const withdraw = useWithdrawErasure({ failure: t('erasure.withdrawFailed') });
  const [open, setOpen] = useState(false);
  const request = current.data;

  return (
    <section className="grid gap-3" aria-labelledby={`${idBase}-title`}>
      <h2 id={`${idBase}-title`} className="flex items-center gap-2 font-semibold">
        <UserX className="size-4" aria-hidden="true" /> {t('erasure.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('erasure.intro')}</p>
      <p className="text-sm">
        <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('erasure.privacyLink')}
        </Link>
      </p>
      {current.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {messageOf(current.error, t('erasure.loadFailed'))}
        </p>
      ) : current.data === undefined ? (
        <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
      ) : request?.status === 'pending' ? (
        <div className="grid gap-2 rounded-lg border p-3">
          <p role="status" className="text-sm font-medium">
            {t('erasure.pending', { date: formatDate(request.createdAt) })}
          </p>
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, { onSuccess: () => toast({ title: t('erasure.withdrawn') }) })
              }
            >
              {t('erasure.withdraw')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          {request?.status === 'refused' && (
            <div className="grid gap-1 rounded-lg border p-3 text-sm">
              <p className="font-medium">
                {t('erasure.refused', { date: formatDate(request.decidedAt ?? request.createdAt) })}
              </p>
              <p>{t('erasure.refusedReason', { reason: request.refusalReason ?? '' })}</p>
            </div>
          )}
          <div>
            <Button variant="destructive" onClick={() => setOpen(true)}>
              {request?.status === 'refused' ? t('erasure.askAgain') : t('erasure.ask')}
            </Button>
          </div>
        </div>
      )}
      <RequestDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
