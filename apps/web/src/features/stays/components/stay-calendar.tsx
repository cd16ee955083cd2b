import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DayButton as BaseDayButton, type DayButtonProps, type Modifiers } from 'react-day-picker';
import { addDays, type AvailabilityDay } from '@portal/contracts';
import { Calendar } from '@/components/ui/calendar';
import { cn } from '@/lib/cn';
import { currentLocale } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAvailability } from '@/queries/cabins';
import { fromIsoDay, toIsoDay } from '../nights-format';
import { canCheckOut, canPick, pickDay, type NightProblem, type Stay, type StayRules } from '../stay';

const longDate = () =>
  new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** The first day of the month `offset` months after the one of `d`. */
const monthStart = (d: Date, offset = 0) => new Date(d.getFullYear(), d.getMonth() + offset, 1);

/** The day's name as a screen reader reads it: the full date, then its state. */
function dayLabel(t: TFunction<'stays'>, format: Intl.DateTimeFormat, date: Date, m: Modifiers): string {
  const states = [
    m.today && t('calendar.today'),
    m.checkIn && t('calendar.checkIn'),
    m.checkOut && t('calendar.checkOut'),
    m.night && !m.checkIn && t('calendar.selected'),
    m.peak && t('calendar.highSeason'),
    m.full && t('calendar.full'),
    m.held && t('calendar.held'),
    m.own && (m.ownPending ? t('calendar.ownPending') : t('calendar.own')),
    m.checkOutOnly && t('calendar.checkOutOnly'),
  ].filter(Boolean);
  return [format.format(date), ...states].join(', ');
}

/** A day of the calendar: its number, and a dot under it in high season. */
function DayButton({ children, ...props }: DayButtonProps) {
  return (
    <BaseDayButton {...props}>
      {children}
      {props.modifiers.peak && (
        <span
          aria-hidden="true"
          className="absolute bottom-1 left-1/2 size-1 -translate-x-1/2 rounded-full bg-warning group-[.is-end]:bg-primary-foreground group-[.is-start]:bg-primary-foreground"
        />
      )}
    </BaseDayButton>
  );
}

const SWATCH = 'inline-flex size-6 items-center justify-center rounded-md border text-xs tabular';
/** The investor's own nights: outlined in the primary colour (dashed while pending), never struck out. */
const OWN = 'border-2 border-primary bg-success-soft text-foreground';

/** What the calendar's marks mean. */
function StayLegend() {
  const { t } = useTranslation('stays');
  return (
    <ul
      aria-label={t('calendar.legend')}
      className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground"
    >
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, 'bg-card text-foreground')}>
          8
        </span>
        {t('calendar.legendFree')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, 'text-muted-foreground line-through opacity-60')}>
          8
        </span>
        {t('calendar.legendFull')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, OWN)}>
          8
        </span>
        {t('calendar.legendOwn')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, OWN, 'border-dashed')}>
          8
        </span>
        {t('calendar.legendOwnPending')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, 'relative bg-warning-soft pb-1 text-foreground')}>
          8
          <span className="absolute bottom-[3px] left-1/2 size-1 -translate-x-1/2 rounded-full bg-warning" />
        </span>
        {t('calendar.legendHighSeason')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={cn(SWATCH, 'border-primary bg-primary text-primary-foreground')}>
          8
        </span>
        {t('calendar.legendSelected')}
      </li>
    </ul>
  );
}

/**
 * The stay calendar of the booking dialog: a click on the check-in day, then one on the check-out
 * day. It shows the availability of the months on screen (free, full, high season), two months side
 * by side from 768 px, one on a phone. Past days, days after the allowance expires, nights already
 * requested and full nights cannot be stayed, and a stay cannot cross them; the night before a full
 * one can still be the last (the full day is then the check-out).
 */
