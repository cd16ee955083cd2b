import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  createBookingInput,
  MAX_BOOKING_NIGHTS,
  type BookingType,
  type CabinNights,
  type CreateBookingInput,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, Textarea } from '@/components/ui/input';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { currentOrNextSeason, seasonsOfNights } from '@/features/stays/components/high-season';
import { toast } from '@/lib/toast';
import { useCreateBooking } from '@/queries/bookings';
import { useJoinWaitlist } from '@/queries/waitlist';
import { ApiError } from '@/lib/api';
import { useHighSeasons } from '@/queries/cabins';
import { StayRulesNote } from './stay-rules-note';
import { useAuth } from '@/queries/session';
import { toIsoDay } from '../nights-format';
import { NO_STAY, shortDay, stayNights, type Stay } from '../stay';
import { StayCalendar } from './stay-calendar';

const DIALOG_TITLES = {
  personal: 'booking.title.personal',
  gift: 'booking.title.gift',
  rental: 'booking.title.rental',
} as const satisfies Record<BookingType, string>;
const DESCRIPTIONS = {
  personal: 'booking.description.personal',
  gift: 'booking.description.gift',
  rental: 'booking.description.rental',
} as const satisfies Record<BookingType, string>;
const SUBMITTED = {
  personal: 'booking.submittedText.personal',
  gift: 'booking.submittedText.gift',
  rental: 'booking.submittedText.rental',
} as const satisfies Record<BookingType, string>;

/** The calendar's day to move the focus to: the first chosen one, else the first that can be chosen. */
const firstDay = (calendar: HTMLElement) =>
  calendar.querySelector<HTMLElement>('[role="grid"] [aria-selected="true"] button') ??
  calendar.querySelector<HTMLElement>('[role="grid"] button:not([disabled])');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface BookingForm {
  /** The stay chosen in the calendar; its nights are the request's dates. */
  dates: Stay;
  notes: string;
  giftRecipient: string;
  rentalPrice: string;
}
/** The fields of each type, in the order they are shown. */
const FIELDS: Record<BookingType, (keyof BookingForm)[]> = {
  personal: ['dates', 'notes'],
  gift: ['dates', 'giftRecipient', 'notes'],
  rental: ['dates', 'rentalPrice', 'notes'],
};
/** The type of a problem found by the dialog's own checks, which come before the contract's. */
const OWN_CHECK = 'booking';

const emptyForm = (notes: string): BookingForm => ({
  dates: NO_STAY,
  notes,
  giftRecipient: '',
  rentalPrice: '',
});

/** The dialog's own checks, all at once, before the contract's: each message next to its field. */
function ownChecks(
  t: TFunction<'stays'>,
  type: BookingType,
  v: BookingForm,
  ownEmail: string | undefined,
): FieldErrors<BookingForm> {
  const errors: FieldErrors<BookingForm> = {};
  const problem = (message: string) => ({ type: OWN_CHECK, message });
  if (!v.dates.checkIn) errors.dates = problem(t('booking.checkInMissing'));
  else if (!v.dates.checkOut) errors.dates = problem(t('booking.checkOutMissing'));
  if (type === 'gift' && !EMAIL.test(v.giftRecipient.trim()))
    errors.giftRecipient = problem(t('booking.recipientMissing'));
  else if (type === 'gift' && ownEmail && v.giftRecipient.trim().toLowerCase() === ownEmail.toLowerCase())
    errors.giftRecipient = problem(t('booking.giftToSelf'));
  if (type === 'rental' && !(Number(v.rentalPrice) > 0))
    errors.rentalPrice = problem(t('booking.priceMissing'));
  return errors;
}

/**
 * The booking dialog (docs/product.md §10): a stay calendar (check-in, then check-out) and notes; a gift
 * adds the recipient's email, a rental the price per night. Submitting stores a pending request of the
 * stay's nights; the nights that cannot be requested (past, after the expiry, already requested, full)
 * are disabled, a stay cannot cross them, and it holds at most the available nights. The project's
 * high-season use is shown with it.
 */
