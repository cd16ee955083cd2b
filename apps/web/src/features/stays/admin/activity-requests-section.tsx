import { useState } from 'react';
import { Compass } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityRequestStatus, AdminActivityRequest } from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatNumber } from '@/lib/format';
import { useDecideActivityRequest, useProjectActivityRequests } from '@/queries/activities';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';
import {
  DecisionDialog,
  RequestCard,
  VIEWS,
  type DecisionWords,
  type PendingDecision,
  type View,
} from './request-decision';

const party = (t: TFunction<'stays'>, n: number) => t('activities.party', { count: n, n: formatNumber(n) });

const words = (t: TFunction<'stays'>): DecisionWords => ({
  title: { approve: t('admin.activities.approveTitle'), decline: t('admin.activities.declineTitle') },
  done: { approve: t('admin.activities.approved'), decline: t('admin.activities.declined') },
  failed: t('admin.activities.failed'),
});

const summary = (t: TFunction<'stays'>, r: AdminActivityRequest) =>
  t('admin.activities.summary', { name: r.perkName, date: formatDate(r.date), party: party(t, r.partySize) });

/**
 * Partner-activity requests of a project (they use no cabin nights), next to the stay requests: approve
 * or decline, the investor is notified.
 */
export function ActivityRequestsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const [view, setView] = useState<View>('pending');
  const { data, isLoading, isError, error } = useProjectActivityRequests(
    projectId,
    view === 'all' ? undefined : (view as ActivityRequestStatus),
  );
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const decide = useDecideActivityRequest({ failure: words(t).failed });
  useFailedToast(t('admin.activities.loadFailed'), isError, error);

  return (
    <section aria-labelledby="activity-requests-heading" className="mt-8 grid gap-4">
      <div>
        <h2 id="activity-requests-heading" className="text-xl font-semibold tracking-tight">
          {t('admin.activities.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.activities.description')}</p>
      </div>
      <Field label={t('admin.status')} className="max-w-48">
        <NativeSelect value={view} onChange={(e) => setView(e.target.value as View)}>
          {Object.entries(VIEWS).map(([v, label]) => (
            <option key={v} value={v}>
              {t(label)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div>
        {isLoading ? (
          <div className="grid gap-3" role="status" aria-label={t('admin.activities.loading')}>
            <Skeleton className="h-24" />
          </div>
        ) : !data || data.length === 0 ? (
          <EmptyState
            icon={Compass}
            title={view === 'pending' ? t('admin.activities.emptyPending') : t('admin.activities.empty')}
          />
        ) : (
          <ul className="grid gap-3" aria-label={t('admin.activities.label')}>
            {data.map((r) => (
              <li key={r._id}>
                <RequestCard
                  request={r}
                  what="activity"
                  heading="h3"
                  onDecide={(decision) =>
                    setPending({ id: r._id, decision, who: r.user.name, summary: summary(t, r) })
                  }
                >
                  <p className="text-sm">
                    <span className="font-medium">{r.perkName}</span>{' '}
                    <span className="text-muted-foreground">
                      {t('admin.activities.line', { date: formatDate(r.date), party: party(t, r.partySize) })}
                    </span>
                  </p>
                  {r.note && <p className="text-sm text-muted-foreground">“{r.note}”</p>}
                </RequestCard>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} decide={decide} words={words(t)} />
    </section>
  );
}
