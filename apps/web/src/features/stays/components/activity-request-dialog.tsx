import { useTranslation } from 'react-i18next';
import {
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
  const { t } = useTranslation('stays');
  const today = toIsoDay(new Date());
  const failure = { fallback: t('activities.request.failed') };
  const create = useCreateActivityRequest({ failure });

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
      title={t('activities.request.title', { name: perk.name })}
      description={t('activities.request.description')}
      defaultValues={EMPTY}
      schema={createActivityRequestInput}
      toBody={toBody}
      precheck={(f) => (f.date ? null : { field: 'date', message: t('activities.request.dateMissing') })}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        toast({ title: t('activities.request.sent'), description: t('activities.request.sentText') });
      }}
      failure={failure}
      submitLabel={t('activities.request.submit')}
      pendingLabel={t('activities.request.sending')}
    >
      {(f) => (
        <>
          <Field label={t('activities.request.date')} error={f.error('date')}>
            <Input type="date" min={today} required {...f.register('date')} />
          </Field>
          <Field label={t('activities.request.party')} error={f.error('partySize')}>
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
          <Field label={t('activities.request.note')} error={f.error('note')}>
            <Textarea
              maxLength={1000}
              placeholder={t('booking.notesPlaceholder')}
              className="min-h-20"
              {...f.register('note')}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
