import { useTranslation } from 'react-i18next';
import { useStayRules } from '@/queries/stay-rules';

/**
 * The project's stay rules as the booking calendar shows them: each season's minimum stay and check-in
 * days (the server refuses a stay that breaks them), the turnover day and last-minute stays.
 */
export function StayRulesNote({ projectId, today }: { projectId: string; today: string }) {
  const { t } = useTranslation('stays');
  const rules = useStayRules(projectId).data;
  if (!rules) return null;
  const seasons = rules.seasons.filter((s) => s.to >= today);
  if (!seasons.length && !rules.turnoverDays && !rules.lastMinuteDays) return null;
  return (
    <section aria-label={t('rules.title')} className="grid gap-1 text-sm text-muted-foreground">
      <ul className="grid gap-1">
        {seasons.map((s) => (
          <li key={`${s.from}-${s.to}`}>
            {t('rules.minNights', { from: s.from, to: s.to, count: s.minNights })}
            {s.checkInWeekdays.length > 0 &&
              ` ${t('rules.checkIn', { weekdays: s.checkInWeekdays.join(',') })}`}
          </li>
        ))}
        {rules.turnoverDays > 0 && <li>{t('rules.turnover')}</li>}
        {rules.lastMinuteDays > 0 && <li>{t('rules.lastMinute', { count: rules.lastMinuteDays })}</li>}
      </ul>
    </section>
  );
}
