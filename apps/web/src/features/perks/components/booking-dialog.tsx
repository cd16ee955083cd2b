import { useId } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  bookingSubmittedMessage,
  createBookingInput,
  type BookingType,
  type CabinNights,
  type CreateBookingInput,
} from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { contractResolver } from '@/components/ui/contract-resolver';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input, Textarea } from '@/components/ui/input';
import { formatDate, formatMoney } from '@/lib/format';
import { messageOf, toast } from '@/lib/toast';
import { useCreateBooking } from '@/queries/bookings';
import { formatNights, fromIsoDay, nightsLabel, toIsoDay } from '../nights-format';

const DIALOG_TITLES: Record<BookingType, string> = {
  personal: 'Book Personal Stay',
  gift: 'Gift Nights',
  rental: 'Rent Out Nights',
};
const DESCRIPTIONS: Record<BookingType, string> = {
  personal: 'Choose the nights you would like to stay. The operator confirms your request.',
  gift: 'Choose the nights to give and who receives them. The operator confirms your request.',
  rental: 'Choose the nights to rent out and your price per night. The operator confirms your request.',
};

/** The calendar's day to move the focus to: the first chosen one, else the first that can be chosen. */
const firstDay = (calendar: HTMLElement) =>
  calendar.querySelector<HTMLElement>('[role="grid"] [aria-selected="true"] button') ??
  calendar.querySelector<HTMLElement>('[role="grid"] button:not([disabled])');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface BookingForm {
  dates: Date[];
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

const emptyForm = (notes: string): BookingForm => ({ dates: [], notes, giftRecipient: '', rentalPrice: '' });

/** The dialog's own checks, all at once, before the contract's: each message next to its field. */
function ownChecks(type: BookingType, v: BookingForm): FieldErrors<BookingForm> {
  const errors: FieldErrors<BookingForm> = {};
  const problem = (message: string) => ({ type: OWN_CHECK, message });
  if (v.dates.length === 0) errors.dates = problem('Choose at least one night in the calendar');
  if (type === 'gift' && !EMAIL.test(v.giftRecipient.trim()))
    errors.giftRecipient = problem("Enter the recipient's email");
  if (type === 'rental' && !(Number(v.rentalPrice) > 0))
    errors.rentalPrice = problem('Enter a rental price per night above €0');
  return errors;
}

/**
 * The booking dialog (docs/product.md §10): a multi-date calendar and notes; a gift adds the recipient's
 * email, a rental the price per night. Submitting stores a pending request; the dates that cannot be
 * requested (past, after the expiry, already requested) are disabled, and at most the available nights
 * can be chosen.
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
  /** The request's body (`POST /api/bookings`) from the form's values. */
  const toBody = (v: BookingForm): CreateBookingInput => {
    const price = Number(v.rentalPrice);
    return {
      projectId,
      type,
      dates: v.dates.map(toIsoDay).sort(),
      notes: v.notes.trim(),
      ...(type === 'gift' ? { giftRecipient: v.giftRecipient.trim() } : {}),
      ...(type === 'rental' ? { rentalPrice: Math.round(price * 100) / 100 } : {}),
    };
  };
  const shown = (name: string) => (FIELDS[type] as string[]).includes(name);
  const checkContract = contractResolver<BookingForm>(createBookingInput, toBody, shown);
  // The dialog's own checks first; once they pass, the contract's (the server's own), field by field.
  const resolver: Resolver<BookingForm> = async (values, context, options) => {
    const own = ownChecks(type, values);
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
  const [dates, rentalPrice] = useWatch({ control, name: ['dates', 'rentalPrice'] });
  const create = useCreateBooking();
  const calendarHint = useId();

  const available = nights.remainingNights + nights.bonusNights;
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const expiry = fromIsoDay(nights.expirationDate);
  const taken = nights.requestedNights.map(fromIsoDay);
  const chosen = dates.map(toIsoDay).sort();
  const price = Number(rentalPrice);

  function close() {
    reset(emptyForm(initialNotes));
    create.reset();
    onOpenChange(false);
  }

  const failed = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  const submit = handleSubmit(
    async (values) => {
      try {
        await create.mutateAsync(toBody(values));
        toast({ title: 'Booking Submitted', description: bookingSubmittedMessage(type) });
        close();
      } catch (err) {
        // A 400's field problems next to their fields, the first of them focused.
        const fields = serverFieldErrors(err);
        const invalid = FIELDS[type].filter((k) => fields[k]);
        invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
        failed(messageOf(err, 'The booking request could not be submitted'));
      }
    },
    // A problem the contract finds is toasted as the server's answer would be; the dialog's own are not.
    (invalid) => {
      const first = Object.values(invalid).find((e) => e?.type !== OWN_CHECK)?.message;
      if (typeof first === 'string') failed(first);
    },
  );

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-md sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{DIALOG_TITLES[type]}</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[type]}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Select dates</legend>
            <Controller
              control={control}
              name="dates"
              render={({ field }) => (
                <div
                  // The focus of a problem with the dates goes to the calendar's first day that can be chosen.
                  ref={(el) => field.ref(el && { focus: () => firstDay(el)?.focus() })}
                  className="flex justify-center rounded-lg border p-2 sm:p-3"
                >
                  <Calendar
                    mode="multiple"
                    selected={field.value}
                    onSelect={(d) => {
                      field.onChange(d ?? []);
                      clearErrors('dates');
                    }}
                    max={Math.max(available, 0)}
                    disabled={[{ before: today }, { after: expiry }, ...taken]}
                    startMonth={today}
                    endMonth={expiry}
                    defaultMonth={today}
                    aria-describedby={calendarHint}
                  />
                </div>
              )}
            />
            <p id={calendarHint} className="text-xs text-muted-foreground" aria-live="polite">
              {chosen.length > 0
                ? `${nightsLabel(chosen.length)} selected: ${formatNights(chosen)}`
                : available > 0
                  ? `Choose up to ${nightsLabel(available)}, until ${formatDate(nights.expirationDate)}.`
                  : 'You have no nights left to request.'}
            </p>
            {errors.dates?.message && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.dates.message}
              </p>
            )}
          </fieldset>

          {type === 'gift' && (
            <Field label="Recipient Email" error={errors.giftRecipient?.message}>
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
              label="Rental Price per Night (€)"
              error={errors.rentalPrice?.message}
              hint={
                price > 0 && chosen.length > 0
                  ? `Total value: ${formatMoney(price * chosen.length)}`
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
          <Field label="Notes" error={errors.notes?.message}>
            <Textarea
              maxLength={1000}
              placeholder="Anything the operator should know"
              className="min-h-20"
              {...register('notes')}
            />
          </Field>

          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || available <= 0}>
              {create.isPending ? 'Submitting...' : 'Submit Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
