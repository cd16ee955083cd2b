import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useLeaveWaitlist, useWaitlist } from '@/queries/waitlist';
import { stayDatesText } from '../stay';

/** The investor's waitlist entries in the project, each with a Leave button (none: nothing shown). */
export function WaitlistEntries({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const entries = (useWaitlist().data ?? []).filter((w) => w.projectId === projectId);
  const leave = useLeaveWaitlist({ failure: { fallback: t('waitlist.leaveFailed') } });
  if (!entries.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('waitlist.title')}</CardTitle>
        <CardDescription>{t('waitlist.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={t('waitlist.title')}>
          {entries.map((w) => {
            const stay = stayDatesText(w.nights);
            return (
              <li key={w._id} className="flex items-center justify-between gap-2 rounded-md border p-2">
                <span>{stay}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={leave.isPending}
                  aria-label={t('waitlist.leaveStay', { stay })}
                  onClick={() =>
                    leave.mutate(w._id, { onSuccess: () => toast({ title: t('waitlist.left') }) })
                  }
                >
                  {t('waitlist.leave')}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
