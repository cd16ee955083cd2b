import type { CabinNights } from '@portal/contracts';
import i18next from 'i18next';
import { formatDate, formatNumber } from '@/lib/format';
import { daysUntil, fromIsoDay } from './nights-format';

/** Unused nights are announced this many days before they expire. */
const WARN_DAYS = 60;

/**
 * The warning of the Perks page when unused nights (bonus included) expire within 60 days:
 * '7 unused nights expire on Jan 31, 2027 (in 42 days). Book them before they are lost.' Null when
 * nothing is unused, the expiry is further off, or it has passed.
 */
export function expiryWarning(
  nights: Pick<CabinNights, 'remainingNights' | 'bonusNights' | 'expirationDate'>,
  today: Date = new Date(),
): string | null {
  const unused = nights.remainingNights + nights.bonusNights;
  const days = daysUntil(nights.expirationDate, today);
  if (unused <= 0 || days < 0 || days > WARN_DAYS) return null;
  const text = {
    count: unused,
    n: formatNumber(unused),
    date: formatDate(fromIsoDay(nights.expirationDate)),
  };
  return days === 0
    ? i18next.t('stays:expiry.today', text)
    : i18next.t('stays:expiry.inDays', {
        ...text,
        when: i18next.t('stays:expiry.days', { count: days, n: formatNumber(days) }),
      });
}
