import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserX } from 'lucide-react';
import {
  erasureRefuseInput,
  erasureSettings,
  type AdminErasureRequest,
  type ErasureSettings,
} from '@portal/contracts';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { confirmAction } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import {
  useCarryOutErasure,
  useErasureRequests,
  useErasureSettings,
  useRefuseErasure,
  useSaveErasureSettings,
} from '@/queries/privacy';

type Status = AdminErasureRequest['status'];
const STATUS_TEXT = {
  pending: 'erasure.status.pending',
  withdrawn: 'erasure.status.withdrawn',
  refused: 'erasure.status.refused',
  carried_out: 'erasure.status.carriedOut',
} as const satisfies Record<Status, string>;
const STATUS_VARIANT: Record<Status, BadgeProps['variant']> = {
  pending: 'warning',
  withdrawn: 'outline',
  refused: 'destructive',
  carried_out: 'success',
};

/** Refuses a request after the admin gives the legal reason (the investor is told it). */
function RefuseDialog({ item, onClose }: { item: AdminErasureRequest | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const failure = t('erasure.refuseFailed');
  const refuse = useRefuseErasure({ failure });
  return (
    <FormDialog
      open={!!item}
      onClose={onClose}
      formKey={item?._id}
      title={t('erasure.refuseTitle', { name: item?.user.name ?? '' })}
      description={t('erasure.refuseDescription')}
      defaultValues={{ reason: '' }}
      schema={erasureRefuseInput}
      toBody={(f: { reason: string }) => ({ reason: f.reason })}
      onSubmit={async (body) => {
        await refuse.mutateAsync({ id: item!._id, reason: body.reason });
        toastDone(t('erasure.refusedDone'), item!.user.name);
      }}
      failure={failure}
      submitLabel={t('erasure.refuse')}
    >
      {(f) => (
        <Field label={t('erasure.reason')} hint={t('erasure.reasonHint')} error={f.error('reason')}>
          <Textarea rows={3} maxLength={1000} {...f.register('reason')} />
        </Field>
      )}
    </FormDialog>
  );
}

/** The retention setting: how many years an erased account's financial records are kept. */
function RetentionDialog({
  open,
  value,
  onClose,
}: {
  open: boolean;
  value: ErasureSettings | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const failure = t('erasure.retentionFailed');
  const save = useSaveErasureSettings({ failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('erasure.retentionTitle')}
      description={t('erasure.retentionDescription')}
      defaultValues={{ retentionYears: String(value?.retentionYears ?? 10) }}
      schema={erasureSettings}
      toBody={(f: { retentionYears: string }) => ({ retentionYears: Number(f.retentionYears) })}
      onSubmit={async (body) => {
        await save.mutateAsync(body);
        toastDone(t('erasure.retentionSaved'));
      }}
      failure={failure}
      submitLabel={t('erasure.save')}
    >
      {(f) => (
        <Field label={t('erasure.retentionYears')} error={f.error('retentionYears')}>
          <Input type="number" min={1} max={30} inputMode="numeric" {...f.register('retentionYears')} />
        </Field>
      )}
    </FormDialog>
  );
}

function RequestItem({ item, onRefuse }: { item: AdminErasureRequest; onRefuse: () => void }) {
  const { t } = useTranslation('admin');
  const carryOut = useCarryOutErasure({ failure: t('erasure.carryOutFailed') });
  const { holds } = item;
  const hints = [
    holds.investments && t('erasure.holdsInvestments', { count: holds.investments }),
    holds.openPayouts && t('erasure.holdsPayouts', { count: holds.openPayouts }),
    holds.bookings && t('erasure.holdsBookings', { count: holds.bookings }),
  ].filter(Boolean) as string[];
  async function confirmCarryOut() {
    const ok = await confirmAction({
      title: t('erasure.carryOutTitle', { name: item.user.name }),
      description: t('erasure.carryOutDescription'),
      confirmLabel: t('erasure.carryOut'),
      destructive: true,
    });
    if (ok)
      carryOut.mutate(item._id, { onSuccess: () => toastDone(t('erasure.carriedOutDone'), item.user.name) });
  }
  return (
    <li className="grid gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{item.user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{item.user.email}</p>
        </div>
        <Badge variant={STATUS_VARIANT[item.status]}>{t(STATUS_TEXT[item.status])}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('erasure.askedOn', { date: formatDate(item.createdAt) })}
        {item.decidedAt &&
          ` · ${t('erasure.decidedOn', { date: formatDate(item.decidedAt), name: item.decidedBy?.name ?? '—' })}`}
      </p>
      {item.reason && <p className="text-sm">{t('erasure.theirReason', { reason: item.reason })}</p>}
      {item.refusalReason && (
        <p className="text-sm">{t('erasure.refusalReason', { reason: item.refusalReason })}</p>
      )}
      {item.keepUntil && (
        <p className="text-sm">{t('erasure.keptUntil', { date: formatDate(item.keepUntil) })}</p>
      )}
      {item.status === 'pending' && (
        <>
          <p className={hints.length ? 'text-sm font-medium text-warning' : 'text-sm'}>
            {hints.length ? t('erasure.legalHint', { holds: hints.join(', ') }) : t('erasure.noLegalHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={carryOut.isPending || item.user.isAdmin}
              onClick={() => void confirmCarryOut()}
            >
              {t('erasure.carryOut')}
            </Button>
            <Button size="sm" variant="outline" onClick={onRefuse}>
              {t('erasure.refuse')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** `/admin/erasure-requests`: the investors' requests to erase their accounts, pending first (ADR 031). */
function ErasureRequestsPage() {
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, error } = useErasureRequests();
  useFailedToast(t('erasure.loadFailed'), isError, error);
  const settings = useErasureSettings();
  const [refusing, setRefusing] = useState<AdminErasureRequest | null>(null);
  const [editing, setEditing] = useState(false);
  const items = data ?? [];
  return (
    <>
      <PageHeader
        title={t('erasure.title')}
        description={t('erasure.description')}
        actions={
          <Button variant="outline" onClick={() => setEditing(true)} disabled={!settings.data}>
            {t('erasure.retentionButton', { count: settings.data?.retentionYears ?? 10 })}
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {isLoading ? (
            <Skeleton className="h-40" />
          ) : items.length === 0 ? (
            <EmptyState icon={UserX} title={t('erasure.empty')} />
          ) : (
            <ul className="grid divide-y rounded-lg border" aria-label={t('erasure.title')}>
              {items.map((item) => (
                <RequestItem key={item._id} item={item} onRefuse={() => setRefusing(item)} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />
      <RetentionDialog open={editing} value={settings.data} onClose={() => setEditing(false)} />
    </>
  );
}

export { ErasureRequestsPage as Component };
