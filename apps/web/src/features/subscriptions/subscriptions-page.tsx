import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  canCancelSubscription,
  subscriptionInput,
  type Offering,
  type Subscription,
} from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadDataRoomDocument, useDataRoom, useOpenOfferings } from '@/queries/offerings';
import { CALL_WORDS, NEXT_WORDS, STATUS_WORDS, STEP_WORDS } from './words';
import { useCancelSubscription, useMySubscriptions, useSubscribe } from '@/queries/subscriptions';

/** The amount as typed: a euro number ("25000", "25 000,50"). */
const amountOf = (typed: string) => Number(typed.replace(/\s/g, '').replace(',', '.'));

/** "Subscribe": an amount within the offering's bounds. */
function SubscribeDialog({ offering, onClose }: { offering: Offering; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const failure = t('subscriptions.subscribeFailed');
  const subscribe = useSubscribe({ failure });
  return (
    <FormDialog<{ amount: string }, { amount: number }>
      open
      onClose={onClose}
      title={t('offerings.subscribeTitle', { project: offering.projectName })}
      description={t('offerings.bounds', {
        min: formatMoney(offering.minimum),
        max: formatMoney(offering.maximum),
      })}
      defaultValues={{ amount: '' }}
      schema={subscriptionInput}
      toBody={(f) => ({ amount: amountOf(f.amount) })}
      onSubmit={async (body) => {
        await subscribe.mutateAsync({ offeringId: offering._id, amount: body.amount });
        toast({ title: t('subscriptions.subscribed') });
      }}
      failure={failure}
      submitLabel={t('offerings.subscribe')}
    >
      {(f) => (
        <Field label={t('offerings.amount')} error={f.error('amount')}>
          <Input inputMode="decimal" {...f.register('amount')} />
        </Field>
      )}
    </FormDialog>
  );
}

/** An open offering's data room: its documents to download. */
function DataRoom({ offeringId }: { offeringId: string }) {
  const { t } = useTranslation('subscriptions');
  const { data } = useDataRoom(offeringId);
  if (!data?.length) return null;
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{t('offerings.dataRoom')}</p>
      <ul className="grid gap-1">
        {data.map((d) => (
          <li key={d._id}>
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => void downloadDataRoomDocument(offeringId, d)}
            >
              {d.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OfferingCard({ offering, subscribed }: { offering: Offering; subscribed: boolean }) {
  const { t } = useTranslation('subscriptions');
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{offering.projectName}</CardTitle>
        <CardDescription>
          {t('offerings.bounds', { min: formatMoney(offering.minimum), max: formatMoney(offering.maximum) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          {t('offerings.progress', {
            subscribed: formatMoney(offering.subscribed),
            target: formatMoney(offering.target),
          })}
        </p>
        <p>{t('offerings.closesOn', { date: formatDate(offering.closesOn) })}</p>
        {offering.nightsPer10000 > 0 && (
          <p>
            {t('offerings.nightsRule', {
              count: offering.nightsPer10000,
              months: offering.allowanceMonths,
            })}
          </p>
        )}
        <DataRoom offeringId={offering._id} />
        {!subscribed && (
          <div>
            <Button onClick={() => setOpen(true)}>{t('offerings.subscribe')}</Button>
          </div>
        )}
        {open && <SubscribeDialog offering={offering} onClose={() => setOpen(false)} />}
      </CardContent>
    </Card>
  );
}

/** What the investor does next, as a link to the page that does it. */
function NextStep({ s }: { s: Subscription }) {
  const { t } = useTranslation('subscriptions');
  if (s.status === 'awaiting_identity')
    return (
      <Button asChild>
        <Link to="/identity">{t('subscriptions.next.identity')}</Link>
      </Button>
    );
  if (s.status === 'ready_to_sign')
    return (
      <Button asChild>
        <Link to={`/subscriptions/${s._id}/sign`}>{t('subscriptions.next.sign')}</Link>
      </Button>
    );
  return <p className="text-sm text-muted-foreground">{t(NEXT_WORDS[s.status])}</p>;
}

function SubscriptionCard({ s }: { s: Subscription }) {
  const { t } = useTranslation('subscriptions');
  const cancel = useCancelSubscription({ failure: t('subscriptions.cancelFailed') });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3">
          {t('subscriptions.cardTitle', { project: s.projectName, amount: formatMoney(s.amount) })}
          <Badge variant="secondary">{t(STATUS_WORDS[s.status])}</Badge>
        </CardTitle>
        {s.rejectionReason && (
          <CardDescription>{t('subscriptions.rejected', { reason: s.rejectionReason })}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <ol className="grid gap-1" aria-label={t('subscriptions.stepsLabel')}>
          {s.steps.map((step) => (
            <li key={step.step} className={step.done ? '' : 'text-muted-foreground'}>
              {step.done ? '✓ ' : '○ '}
              {t(STEP_WORDS[step.step])}
              {step.at && ` · ${formatDate(step.at)}`}
            </li>
          ))}
        </ol>
        <NextStep s={s} />
        {s.calls.length > 0 && (
          <Table aria-label={t('subscriptions.callsLabel')}>
            <THead>
              <Tr>
                <Th>{t('subscriptions.dueOn')}</Th>
                <Th>{t('subscriptions.reference')}</Th>
                <Th className="text-right">{t('subscriptions.amount')}</Th>
                <Th className="text-right">{t('subscriptions.paid')}</Th>
                <Th>{t('subscriptions.callStatus')}</Th>
              </Tr>
            </THead>
            <TBody>
              {s.calls.map((c) => (
                <Tr key={c._id}>
                  <Td>{formatDate(c.dueOn)}</Td>
                  <Td className="font-mono text-xs">{c.reference}</Td>
                  <Td className="text-right tabular">{formatMoney(c.amount)}</Td>
                  <Td className="text-right tabular">{formatMoney(c.paid)}</Td>
                  <Td>{t(CALL_WORDS[c.status])}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        {s.document && (
          <p className="break-all text-xs text-muted-foreground">
            {t('subscriptions.signedDocument', { sha256: s.document.sha256 })}
          </p>
        )}
        {canCancelSubscription(s.status) && (
          <div>
            <Button
              variant="outline"
              disabled={cancel.isPending}
              onClick={() =>
                void cancel
                  .mutateAsync(s._id)
                  .then(() => toast({ title: t('subscriptions.cancelled') }))
                  .catch(() => undefined)
              }
            >
              {t('subscriptions.cancel')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** "My subscriptions": the open offerings to subscribe to, and each subscription's steps and calls. */
function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const offerings = useOpenOfferings();
  const mine = useMySubscriptions();
  const openIds = new Set((mine.data ?? []).filter((s) => s.status !== 'cancelled').map((s) => s.offeringId));
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('subscriptions.title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('subscriptions.description')}</p>
      </div>
      <section className="grid gap-4" aria-labelledby="open-offerings">
        <h2 id="open-offerings" className="text-lg font-semibold">
          {t('offerings.openTitle')}
        </h2>
        {offerings.isLoading ? (
          <Skeleton className="h-32" />
        ) : !offerings.data?.length ? (
          <p className="text-sm text-muted-foreground">{t('offerings.none')}</p>
        ) : (
          offerings.data.map((o) => <OfferingCard key={o._id} offering={o} subscribed={openIds.has(o._id)} />)
        )}
      </section>
      <section className="grid gap-4" aria-labelledby="my-subscriptions">
        <h2 id="my-subscriptions" className="text-lg font-semibold">
          {t('subscriptions.mineTitle')}
        </h2>
        {mine.isLoading ? (
          <Skeleton className="h-32" />
        ) : !mine.data?.length ? (
          <p className="text-sm text-muted-foreground">{t('subscriptions.none')}</p>
        ) : (
          mine.data.map((s) => <SubscriptionCard key={s._id} s={s} />)
        )}
      </section>
    </div>
  );
}

export { SubscriptionsPage as Component };
