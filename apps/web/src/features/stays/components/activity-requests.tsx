import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityRequest } from '@portal/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { useCancelActivityRequest } from '@/queries/activities';
import { CancelRequestButton, RequestItem, useCancelRequest } from './request-item';

const party = (t: TFunction<'stays'>, n: number) => t('activities.party', { count: n, n: formatNumber(n) });

/** The investor's partner-activity requests with their status; a pending one can be cancelled. */
export function ActivityRequests({ requests }: { requests: ActivityRequest[] }) {
  const { t } = useTranslation('stays');
  const what = (r: ActivityRequest) => t('activities.named', { name: r.perkName, date: formatDate(r.date) });
  const { ask, dialog } = useCancelRequest<ActivityRequest>({
    cancel: useCancelActivityRequest({ failure: { fallback: t('requests.cancelFailed') } }),
    title: t('activities.cancelTitle'),
    describe: (r) => t('activities.cancelText', { what: what(r), party: party(t, r.partySize) }),
    done: (r) => t('activities.cancelled', { what: what(r) }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activities.title')}</CardTitle>
        <CardDescription>{t('activities.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label={t('activities.label')}>
          {requests.map((r) => (
            <RequestItem
              key={r._id}
              title={r.perkName}
              status={r.status}
              decisionNote={r.decisionNote}
              actions={
                r.status === 'pending' && <CancelRequestButton label={what(r)} onClick={() => ask(r)} />
              }
            >
              <p className="mt-1 text-sm">
                {t('activities.line', { date: formatDate(r.date), party: party(t, r.partySize) })}
              </p>
              {r.note && <p className="mt-2 text-sm text-muted-foreground">“{r.note}”</p>}
            </RequestItem>
          ))}
        </ul>
      </CardContent>
      {dialog}
    </Card>
  );
}
