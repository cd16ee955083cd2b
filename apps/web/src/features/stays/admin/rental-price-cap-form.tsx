import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { rentalSettingsInput } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useRentalSettings, useSetRentalSettings } from '@/queries/bookings';

interface CapForm {
  rentalPriceCap: string;
}

/** The body from the form: the cap as a number ('' and text stay unparsable, so the contract names them). */
const toBody = (v: CapForm) => ({
  rentalPriceCap: v.rentalPriceCap.trim() === '' ? Number.NaN : Number(v.rentalPriceCap),
});

/**
 * The rental price cap: the highest price a night an investor may ask when renting out nights. A request
 * above it is refused, with a message naming the cap.
 */
export function RentalPriceCapForm() {
  const { t } = useTranslation(['stays', 'common']);
  const current = useRentalSettings();
  const { register, handleSubmit, setError, formState } = useForm<CapForm>({
    defaultValues: { rentalPriceCap: '' },
    values: current.data ? { rentalPriceCap: String(current.data.rentalPriceCap) } : undefined,
    resolver: contractResolver<CapForm>(rentalSettingsInput, toBody, () => true),
    reValidateMode: 'onSubmit',
  });
  const save = useSetRentalSettings({ onSuccess: () => toast({ title: t('admin.updated') }) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toBody(values));
    } catch (err) {
      const message = serverFieldErrors(err).rentalPriceCap;
      if (message) setError('rentalPriceCap', { message }, { shouldFocus: true });
    }
  });

  if (!current.data) return null;
  return (
    <section aria-labelledby="rental-price-cap-heading" className="mt-8 grid gap-4">
      <div>
        <h2 id="rental-price-cap-heading" className="text-xl font-semibold tracking-tight">
          {t('admin.cap.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.cap.description')}</p>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-xs gap-3">
        <Field label={t('admin.cap.label')} error={formState.errors.rentalPriceCap?.message}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('rentalPriceCap')} />
        </Field>
        <Button type="submit" disabled={save.isPending} className="justify-self-start">
          {save.isPending ? t('common:saving') : t('admin.cap.save')}
        </Button>
      </form>
    </section>
  );
}
