import { useId, useState, type FormEvent } from 'react';
import { stayDates, stayText, SWAP_MESSAGES, type Booking } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { messageOf, toast } from '@/lib/toast';
import { useCreateSwapOffer, useSwapStays } from '@/queries/swaps';

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
  const stays = useSwapStays(projectId, open);
  const create = useCreateSwapOffer();
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
        title: SWAP_MESSAGES.offered,
        description: asked
          ? `You offered ${stayDates(stay.nights)} for ${stayDates(asked.nights)}.`
          : 'The other investor can now accept or decline it.',
      });
      close();
    } catch (err) {
      toast({
        title: 'Error',
        description: messageOf(err, 'The swap offer could not be sent'),
        variant: 'destructive',
      });
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      className="max-w-md"
      title="Offer a swap"
      description={
        <>
          Offer your stay {stayText(stay.nights)} for another investor&apos;s stay in this project. They see
          the dates only; the stays are exchanged when they accept.
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="grid min-w-0 gap-4" noValidate>
        <fieldset
          className="grid min-w-0 gap-2"
          aria-describedby={missing ? errorId : undefined}
          aria-invalid={missing || undefined}
        >
          <legend className="mb-2 text-sm font-medium">Stay you would like in exchange</legend>
          {stays.isLoading ? (
            <p className="text-sm text-muted-foreground" role="status">
              Loading the stays…
            </p>
          ) : stays.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {messageOf(stays.error, 'The stays could not be loaded')}
            </p>
          ) : choices.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No other investor has an approved stay ahead in this project.
            </p>
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
                  <span className="font-medium">{stayText(s.nights)}</span>
                </label>
              ))}
            </div>
          )}
          {missing && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              Choose the stay you would like
            </p>
          )}
        </fieldset>
        <Field label="Note (optional)">
          <Textarea
            maxLength={500}
            placeholder="A word for the other investor"
            className="min-h-20"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || choices.length === 0}>
            {create.isPending ? 'Sending...' : 'Send offer'}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
