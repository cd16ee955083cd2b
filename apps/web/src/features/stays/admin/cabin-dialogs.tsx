import {
  cabinInput,
  highSeasonInput,
  type Cabin,
  type CabinInput,
  type HighSeason,
  type HighSeasonInput,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { useSaveCabin, useSaveSeason } from '@/queries/cabins';
import { toastDone } from '@/components/admin/feedback';

interface CabinForm {
  name: string;
  sleeps: string;
  description: string;
  /** One address a line. */
  photos: string;
  active: boolean;
}

const fromCabin = (c: Cabin | null): CabinForm => ({
  name: c?.name ?? '',
  sleeps: c ? String(c.sleeps) : '',
  description: c?.description ?? '',
  photos: c?.photos.join('\n') ?? '',
  active: c?.active ?? true,
});

/** A number typed in a field: NaN when left empty, so that the contract says it is missing. */
const typedNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

const cabinBody = (f: CabinForm): CabinInput => ({
  name: f.name.trim(),
  sleeps: typedNumber(f.sleeps),
  description: f.description.trim(),
  photos: f.photos
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean),
  active: f.active,
});

/** Add or edit a cabin of the selected project. */
export function CabinDialog({
  open,
  cabin,
  projectId,
  onClose,
}: {
  open: boolean;
  cabin: Cabin | null;
  projectId: string;
  onClose: () => void;
}) {
  const save = useSaveCabin(projectId);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={cabin?._id}
      className="max-w-xl"
      title={cabin ? 'Edit Cabin' : 'Add Cabin'}
      description="Each night of an investor's stay takes one cabin. An inactive cabin takes no new stays."
      defaultValues={() => fromCabin(cabin)}
      schema={cabinInput}
      toBody={cabinBody}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: cabin?._id, input });
        toastDone(
          cabin ? 'Updated' : 'Created',
          `Cabin “${input.name}” was ${cabin ? 'updated' : 'created'}.`,
        );
      }}
      failure="Failed to save cabin"
      submitLabel={cabin ? 'Save Changes' : 'Add Cabin'}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            <Field label="Name" error={f.error('name')}>
              <Input maxLength={80} {...f.register('name')} />
            </Field>
            <Field label="Sleeps" error={f.error('sleeps')}>
              <Input type="number" inputMode="numeric" min="1" max="50" step="1" {...f.register('sleeps')} />
            </Field>
          </div>
          <Field label="Description" error={f.error('description')}>
            <Textarea rows={3} maxLength={2000} {...f.register('description')} />
          </Field>
          <Field
            label="Photos"
            hint="One address a line, starting with / or https://"
            error={f.error('photos')}
          >
            <Textarea rows={3} spellCheck={false} {...f.register('photos')} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              {...f.register('active')}
            />
            Active (takes new stays)
          </label>
        </>
      )}
    </FormDialog>
  );
}

interface SeasonForm {
  name: string;
  startsOn: string;
  endsOn: string;
  maxNightsPerInvestor: string;
}

const fromSeason = (s: HighSeason | null): SeasonForm => ({
  name: s?.name ?? '',
  startsOn: s?.startsOn ?? '',
  endsOn: s?.endsOn ?? '',
  maxNightsPerInvestor: s ? String(s.maxNightsPerInvestor) : '',
});

const seasonBody = (f: SeasonForm): HighSeasonInput => ({
  name: f.name.trim(),
  startsOn: f.startsOn,
  endsOn: f.endsOn,
  maxNightsPerInvestor: typedNumber(f.maxNightsPerInvestor),
});

/** Add or edit a high-season period of the selected project, with its per-investor limit. */
export function SeasonDialog({
  open,
  season,
  projectId,
  onClose,
}: {
  open: boolean;
  season: HighSeason | null;
  projectId: string;
  onClose: () => void;
}) {
  const save = useSaveSeason(projectId);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={season?._id}
      className="max-w-xl"
      title={season ? 'Edit High Season' : 'Add High Season'}
      description="Both dates are included. Each investor may hold at most the given nights of the period."
      defaultValues={() => fromSeason(season)}
      schema={highSeasonInput}
      toBody={seasonBody}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: season?._id, input });
        toastDone(
          season ? 'Updated' : 'Created',
          `High season “${input.name}” was ${season ? 'updated' : 'created'}.`,
        );
      }}
      failure="Failed to save high season"
      submitLabel={season ? 'Save Changes' : 'Add High Season'}
    >
      {(f) => (
        <>
          <Field label="Name" error={f.error('name')}>
            <Input maxLength={80} {...f.register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Start date" error={f.error('startsOn')}>
              <Input type="date" {...f.register('startsOn')} />
            </Field>
            <Field label="End date" error={f.error('endsOn')}>
              <Input type="date" {...f.register('endsOn')} />
            </Field>
          </div>
          <Field label="High-season nights per investor" error={f.error('maxNightsPerInvestor')}>
            <Input
              type="number"
              inputMode="numeric"
              min="0"
              max="366"
              step="1"
              {...f.register('maxNightsPerInvestor')}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
