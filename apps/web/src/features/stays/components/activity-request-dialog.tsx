import {
  ACTIVITY_REQUEST_SUBMITTED,
  MAX_ACTIVITY_PARTY,
  createActivityRequestInput,
  type CreateActivityRequestInput,
  type Perk,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useCreateActivityRequest } from '@/queries/activities';
import { toIsoDay } from '../nights-format';

interface ActivityForm {
  date: string;
  partySize: string;
  note: string;
}

const EMPTY: ActivityForm = { date: '', partySize: '2', note: '' };

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
  const create = useCreateActivityRequest();

  const toBody = (f: ActivityForm): CreateActivityRequestInput => ({
    perkId: perk._id,
    date: f.date,
    partySize: f.partySize.trim() === '' ? Number.NaN : Number(f.partySize),
    note: f.note.trim(),
  });

  function close() {
    create.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      className="max-w-md"
      title={`Request: ${perk.name}`}
      description="Choose a day and how many of you are coming. The operator confirms your request; it uses no cabin nights."
      defaultValues={EMPTY}
      schema={createActivityRequestInput}
      toBody={toBody}
      precheck={(f) => (f.date ? null : { field: 'date', message: 'Choose a date' })}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        toast({ title: 'Request Sent', description: ACTIVITY_REQUEST_SUBMITTED });
      }}
      failure={{ fallback: 'The activity request could not be sent' }}
      submitLabel="Send request"
      pendingLabel="Sending..."
    >
      {(f) => (
        <>
          <Field label="Date" error={f.error('date')}>
            <Input type="date" min={today} required {...f.register('date')} />
          </Field>
          <Field label="Party size" error={f.error('partySize')}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ACTIVITY_PARTY}
              step={1}
              required
              {...f.register('partySize')}
            />
          </Field>
          <Field label="Note (optional)" error={f.error('note')}>
            <Textarea
              maxLength={1000}
              placeholder="Anything the operator should know"
              className="min-h-20"
              {...f.register('note')}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
