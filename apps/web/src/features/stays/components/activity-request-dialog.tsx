import { useState, type FormEvent } from 'react';
import {
  ACTIVITY_REQUEST_SUBMITTED,
  MAX_ACTIVITY_PARTY,
  createActivityRequestInput,
  type CreateActivityRequestInput,
  type Perk,
} from '@portal/contracts';
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
import { Input, Textarea } from '@/components/ui/input';
import { messageOf, toast } from '@/lib/toast';
import { useCreateActivityRequest } from '@/queries/activities';
import { toIsoDay } from '../nights-format';

/**
 * The request of a partner activity (a perk that is not a cabin): a day, how many people and a note.
 * It uses no cabin nights; the operator approves or declines it.
 */
export function ActivityRequestDialog({
  perk,
  open,
  onOpenChange,
}: {
  perk: Pick<Perk, '_id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const today = toIsoDay(new Date());
  const [date, setDate] = useState('');
  const [partySize, setPartySize] = useState('2');
  const [note, setNote] = useState('');
  const create = useCreateActivityRequest();
  const fe = useFieldErrors();

  const failed = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  function close() {
    create.reset();
    onOpenChange(false);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body: CreateActivityRequestInput = {
      perkId: perk._id,
      date,
      partySize: partySize.trim() === '' ? Number.NaN : Number(partySize),
      note: note.trim(),
    };
    if (!date) {
      fe.show({ date: 'Choose a date' });
      return;
    }
    if (!fe.check(createActivityRequestInput, body, failed)) return;
    try {
      await create.mutateAsync(body);
      toast({ title: 'Request Sent', description: ACTIVITY_REQUEST_SUBMITTED });
      close();
    } catch (err) {
      fe.fromError(err);
      failed(messageOf(err, 'The activity request could not be sent'));
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Request: {perk.name}</DialogTitle>
          <DialogDescription>
            Choose a day and how many of you are coming. The operator confirms your request; it uses no cabin
            nights.
          </DialogDescription>
        </DialogHeader>
        <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          <Field label="Date" error={fe.of('date')}>
            <Input type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} required />
          </Field>
          <Field label="Party size" error={fe.of('partySize')}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ACTIVITY_PARTY}
              step={1}
              value={partySize}
              onChange={(e) => setPartySize(e.target.value)}
              required
            />
          </Field>
          <Field label="Note (optional)" error={fe.of('note')}>
            <Textarea
              maxLength={1000}
              placeholder="Anything the operator should know"
              className="min-h-20"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Sending...' : 'Send request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
