import { useState } from 'react';
import { Lock, Pencil, Receipt, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { fromCents, rentalIncomeInput, rentalShareCents, type AdminBooking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useCurrentProject } from '@/queries/current-project';
import { useRecordRentalIncome, useRemoveRentalIncome } from '@/queries/rentals';
import { deleteAfterConfirm, toastDone } from '@/components/admin/feedback';
import { nightsLabel } from '../nights-format';
import { deleteQuestion } from './delete-question';

/** A share as typed: 70, 72,5 in German. */
const percent = (p: number) => formatNumber(p, 2);
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
  const { t } = useTranslation(['stays', 'common']);
  const recorded = booking.rentalIncome ?? null;
  const failure = t('admin.rental.failed');
  const save = useRecordRentalIncome({ failure });
  // The contract's checks first, then the nights this request holds.
  const schema = rentalIncomeInput.refine((v) => v.nightsRented <= booking.nightCount, {
    path: ['nightsRented'],
    message: t('admin.rental.atMost', { count: booking.nightCount, nights: nightsLabel(booking.nightCount) }),
    when: (payload) => payload.issues.length === 0,
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={recorded ? t('admin.rental.edit') : t('admin.rental.record')}
      description={t('admin.rental.dialogDescription', {
        name: booking.user.name,
        nights: nightsLabel(booking.nightCount),
        percent: percent(sharePercent),
      })}
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
          t('admin.rental.recorded'),
          t('admin.rental.recordedText', {
            amount: formatMoney(res.data.amount),
            name: booking.user.name,
            date: formatDate(res.data.paymentDate),
          }),
        );
      }}
      failure={failure}
      invalidToast={false}
      submitLabel={t('admin.rental.save')}
      pendingLabel={t('admin.rental.save')}
    >
      {(f) => {
        const share = shareOf(f.watch('grossIncome'), sharePercent);
        return (
          <>
            <Field label={t('admin.rental.nightsRented')} error={f.error('nightsRented')}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={booking.nightCount}
                step={1}
                {...f.register('nightsRented')}
              />
            </Field>
            <Field label={t('admin.rental.gross')} error={f.error('grossIncome')}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...f.register('grossIncome')} />
            </Field>
            <Field label={t('admin.rental.paymentDate')} error={f.error('paymentDate')}>
              <Input type="date" {...f.register('paymentDate')} />
            </Field>
            <p className="text-sm" aria-live="polite">
              {t('admin.rental.share')}{' '}
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
  const { t } = useTranslation(['stays', 'common']);
  const { current } = useCurrentProject();
  const [open, setOpen] = useState(false);
  const remove = useRemoveRentalIncome({ failure: t('admin.rental.removeFailed') });
  const recorded = booking.rentalIncome ?? null;
  const sharePercent = current?.rentalSharePercent ?? recorded?.sharePercent ?? 70;
  const paid = recorded && recorded.paymentDate <= today();

  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      {recorded ? (
        <>
          <p>
            <span className="font-medium">{t('admin.rental.label')}</span>{' '}
            <span className="tabular">
              <Trans
                t={t}
                i18nKey="admin.rental.figures"
                values={{
                  nights: nightsLabel(recorded.nightsRented),
                  gross: formatMoney(recorded.grossIncome),
                  percent: percent(recorded.sharePercent),
                  amount: formatMoney(recorded.amount),
                }}
                components={{ strong: <span className="font-semibold" /> }}
              />
            </span>{' '}
            <span className="text-muted-foreground">
              {paid
                ? t('admin.rental.paidOn', { date: formatDate(recorded.paymentDate) })
                : t('admin.rental.toBePaidOn', { date: formatDate(recorded.paymentDate) })}
            </span>
          </p>
          {recorded.locked ? (
            <p className="flex items-start gap-1.5 text-muted-foreground">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-medium">{t('admin.rental.locked')}</span> {recorded.locked.reason}
              </span>
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => setOpen(true)}
                aria-label={t('admin.rental.editLabel', { name: booking.user.name })}
              >
                <Pencil aria-hidden="true" />
                {t('common:rowActions.edit')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                onClick={() =>
                  void deleteAfterConfirm({
                    confirm: deleteQuestion(t('admin.rental.removeTitle', { name: booking.user.name })),
                    run: () => remove.mutateAsync(booking._id),
                    doneTitle: t('admin.removed'),
                    done: t('admin.rental.removedText', {
                      name: booking.user.name,
                      amount: formatMoney(recorded.amount),
                    }),
                  })
                }
                aria-label={t('admin.rental.removeLabel', { name: booking.user.name })}
              >
                <Trash2 aria-hidden="true" />
                {t('admin.rental.remove')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            <Receipt aria-hidden="true" />
            {t('admin.rental.record')}
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
