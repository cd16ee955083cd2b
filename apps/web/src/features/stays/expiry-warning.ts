import type { CabinNights } from '@portal/contracts';
import { formatDate } from '@/lib/format';
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
  const when = days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;
  return (
    `${unused} unused night${unused === 1 ? '' : 's'} expire${unused === 1 ? 's' : ''} on ` +
    `${formatDate(fromIsoDay(nights.expirationDate))} (${when}). Book ${unused === 1 ? 'it' : 'them'} before ` +
    `${unused === 1 ? 'it is' : 'they are'} lost.`
  );
}
