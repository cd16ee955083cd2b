import { useTranslation } from 'react-i18next';
import {
  cabinInput,
  highSeasonInput,
  type Cabin,
  type CabinGuide,
  type CabinInput,
  type HighSeason,
  type HighSeasonInput,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { useSaveCabin, useSaveSeason } from '@/queries/cabins';
import { toastDone } from '@/components/admin/feedback';
import { GUIDE_LABELS } from '../components/stay-guide';

interface CabinForm {
  name: string;
  sleeps: string;
  description: string;
  /** One address a line. */
  photos: string;
  active: boolean;
  guide: CabinGuide;
}

const GUIDE_FIELDS = ['address', 'access', 'houseRules', 'wifi', 'waste', 'contacts'] as const;
const NO_GUIDE: CabinGuide = { address: '', access: '', houseRules: '', wifi: '', waste: '', contacts: '' };

const fromCabin = (c: Cabin | null): CabinForm => ({
  name: c?.name ?? '',
  sleeps: c ? String(c.sleeps) : '',
  description: c?.description ?? '',
  photos: c?.photos.join('\n') ?? '',
  active: c?.active ?? true,
  guide: { ...NO_GUIDE, ...c?.guide },
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
  guide: GUIDE_FIELDS.some((k) => f.guide[k].trim())
    ? (Object.fromEntries(GUIDE_FIELDS.map((k) => [k, f.guide[k].trim()])) as CabinGuide)
    : null,
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
  const { t } = useTranslation('stays');
  const failure = t('admin.cabins.saveFailed');
  const save = useSaveCabin(projectId, { failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={cabin?._id}
      className="max-w-xl"
      title={cabin ? t('admin.cabins.edit') : t('admin.cabins.add')}
      description={t('admin.cabins.dialogDescription')}
      defaultValues={() => fromCabin(cabin)}
      schema={cabinInput}
      toBody={cabinBody}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: cabin?._id, input });
        toastDone(
          cabin ? t('admin.updated') : t('admin.created'),
          cabin
            ? t('admin.cabins.updatedText', { name: input.name })
            : t('admin.cabins.createdText', { name: input.name }),
        );
      }}
      failure={failure}
      submitLabel={cabin ? t('admin.saveChanges') : t('admin.cabins.add')}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            <Field label={t('admin.name')} error={f.error('name')}>
              <Input maxLength={80} {...f.register('name')} />
            </Field>
            <Field label={t('admin.cabins.sleeps')} error={f.error('sleeps')}>
              <Input type="number" inputMode="numeric" min="1" max="50" step="1" {...f.register('sleeps')} />
            </Field>
          </div>
          <Field label={t('admin.descriptionLabel')} error={f.error('description')}>
            <Textarea rows={3} maxLength={2000} {...f.register('description')} />
          </Field>
          <Field
            label={t('admin.cabins.photos')}
            hint={t('admin.cabins.photosHint')}
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
            {t('admin.cabins.activeLabel')}
          </label>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">{t('admin.cabins.guide')}</legend>
            <p className="text-xs text-muted-foreground">{t('admin.cabins.guideHint')}</p>
            {GUIDE_FIELDS.map((k) => (
              <Field key={k} label={t(GUIDE_LABELS[k])} error={f.error(`guide.${k}`)}>
                <Textarea
                  rows={2}
                  maxLength={k === 'houseRules' ? 2000 : 1000}
                  {...f.register(`guide.${k}`)}
                />
              </Field>
            ))}
          </fieldset>
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
  const { t } = useTranslation('stays');
  const failure = t('admin.seasons.saveFailed');
  const save = useSaveSeason(projectId, { failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={season?._id}
      className="max-w-xl"
      title={season ? t('admin.seasons.edit') : t('admin.seasons.add')}
      description={t('admin.seasons.dialogDescription')}
      defaultValues={() => fromSeason(season)}
      schema={highSeasonInput}
      toBody={seasonBody}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: season?._id, input });
        toastDone(
          season ? t('admin.updated') : t('admin.created'),
          season
            ? t('admin.seasons.updatedText', { name: input.name })
            : t('admin.seasons.createdText', { name: input.name }),
        );
      }}
      failure={failure}
      submitLabel={season ? t('admin.saveChanges') : t('admin.seasons.add')}
    >
      {(f) => (
        <>
          <Field label={t('admin.name')} error={f.error('name')}>
            <Input maxLength={80} {...f.register('name')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('admin.seasons.startDate')} error={f.error('startsOn')}>
              <Input type="date" {...f.register('startsOn')} />
            </Field>
            <Field label={t('admin.seasons.endDate')} error={f.error('endsOn')}>
              <Input type="date" {...f.register('endsOn')} />
            </Field>
          </div>
          <Field label={t('admin.seasons.maxNights')} error={f.error('maxNightsPerInvestor')}>
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
