import { useState } from 'react';
import { Lock, Pencil, Receipt, Trash2 } from 'lucide-react';
import { fromCents, rentalIncomeInput, rentalShareCents, type AdminBooking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { useCurrentProject } from '@/queries/current-project';
import { useRecordRentalIncome, useRemoveRentalIncome } from '@/queries/rentals';
import { deleteAfterConfirm, toastDone } from '@/components/admin/feedback';

const nightsWord = (n: number) => formatCount(n, 'night');
const today = () => new Date().toISOString().slice(0, 10);

/** The investor's share of a gross amount typed in the form, or null while it is not an amount. */
function shareOf(gross: string, sharePercent: number): number | null {
  const parsed = rentalIncomeInput.shape.grossIncome.safeParse(gross);
  if (!parsed.success) return null;
  return fromCents(rentalShareCents(parsed.data, sharePercent));
}

interface IncomeForm {
  nightsRented: string;
  grossIncome: string;
  paymentDate: string;
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
  const save = useRecordRentalIncome();
  // The contract's checks first, then the nights this request holds.
  const schema = rentalIncomeInput.refine((v) => v.nightsRented <= booking.nightCount, {
    path: ['nightsRented'],
    message: `At most the ${nightsWord(booking.nightCount)} of the request`,
    when: (payload) => payload.issues.length === 0,
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={recorded ? 'Edit rental income' : 'Record rental income'}
      description={`${booking.user.name} · rental of ${nightsWord(booking.nightCount)}. The investor's share (${sharePercent}% of the gross) is paid as income on the payment date.`}
      defaultValues={(): IncomeForm => ({
        nightsRented: String(recorded?.nightsRented ?? booking.nightCount),
        grossIncome: recorded ? String(recorded.grossIncome) : '',
        paymentDate: recorded?.paymentDate ?? today(),
      })}
      schema={schema}
      toBody={(f: IncomeForm) => f}
      onSubmit={async (body) => {
        const res = await save.mutateAsync({ bookingId: booking._id, input: rentalIncomeInput.parse(body) });
        toastDone(
          res.message ?? 'Rental income recorded',
          `${formatMoney(res.data.amount)} for ${booking.user.name}, paid on ${formatDate(res.data.paymentDate)}.`,
        );
      }}
      failure="Failed to record rental income"
      invalidToast={false}
      submitLabel="Save"
      pendingLabel="Save"
    >
      {(f) => {
        const share = shareOf(f.watch('grossIncome'), sharePercent);
        return (
          <>
            <Field label="Nights rented" error={f.error('nightsRented')}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={booking.nightCount}
                step={1}
                {...f.register('nightsRented')}
              />
            </Field>
            <Field label="Gross income (€)" error={f.error('grossIncome')}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...f.register('grossIncome')} />
            </Field>
            <Field label="Payment date" error={f.error('paymentDate')}>
              <Input type="date" {...f.register('paymentDate')} />
            </Field>
            <p className="text-sm" aria-live="polite">
              Investor's share:{' '}
              <span className="font-semibold tabular">{share == null ? '–' : formatMoney(share)}</span>
            </p>
          </>
        );
      }}
    </FormDialog>
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
