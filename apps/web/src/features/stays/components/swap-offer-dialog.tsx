import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { messageOf, toast } from '@/lib/toast';
import { useCreateSwapOffer, useSwapStays } from '@/queries/swaps';
import { stayDatesText, stayLine } from '../stay';

/**
 * Offers one of the investor's approved stays for another investor's approved stay in the same project:
 * the other stays are listed by their dates only. The other investor accepts or declines.
 */
export function SwapOfferDialog({
  projectId,
  stay,
  open,
  onOpenChange,
}: {
  projectId: string;
  /** The investor's own approved stay they offer. */
  stay: Pick<Booking, '_id' | 'nights' | 'nightCount'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['stays', 'common']);
  const stays = useSwapStays(projectId, open);
  const create = useCreateSwapOffer({ failure: { fallback: t('swaps.offer.failed') } });
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const choices = stays.data ?? [];

  function close() {
    create.reset();
    onOpenChange(false);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) {
      setMissing(true);
      document.querySelector<HTMLInputElement>(`[name="${id}-stay"]`)?.focus();
      return;
    }
    try {
      await create.mutateAsync({ offeredBookingId: stay._id, requestedBookingId: chosen, note: note.trim() });
      const asked = choices.find((s) => s.bookingId === chosen);
      toast({
        title: t('swaps.offer.sent'),
        description: asked
          ? t('swaps.offer.sentText', {
              offered: stayDatesText(stay.nights),
              requested: stayDatesText(asked.nights),
            })
          : t('swaps.offer.sentTextOther'),
      });
      close();
    } catch {
      // Told by the offer's failure toast; the dialog stays open.
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      className="max-w-md"
      title={t('swaps.offer.title')}
      description={t('swaps.offer.description', { stay: stayLine(stay.nights) })}
    >
      <form onSubmit={(e) => void onSubmit(e)} className="grid min-w-0 gap-4" noValidate>
        <fieldset
          className="grid min-w-0 gap-2"
          aria-describedby={missing ? errorId : undefined}
          aria-invalid={missing || undefined}
        >
          <legend className="mb-2 text-sm font-medium">{t('swaps.offer.legend')}</legend>
          {stays.isLoading ? (
            <p className="text-sm text-muted-foreground" role="status">
              {t('swaps.offer.loading')}
            </p>
          ) : stays.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {messageOf(stays.error, t('swaps.offer.loadFailed'))}
            </p>
          ) : choices.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('swaps.offer.none')}</p>
          ) : (
            <div className="grid max-h-64 gap-2 overflow-y-auto p-0.5">
              {choices.map((s) => (
                <label
                  key={s.bookingId}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input
                    type="radio"
                    name={`${id}-stay`}
                    value={s.bookingId}
                    checked={chosen === s.bookingId}
                    onChange={() => {
                      setChosen(s.bookingId);
                      setMissing(false);
                    }}
                    className="size-4 shrink-0 accent-[var(--primary)]"
                  />
                  <span className="font-medium">{stayLine(s.nights)}</span>
                </label>
              ))}
            </div>
          )}
          {missing && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {t('swaps.offer.missing')}
            </p>
          )}
        </fieldset>
        <Field label={t('swaps.offer.note')}>
          <Textarea
            maxLength={500}
            placeholder={t('swaps.offer.notePlaceholder')}
            className="min-h-20"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || choices.length === 0}>
            {create.isPending ? t('swaps.offer.sending') : t('swaps.offer.send')}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
