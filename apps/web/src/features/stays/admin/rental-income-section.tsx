import { useState, type FormEvent } from 'react';
import { Lock, Pencil, Receipt, Trash2 } from 'lucide-react';
import { fromCents, rentalIncomeInput, rentalShareCents, type AdminBooking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { useCurrentProject } from '@/queries/current-project';
import { useRecordRentalIncome, useRemoveRentalIncome } from '@/queries/rentals';
import { deleteAfterConfirm, toastDone, toastFailed } from '@/components/admin/feedback';

const nightsWord = (n: number) => formatCount(n, 'night');
const today = () => new Date().toISOString().slice(0, 10);

/** The investor's share of a gross amount typed in the form, or null while it is not an amount. */
function shareOf(gross: string, sharePercent: number): number | null {
  const parsed = rentalIncomeInput.shape.grossIncome.safeParse(gross);
  if (!parsed.success) return null;
  return fromCents(rentalShareCents(parsed.data, sharePercent));
}

function RentalIncomeDialog({
  booking,
  sharePercent,
  open,
  onClose,
}: {
  booking: AdminBooking;
  /** The project's rental share now (what the server will apply). */
  sharePercent: number;
  open: boolean;
  onClose: () => void;
}) {
  const recorded = booking.rentalIncome ?? null;
  const [nights, setNights] = useState(String(recorded?.nightsRented ?? booking.nightCount));
  const [gross, setGross] = useState(recorded ? String(recorded.grossIncome) : '');
  const [date, setDate] = useState(recorded?.paymentDate ?? today());
  const save = useRecordRentalIncome();
  const fe = useFieldErrors();
  const share = shareOf(gross, sharePercent);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = { nightsRented: nights, grossIncome: gross, paymentDate: date };
    if (!fe.check(rentalIncomeInput, input)) return;
    if (Number(nights) > booking.nightCount) {
      fe.show({ nightsRented: `At most the ${nightsWord(booking.nightCount)} of the request` });
      return;
    }
    try {
      const res = await save.mutateAsync({ bookingId: booking._id, input: rentalIncomeInput.parse(input) });
      toastDone(
        res.message ?? 'Rental income recorded',
        `${formatMoney(res.data.amount)} for ${booking.user.name}, paid on ${formatDate(res.data.paymentDate)}.`,
      );
      onClose();
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to record rental income', err);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{recorded ? 'Edit rental income' : 'Record rental income'}</DialogTitle>
          <DialogDescription>
            {`${booking.user.name} · rental of ${nightsWord(booking.nightCount)}. The investor's share (${sharePercent}% of the gross) is paid as income on the payment date.`}
          </DialogDescription>
        </DialogHeader>
        <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          <Field label="Nights rented" error={fe.of('nightsRented')}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={booking.nightCount}
              step={1}
              value={nights}
              onChange={(e) => setNights(e.target.value)}
            />
          </Field>
          <Field label="Gross income (€)" error={fe.of('grossIncome')}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={gross}
              onChange={(e) => setGross(e.target.value)}
            />
          </Field>
          <Field label="Payment date" error={fe.of('paymentDate')}>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <p className="text-sm" aria-live="polite">
            Investor's share:{' '}
            <span className="font-semibold tabular">{share == null ? '–' : formatMoney(share)}</span>
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * An approved rental's income on the admin's booking card: 'Record rental income', or the recorded
 * figures with Edit and Remove; figures that are final (paid in a published period) are locked, with
 * the reason, and have neither.
 */
export function RentalIncomeSection({ booking }: { booking: AdminBooking }) {
  const { current } = useCurrentProject();
  const [open, setOpen] = useState(false);
  const remove = useRemoveRentalIncome();
  const recorded = booking.rentalIncome ?? null;
  const sharePercent = current?.rentalSharePercent ?? recorded?.sharePercent ?? 70;
  const paid = recorded && recorded.paymentDate <= today();

  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      {recorded ? (
        <>
          <p>
            <span className="font-medium">Rental income:</span>{' '}
            <span className="tabular">
              {nightsWord(recorded.nightsRented)} rented · {formatMoney(recorded.grossIncome)} gross ·{' '}
              {recorded.sharePercent}% share ={' '}
              <span className="font-semibold">{formatMoney(recorded.amount)}</span>
            </span>{' '}
            <span className="text-muted-foreground">
              {paid ? 'paid' : 'to be paid'} on {formatDate(recorded.paymentDate)}
            </span>
          </p>
          {recorded.locked ? (
            <p className="flex items-start gap-1.5 text-muted-foreground">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-medium">Locked:</span> {recorded.locked.reason}
              </span>
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => setOpen(true)}
                aria-label={`Edit the rental income of ${booking.user.name}`}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                onClick={() =>
                  void deleteAfterConfirm({
                    what: `the rental income of ${booking.user.name}`,
                    run: () => remove.mutateAsync(booking._id),
                    doneTitle: 'Removed',
                    done: `The rental income of ${booking.user.name} (${formatMoney(recorded.amount)}) is removed.`,
                    failed: 'Failed to remove rental income',
                  })
                }
                aria-label={`Remove the rental income of ${booking.user.name}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          )}
        </>
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            <Receipt aria-hidden="true" />
            Record rental income
          </Button>
        </div>
      )}
      {open && (
        <RentalIncomeDialog
          booking={booking}
          sharePercent={sharePercent}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
