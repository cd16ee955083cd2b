import { useId, useState, type FormEvent } from 'react';
import { bookingSubmittedMessage, type BookingType, type CabinNights } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Errors {
  notes?: string;
  dates?: string;
  giftRecipient?: string;
  rentalPrice?: string;
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
  const [dates, setDates] = useState<Date[]>([]);
  const [notes, setNotes] = useState(initialNotes);
  const [giftRecipient, setGiftRecipient] = useState('');
  const [rentalPrice, setRentalPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateBooking();
  const calendarHint = useId();

  const available = nights.remainingNights + nights.bonusNights;
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const expiry = fromIsoDay(nights.expirationDate);
  const taken = nights.requestedNights.map(fromIsoDay);
  const chosen = dates.map(toIsoDay).sort();
  const price = Number(rentalPrice);

  function reset() {
    setDates([]);
    setNotes(initialNotes);
    setGiftRecipient('');
    setRentalPrice('');
    setErrors({});
    create.reset();
  }
  function close() {
    reset();
    onOpenChange(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (chosen.length === 0) next.dates = 'Choose at least one night in the calendar';
    if (type === 'gift' && !EMAIL.test(giftRecipient.trim()))
      next.giftRecipient = "Enter the recipient's email";
    if (type === 'rental' && !(price > 0)) next.rentalPrice = 'Enter a rental price per night above €0';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await create.mutateAsync({
        projectId,
        type,
        dates: chosen,
        notes: notes.trim(),
        ...(type === 'gift' ? { giftRecipient: giftRecipient.trim() } : {}),
        ...(type === 'rental' ? { rentalPrice: Math.round(price * 100) / 100 } : {}),
      });
      toast({ title: 'Booking Submitted', description: bookingSubmittedMessage(type) });
      close();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      toast({
        title: 'Error',
        description: messageOf(err, 'The booking request could not be submitted'),
        variant: 'destructive',
      });
    }
  }

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
            <div className="flex justify-center rounded-lg border p-2 sm:p-3">
              <Calendar
                mode="multiple"
                selected={dates}
                onSelect={(d) => {
                  setDates(d ?? []);
                  setErrors((x) => ({ ...x, dates: undefined }));
                }}
                max={Math.max(available, 0)}
                disabled={[{ before: today }, { after: expiry }, ...taken]}
                startMonth={today}
                endMonth={expiry}
                defaultMonth={today}
                aria-describedby={calendarHint}
              />
            </div>
            <p id={calendarHint} className="text-xs text-muted-foreground" aria-live="polite">
              {chosen.length > 0
                ? `${nightsLabel(chosen.length)} selected: ${formatNights(chosen)}`
                : available > 0
                  ? `Choose up to ${nightsLabel(available)}, until ${formatDate(nights.expirationDate)}.`
                  : 'You have no nights left to request.'}
            </p>
            {errors.dates && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.dates}
              </p>
            )}
          </fieldset>

          {type === 'gift' && (
            <Field label="Recipient Email" error={errors.giftRecipient}>
              <Input
                type="email"
                autoComplete="off"
                placeholder="friend@example.com"
                maxLength={254}
                value={giftRecipient}
                onChange={(e) => setGiftRecipient(e.target.value)}
              />
            </Field>
          )}
          {type === 'rental' && (
            <Field
              label="Rental Price per Night (€)"
              error={errors.rentalPrice}
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
                value={rentalPrice}
                onChange={(e) => setRentalPrice(e.target.value)}
              />
            </Field>
          )}
          <Field label="Notes" error={errors.notes}>
            <Textarea
              maxLength={1000}
              placeholder="Anything the operator should know"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              className="min-h-20"
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
