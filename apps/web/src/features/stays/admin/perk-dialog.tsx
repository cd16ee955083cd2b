import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PERK_ICON,
  PERK_CATEGORIES,
  PERK_STATUSES,
  PERK_TYPES,
  perkInput,
  type Perk,
  type PerkCategory,
  type PerkInput,
  type PerkStatus,
  type PerkType,
} from '@portal/contracts';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useSavePerk } from '@/queries/perks';
import { toastDone } from '@/components/admin/feedback';
import { capitalize } from '@/components/admin/status-badge';

interface Form {
  name: string;
  type: string;
  category: string;
  icon: string;
  description: string;
  discount: string;
  status: string;
  bookingAvailable: boolean;
}

const fromPerk = (p: Perk | null): Form => ({
  name: p?.name ?? '',
  type: p?.type ?? '',
  category: p?.category ?? 'standard',
  icon: p?.icon ?? DEFAULT_PERK_ICON,
  description: p?.description ?? '',
  discount: p?.discount ?? '',
  status: p?.status ?? 'active',
  bookingAvailable: p?.bookingAvailable ?? false,
});

const toBody = (f: Form) => ({ ...f, name: f.name.trim() }) as PerkInput;

const TYPES = {
  cabin: 'admin.perkType.cabin',
  dining: 'admin.perkType.dining',
  activity: 'admin.perkType.activity',
  wellness: 'admin.perkType.wellness',
  transport: 'admin.perkType.transport',
  exclusive: 'admin.perkType.exclusive',
  other: 'admin.perkType.other',
  gift: 'admin.perkType.gift',
  featured: 'admin.perkType.featured',
  discount: 'admin.perkType.discount',
  horse: 'admin.perkType.horse',
  atv: 'admin.perkType.atv',
  safari: 'admin.perkType.safari',
  winter: 'admin.perkType.winter',
  income: 'admin.perkType.income',
  event: 'admin.perkType.event',
} as const satisfies Record<PerkType, string>;
const CATEGORIES = {
  premium: 'admin.perkCategory.premium',
  standard: 'admin.perkCategory.standard',
  bonus: 'admin.perkCategory.bonus',
  seasonal: 'admin.perkCategory.seasonal',
  exclusive: 'admin.perkCategory.exclusive',
} as const satisfies Record<PerkCategory, string>;
const STATUSES = {
  active: 'common:status.active',
  inactive: 'common:status.inactive',
  seasonal: 'common:status.seasonal',
} as const satisfies Record<PerkStatus, string>;

/** A perk's type and category by name in the page's language; one the portal does not know, capitalized. */
export function usePerkWords() {
  const { t } = useTranslation(['stays', 'common']);
  return {
    typeName: (v: string) => (Object.hasOwn(TYPES, v) ? t(TYPES[v as PerkType]) : capitalize(v)),
    categoryName: (v: string) =>
      Object.hasOwn(CATEGORIES, v) ? t(CATEGORIES[v as PerkCategory]) : capitalize(v),
  };
}

/** Create or edit a perk of the selected project ('Name, Type, and Status are required'). */
export function PerkDialog({
  open,
  perk,
  projectId,
  onClose,
}: {
  open: boolean;
  perk: Perk | null;
  projectId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['stays', 'common']);
  const { typeName, categoryName } = usePerkWords();
  const failure = t('admin.perkDialog.failed');
  const save = useSavePerk(projectId, { failure });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      formKey={perk?._id}
      className="max-w-xl"
      title={perk ? t('admin.perkDialog.edit') : t('admin.perkDialog.add')}
      description={t('admin.perkDialog.description')}
      defaultValues={() => fromPerk(perk)}
      schema={perkInput}
      toBody={toBody}
      precheck={(f) => (!f.name.trim() || !f.type || !f.status ? t('admin.perkDialog.required') : null)}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: perk?._id, input });
        toastDone(
          perk ? t('admin.updated') : t('admin.created'),
          perk
            ? t('admin.perkDialog.updatedText', { name: input.name })
            : t('admin.perkDialog.createdText', { name: input.name }),
        );
      }}
      failure={failure}
      submitLabel={perk ? t('admin.saveChanges') : t('admin.perkDialog.add')}
    >
      {(f) => (
        <>
          <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
            <Field label={t('admin.name')} error={f.error('name')}>
              <Input {...f.register('name')} />
            </Field>
            <Field label={t('admin.perkDialog.icon')} error={f.error('icon')}>
              <Input {...f.register('icon')} maxLength={16} />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t('admin.perkDialog.type')} error={f.error('type')}>
              <NativeSelect {...f.register('type')}>
                <option value="">{t('admin.perkDialog.selectType')}</option>
                {PERK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeName(type)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('admin.perkDialog.category')} error={f.error('category')}>
              <NativeSelect {...f.register('category')}>
                {PERK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryName(c)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('admin.status')} error={f.error('status')}>
              <NativeSelect {...f.register('status')}>
                <option value="">{t('admin.perkDialog.selectStatus')}</option>
                {PERK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(STATUSES[s])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field label={t('admin.descriptionLabel')} error={f.error('description')}>
            <Textarea rows={3} {...f.register('description')} />
          </Field>
          <Field
            label={t('admin.perkDialog.discount')}
            hint={t('admin.perkDialog.discountHint')}
            error={f.error('discount')}
          >
            <Input {...f.register('discount')} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              {...f.register('bookingAvailable')}
            />
            {t('admin.perkDialog.bookingAvailable')}
          </label>
        </>
      )}
    </FormDialog>
  );
}
