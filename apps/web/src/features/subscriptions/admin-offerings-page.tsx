import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Landmark } from 'lucide-react';
import {
  FUNNEL_STAGES,
  offeringInput,
  subscriptionRejectInput,
  type AdminOffering,
  type OfferingInput,
} from '@portal/contracts';
import { EmptyState } from '@/components/admin/empty-state';
import { toastDone, useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import {
  useAdminOfferings,
  useCloseOffering,
  useCreateOffering,
  useUpdateOffering,
} from '@/queries/offerings';
import { useProjects } from '@/queries/projects';
import {
  downloadSubscriptionsCsv,
  useAcceptSubscription,
  useOfferingSubscriptions,
  useRejectSubscription,
} from '@/queries/subscriptions';
import { FUNNEL_WORDS, OFFERING_STATUS, STATUS_WORDS } from './words';

interface OfferingForm {
  projectId: string;
  minimum: string;
  maximum: string;
  target: string;
  closesOn: string;
  nightsPer10000: string;
  allowanceMonths: string;
}
const num = (typed: string) => Number(typed.replace(/\s/g, '').replace(',', '.'));

/** Open (no offering given) or change an offering. */
function OfferingDialog({ offering, onClose }: { offering: AdminOffering | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const failure = t('offerings.saveFailed');
  const create = useCreateOffering({ failure });
  const update = useUpdateOffering({ failure });
  const projects = useProjects();
  return (
    <FormDialog<OfferingForm, OfferingInput>
      open
      onClose={onClose}
      title={
        offering ? t('offerings.editTitle', { project: offering.projectName }) : t('offerings.createTitle')
      }
      description={t('offerings.dialogDescription')}
      defaultValues={{
        projectId: offering?.projectId ?? '',
        minimum: offering ? String(offering.minimum) : '',
        maximum: offering ? String(offering.maximum) : '',
        target: offering ? String(offering.target) : '',
        closesOn: offering?.closesOn ?? '',
        nightsPer10000: String(offering?.nightsPer10000 ?? 0),
        allowanceMonths: String(offering?.allowanceMonths ?? 12),
      }}
      schema={offeringInput}
      toBody={(f) => ({
        projectId: f.projectId,
        minimum: num(f.minimum),
        maximum: num(f.maximum),
        target: num(f.target),
        closesOn: f.closesOn,
        nightsPer10000: num(f.nightsPer10000),
        allowanceMonths: num(f.allowanceMonths),
      })}
      onSubmit={async ({ projectId, ...rest }) => {
        if (offering) await update.mutateAsync({ id: offering._id, body: rest });
        else await create.mutateAsync({ projectId, ...rest });
        toastDone(t('offerings.saved'));
      }}
      failure={failure}
      submitLabel={offering ? t('offerings.save') : t('offerings.create')}
    >
      {(f) => (
        <div className="grid gap-4 sm:grid-cols-2">
          {!offering && (
            <Field label={t('offerings.project')} error={f.error('projectId')} className="sm:col-span-2">
              <NativeSelect {...f.register('projectId')}>
                <option value="">{t('offerings.chooseProject')}</option>
                {(projects.data ?? []).map((p) => (
                  <option key={p._id} value={p._id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
          <Field label={t('offerings.minimum')} error={f.error('minimum')}>
            <Input inputMode="decimal" {...f.register('minimum')} />
          </Field>
          <Field label={t('offerings.maximum')} error={f.error('maximum')}>
            <Input inputMode="decimal" {...f.register('maximum')} />
          </Field>
          <Field label={t('offerings.target')} error={f.error('target')}>
            <Input inputMode="decimal" {...f.register('target')} />
          </Field>
          <Field label={t('offerings.closesOnLabel')} error={f.error('closesOn')}>
            <Input type="date" {...f.register('closesOn')} />
          </Field>
          <Field
            label={t('offerings.nightsPer10000')}
            hint={t('offerings.nightsHint')}
            error={f.error('nightsPer10000')}
          >
            <Input inputMode="numeric" {...f.register('nightsPer10000')} />
          </Field>
          <Field label={t('offerings.allowanceMonths')} error={f.error('allowanceMonths')}>
            <Input inputMode="numeric" {...f.register('allowanceMonths')} />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

/** Reject a signed subscription, with the reason the investor sees. */
function RejectDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const failure = t('subscriptions.decideFailed');
  const reject = useRejectSubscription({ failure });
  return (
    <FormDialog<{ reason: string }, { reason: string }>
      open
      onClose={onClose}
      title={t('subscriptions.rejectTitle')}
      description={t('subscriptions.rejectDescription')}
      defaultValues={{ reason: '' }}
      schema={subscriptionRejectInput}
      toBody={(f) => ({ reason: f.reason.trim() })}
      onSubmit={async (body) => {
        await reject.mutateAsync({ id, reason: body.reason });
        toastDone(t('subscriptions.rejectedDone'));
      }}
      failure={failure}
      submitLabel={t('subscriptions.reject')}
      destructive
    >
      {(f) => (
        <Field label={t('subscriptions.reason')} error={f.error('reason')}>
          <Input {...f.register('reason')} />
        </Field>
      )}
    </FormDialog>
  );
}

/** An offering's subscriptions, with Accept and Reject for the signed ones. */
function SubscriptionsOf({ offering }: { offering: AdminOffering }) {
  const { t } = useTranslation('subscriptions');
  const { data, isLoading } = useOfferingSubscriptions(offering._id);
  const accept = useAcceptSubscription({ failure: t('subscriptions.decideFailed') });
  const [rejecting, setRejecting] = useState<string | null>(null);
  if (isLoading) return <Skeleton className="h-20" />;
  if (!data?.length) return <p className="text-sm text-muted-foreground">{t('subscriptions.noneYet')}</p>;
  return (
    <>
      <Table aria-label={t('subscriptions.adminLabel', { project: offering.projectName })}>
        <THead>
          <Tr>
            <Th>{t('subscriptions.investor')}</Th>
            <Th>{t('subscriptions.investorId')}</Th>
            <Th className="text-right">{t('subscriptions.amount')}</Th>
            <Th>{t('subscriptions.statusLabel')}</Th>
            <Th />
          </Tr>
        </THead>
        <TBody>
          {data.map((s) => (
            <Tr key={s._id}>
              <Td>{s.investorName}</Td>
              <Td>{s.investorId ?? '–'}</Td>
              <Td className="text-right tabular">{formatMoney(s.amount)}</Td>
              <Td>{t(STATUS_WORDS[s.status])}</Td>
              <Td className="text-right">
                {s.status === 'signed' && (
                  <span className="inline-flex gap-2">
                    <Button
                      size="sm"
                      disabled={accept.isPending}
                      onClick={() =>
                        void accept
                          .mutateAsync(s._id)
                          .then(() => toastDone(t('subscriptions.acceptedDone')))
                          .catch(() => undefined)
                      }
                    >
                      {t('subscriptions.accept')}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setRejecting(s._id)}>
                      {t('subscriptions.reject')}
                    </Button>
                  </span>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {rejecting && <RejectDialog id={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function OfferingCard({ offering, onEdit }: { offering: AdminOffering; onEdit: () => void }) {
  const { t } = useTranslation('subscriptions');
  const close = useCloseOffering({ failure: t('offerings.closeFailed') });
  const [showSubs, setShowSubs] = useState(false);
  const isOpen = offering.status === 'open';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3">
          {offering.projectName}
          <Badge variant={isOpen ? 'success' : 'secondary'}>{t(OFFERING_STATUS[offering.status])}</Badge>
        </CardTitle>
        <CardDescription>
          {t('offerings.summary', {
            min: formatMoney(offering.minimum),
            max: formatMoney(offering.maximum),
            target: formatMoney(offering.target),
            date: formatDate(offering.closesOn),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table aria-label={t('offerings.funnelLabel', { project: offering.projectName })}>
          <THead>
            <Tr>
              <Th>{t('offerings.stage')}</Th>
              <Th className="text-right">{t('offerings.count')}</Th>
              <Th className="text-right">{t('offerings.euros')}</Th>
            </Tr>
          </THead>
          <TBody>
            {FUNNEL_STAGES.map((s) => (
              <Tr key={s}>
                <Td>{t(FUNNEL_WORDS[s])}</Td>
                <Td className="text-right tabular">{offering.funnel[s].count}</Td>
                <Td className="text-right tabular">{formatMoney(offering.funnel[s].amount)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {offering.documents.length > 0 && (
          <ul className="text-sm">
            {offering.documents.map((d) => (
              <li key={d._id}>{t('offerings.downloads', { name: d.name, count: d.downloads })}</li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          {isOpen && (
            <>
              <Button variant="outline" onClick={onEdit}>
                {t('offerings.edit')}
              </Button>
              <Button
                variant="outline"
                disabled={close.isPending}
                onClick={() =>
                  void close
                    .mutateAsync(offering._id)
                    .then(() => toastDone(t('offerings.closed')))
                    .catch(() => undefined)
                }
              >
                {t('offerings.close')}
              </Button>
            </>
          )}
          <Button variant="outline" onClick={() => setShowSubs((v) => !v)}>
            {t('offerings.showSubscriptions')}
          </Button>
          <Button variant="outline" onClick={() => void downloadSubscriptionsCsv(offering._id)}>
            {t('offerings.export')}
          </Button>
          <Button variant="link" asChild>
            <Link to={`/admin/offerings/${offering._id}/calls`}>{t('offerings.calls')}</Link>
          </Button>
        </div>
        {showSubs && <SubscriptionsOf offering={offering} />}
      </CardContent>
    </Card>
  );
}

/** Offerings (admin): each with its funnel, its subscriptions to accept or reject, and open/change/close. */
function AdminOfferingsPage() {
  const { t } = useTranslation('subscriptions');
  const { data, isLoading, isError, error } = useAdminOfferings();
  useFailedToast(t('offerings.loadFailed'), isError, error);
  const [editing, setEditing] = useState<AdminOffering | null | undefined>(undefined);
  return (
    <>
      <PageHeader
        title={t('offerings.adminTitle')}
        description={t('offerings.adminDescription')}
        actions={<Button onClick={() => setEditing(null)}>{t('offerings.create')}</Button>}
      />
      {isLoading ? (
        <Skeleton className="h-40" />
      ) : !data?.length ? (
        <EmptyState icon={Landmark} title={t('offerings.noneAdmin')} />
      ) : (
        <div className="grid gap-6">
          {data.map((o) => (
            <OfferingCard key={o._id} offering={o} onEdit={() => setEditing(o)} />
          ))}
        </div>
      )}
      {editing !== undefined && <OfferingDialog offering={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

export { AdminOfferingsPage as Component };