export function BookingDialog({
  projectId,
  type,
  nights,
  initialNotes = '',
  open,
  onOpenChange,
}: {
  projectId: string;
  type: BookingType;
  nights: CabinNights;
  initialNotes?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('stays');
  const { user } = useAuth();
  const nightsText = (n: number) => t('nights', { count: n, n: formatNumber(n) });
  /** The request's body (`POST /api/bookings`) from the form's values. */
  const toBody = (v: BookingForm): CreateBookingInput => {
    const price = Number(v.rentalPrice);
    return {
      projectId,
      type,
      dates: stayNights(v.dates),
      notes: v.notes.trim(),
      ...(type === 'gift' ? { giftRecipient: v.giftRecipient.trim() } : {}),
      ...(type === 'rental' ? { rentalPrice: Math.round(price * 100) / 100 } : {}),
    };
  };
  const shown = (name: string) => (FIELDS[type] as string[]).includes(name);
  const checkContract = contractResolver<BookingForm>(createBookingInput, toBody, shown);
  // The dialog's own checks first; once they pass, the contract's (the server's own), field by field.
  const resolver: Resolver<BookingForm> = async (values, context, options) => {
    const own = ownChecks(t, type, values, user?.email);
    if (Object.keys(own).length > 0) return { values: {}, errors: own };
    return checkContract(values, context, options);
  };
  const { control, register, handleSubmit, reset, setError, clearErrors, formState } = useForm<BookingForm>({
    defaultValues: emptyForm(initialNotes),
    resolver,
    // Messages stay until the next submit (a date chosen clears the dates' one).
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const [stay, rentalPrice] = useWatch({ control, name: ['dates', 'rentalPrice'] });
  const create = useCreateBooking({ failure: { fallback: t('booking.failed') } });
  const joinWaitlist = useJoinWaitlist({ failure: { fallback: t('waitlist.joinFailed') } });
  // The stay last refused because its nights are full: the investor may wait for exactly it.
  const [full, setFull] = useState<CreateBookingInput | null>(null);
  const seasons = useHighSeasons(projectId).data ?? [];
  const calendarHint = useId();

  const available = nights.remainingNights + nights.bonusNights;
  const today = toIsoDay(new Date());
  const chosen = stayNights(stay);
  const price = Number(rentalPrice);
  const touched = seasonsOfNights(chosen, seasons);
  const nextSeason = currentOrNextSeason(seasons, today);
  const usageOf = (s: { usedNights: number; maxNightsPerInvestor: number }) =>
    t('highSeasonUsage', { used: s.usedNights, max: s.maxNightsPerInvestor });
  const seasonLines =
    touched.length > 0
      ? touched.map(({ season, nights: n }) => ({
          season,
          text: t('booking.seasonAdds', { usage: usageOf(season), name: season.name, count: n }),
          over: season.usedNights + n > season.maxNightsPerInvestor,
        }))
      : nextSeason
        ? [
            {
              season: nextSeason,
              text: t('booking.seasonNext', {
                usage: usageOf(nextSeason),
                name: nextSeason.name,
                from: formatDate(nextSeason.startsOn),
                to: formatDate(nextSeason.endsOn),
              }),
              over: false,
            },
          ]
        : [];

  function close() {
    reset(emptyForm(initialNotes));
    create.reset();
    setFull(null);
    onOpenChange(false);
  }

  const submit = handleSubmit(
    async (values) => {
      setFull(null);
      try {
        await create.mutateAsync(toBody(values));
        toast({ title: t('booking.submitted'), description: t(SUBMITTED[type]) });
        close();
      } catch (err) {
        // A 400's field problems next to their fields, the first of them focused; the toast is the
        // request's failure, told by the mutation cache.
        if (err instanceof ApiError && err.code === 'stays.cabins_full') setFull(toBody(values));
        const fields = serverFieldErrors(err);
        const invalid = FIELDS[type].filter((k) => fields[k]);
        invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      }
    },
    // A problem the contract finds is toasted as the server's answer would be; the dialog's own are not.
    (invalid) => {
      const first = Object.values(invalid).find((e) => e?.type !== OWN_CHECK)?.message;
      if (typeof first === 'string') toast({ title: t('error'), description: first, variant: 'destructive' });
    },
  );

  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      className="max-w-md p-4 sm:max-w-lg sm:p-6 md:max-w-2xl"
      title={t(DIALOG_TITLES[type])}
      description={t(DESCRIPTIONS[type])}
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('booking.legend')}</legend>
          <Controller
            control={control}
            name="dates"
            render={({ field }) => (
              <div
                // The focus of a problem with the dates goes to the calendar's first day that can be chosen.
                ref={(el) => field.ref(el && { focus: () => firstDay(el)?.focus() })}
                className="flex justify-center rounded-lg border p-2 sm:p-3"
              >
                <StayCalendar
                  projectId={projectId}
                  stay={field.value}
                  onChange={(s) => {
                    field.onChange(s);
                    clearErrors('dates');
                  }}
                  today={today}
                  expiry={nights.expirationDate}
                  requested={nights.requestedNights}
                  maxNights={Math.max(0, Math.min(available, MAX_BOOKING_NIGHTS))}
                  describedBy={calendarHint}
                />
              </div>
            )}
          />
          <p id={calendarHint} className="text-xs text-muted-foreground" aria-live="polite">
            {stay.checkIn && stay.checkOut
              ? t('booking.hintStay', {
                  checkIn: shortDay(stay.checkIn, today),
                  checkOut: shortDay(stay.checkOut, today),
                  nights: nightsText(chosen.length),
                })
              : stay.checkIn
                ? t('booking.hintCheckIn', { checkIn: shortDay(stay.checkIn, today) })
                : available > 0
                  ? t('booking.hintChoose', {
                      nights: nightsText(available),
                      date: formatDate(nights.expirationDate),
                    })
                  : t('booking.hintNone')}
          </p>
          {available > 0 && (
            <p className="text-sm">
              {chosen.length > 0
                ? t('booking.ofRemaining', {
                    nights: nightsText(chosen.length),
                    available: formatNumber(available),
                  })
                : t('booking.remaining', { nights: nightsText(available) })}
            </p>
          )}
          {seasonLines.map((l) => (
            <p
              key={l.season._id}
              className={l.over ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
            >
              {l.text}
              {l.over && t('booking.overLimit', { max: l.season.maxNightsPerInvestor })}
            </p>
          ))}
          <StayRulesNote projectId={projectId} today={today} />
          {errors.dates?.message && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.dates.message}
            </p>
          )}
        </fieldset>

        {type === 'gift' && (
          <Field label={t('booking.recipient')} error={errors.giftRecipient?.message}>
            <Input
              type="email"
              autoComplete="off"
              placeholder="friend@example.com"
              maxLength={254}
              {...register('giftRecipient')}
            />
          </Field>
        )}
        {type === 'rental' && (
          <Field
            label={t('booking.price')}
            error={errors.rentalPrice?.message}
            hint={
              price > 0 && chosen.length > 0
                ? t('booking.total', { amount: formatMoney(price * chosen.length) })
                : undefined
            }
          >
            <Input
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              placeholder="150"
              {...register('rentalPrice')}
            />
          </Field>
        )}
        <Field label={t('booking.notes')} error={errors.notes?.message}>
          <Textarea
            maxLength={1000}
            placeholder={t('booking.notesPlaceholder')}
            className="min-h-20"
            {...register('notes')}
          />
        </Field>

        {full && (
          <div role="status" className="grid gap-2 rounded-md border p-3 text-sm">
            <p>{t('waitlist.offer')}</p>
            <Button
              type="button"
              variant="secondary"
              disabled={joinWaitlist.isPending}
              onClick={() =>
                joinWaitlist.mutate(full, {
                  onSuccess: () => {
                    toast({ title: t('waitlist.joined') });
                    close();
                  },
                })
              }
            >
              {t('waitlist.join')}
            </Button>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            {t('booking.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || available <= 0}>
            {create.isPending ? t('booking.submitting') : t('booking.submit')}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