export function StayCalendar({
  projectId,
  stay,
  onChange,
  today,
  expiry,
  requested,
  maxNights,
  describedBy,
}: {
  projectId: string;
  stay: Stay;
  onChange: (stay: Stay) => void;
  /** Today and the allowance's last night, 'YYYY-MM-DD'. */
  today: string;
  expiry: string;
  /** Nights the investor has already requested. */
  requested: readonly string[];
  maxNights: number;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation('stays');
  const wide = useMediaQuery('(min-width: 768px)');
  const months = wide ? 2 : 1;
  const [month, setMonth] = useState(() => monthStart(fromIsoDay(stay.checkIn ?? today)));
  const from = toIsoDay(month);
  const to = toIsoDay(new Date(month.getFullYear(), month.getMonth() + months, 0));
  const availability = useAvailability(projectId, from, to);

  // Every date seen so far, so that a stay chosen across months still knows the nights in between.
  const [known, setKnown] = useState<{ answer?: AvailabilityDay[]; days: Map<string, AvailabilityDay> }>({
    days: new Map(),
  });
  if (availability.data && availability.data !== known.answer) {
    const days = new Map(known.days);
    for (const d of availability.data) days.set(d.date, d);
    setKnown({ answer: availability.data, days });
  }

  const taken = new Set(requested);
  const ownOf = (night: string) => known.days.get(night)?.own ?? (taken.has(night) ? 'approved' : null);
  const rules: StayRules = {
    maxNights,
    problem: (night): NightProblem =>
      night < today
        ? 'past'
        : night > expiry
          ? 'expired'
          : taken.has(night)
            ? 'requested'
            : known.days.get(night)?.free === 0
              ? 'full'
              : null,
  };
  const at = (date: Date) => toIsoDay(date);
  const dayFormat = useMemo(longDate, [i18n.language]);
  const choosingCheckOut = !!stay.checkIn && !stay.checkOut;

  return (
    <div className="grid gap-3">
      <Calendar
        mode="range"
        selected={
          stay.checkIn
            ? { from: fromIsoDay(stay.checkIn), to: stay.checkOut ? fromIsoDay(stay.checkOut) : undefined }
            : undefined
        }
        onSelect={(_range, day) => onChange(pickDay(stay, at(day), rules))}
        disabled={(date) => !canPick(stay, at(date), rules)}
        modifiers={{
          peak: (date) => !!known.days.get(at(date))?.peak,
          // A night the investor holds is theirs, even when it took the last cabin.
          full: (date) =>
            known.days.get(at(date))?.free === 0 && !known.days.get(at(date))?.held && !ownOf(at(date)),
          // Held for a peak allocation not yet run: goes by the draw, not by request.
          held: (date) => !!known.days.get(at(date))?.held && !ownOf(at(date)),
          own: (date) => !!ownOf(at(date)),
          ownPending: (date) => ownOf(at(date)) === 'pending',
          checkIn: (date) => at(date) === stay.checkIn,
          checkOut: (date) => at(date) === stay.checkOut,
          night: (date) =>
            !!stay.checkIn && at(date) >= stay.checkIn && !!stay.checkOut && at(date) < stay.checkOut,
          checkOutOnly: (date) =>
            choosingCheckOut &&
            rules.problem(at(date)) !== null &&
            canCheckOut(stay.checkIn!, at(date), rules),
        }}
        modifiersClassNames={{
          peak: 'is-peak',
          full: 'is-full',
          held: 'is-full',
          own: 'is-own',
          ownPending: 'is-own-pending',
        }}
        labels={{ labelDayButton: (date, m) => dayLabel(t, dayFormat, date, m) }}
        components={{ DayButton }}
        numberOfMonths={months}
        month={month}
        onMonthChange={setMonth}
        startMonth={fromIsoDay(today)}
        endMonth={fromIsoDay(addDays(expiry, 1))}
        aria-describedby={describedBy}
        aria-busy={availability.isFetching || undefined}
        classNames={{
          months: 'relative flex flex-col gap-4 md:flex-row md:gap-6',
          range_start: 'is-start',
          range_middle: 'is-middle',
          range_end: 'is-end',
          weekday: 'w-9 text-center text-xs font-medium text-muted-foreground sm:w-10',
          day: 'group size-9 p-0 text-center text-sm sm:size-10',
          day_button: cn(
            'relative inline-flex size-9 items-center justify-center rounded-md tabular transition-colors sm:size-10',
            'hover:bg-accent hover:text-accent-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'group-[.is-peak]:bg-warning-soft group-[.is-peak]:text-foreground',
            'disabled:pointer-events-none disabled:bg-transparent disabled:text-muted-foreground disabled:opacity-60',
            'group-[.is-full]:line-through',
            'group-[.is-own]:border-2 group-[.is-own]:border-primary group-[.is-own]:bg-success-soft group-[.is-own]:text-foreground group-[.is-own]:opacity-100',
            'group-[.is-own-pending]:border-dashed',
            // The stay wins over the high-season tint; its dot stays.
            'group-[.is-middle]:bg-accent! group-[.is-middle]:text-accent-foreground!',
            'group-[.is-start]:bg-primary! group-[.is-start]:font-semibold group-[.is-start]:text-primary-foreground!',
            'group-[.is-end]:bg-primary! group-[.is-end]:font-semibold group-[.is-end]:text-primary-foreground!',
            'group-[.rdp-selected]:font-semibold',
            choosingCheckOut &&
              'group-[.rdp-selected]:bg-primary! group-[.rdp-selected]:text-primary-foreground!',
            'group-[.rdp-today]:ring-1 group-[.rdp-today]:ring-primary',
          ),
        }}
      />
      <StayLegend />
      {availability.isError && (
        <p className="text-xs text-muted-foreground">{t('calendar.availabilityError')}</p>
      )}
    </div>
  );
}
