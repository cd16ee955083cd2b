import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { cabinAllowanceInput, type CabinAllowance } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useAllowance, useSaveAllowance } from '@/queries/allowances';
import { toastDone, toastFailed } from '@/components/admin/feedback';

const inFiveYears = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 5);
  return d.toISOString().slice(0, 10);
};

interface AllowanceValues {
  totalNights: string;
  bonusNights: string;
  expiresAt: string;
}
const FIELDS = ['totalNights', 'bonusNights', 'expiresAt'] as const;

const toBody = (v: AllowanceValues) => ({
  totalNights: Number(v.totalNights),
  bonusNights: Number(v.bonusNights || 0),
  expiresAt: v.expiresAt,
});

/** The user's cabin-night allowance in the selected project. */
export function AllowanceCard({ userId, projectId }: { userId: string; projectId: string }) {
  const { t } = useTranslation('investments');
  const { data, isLoading, isError } = useAllowance(userId, projectId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('allowance.title')}</CardTitle>
        <CardDescription>
          {data
            ? t('allowance.summary', {
                remaining: formatNumber(data.remainingNights),
                nights: t('count.nights', { count: data.totalNights, n: formatNumber(data.totalNights) }),
                booked: formatNumber(data.bookedNights),
                bonus: t('count.bonusNights', {
                  count: data.bonusNightsRemaining,
                  n: formatNumber(data.bonusNightsRemaining),
                }),
              })
            : t('allowance.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-20" />
        ) : isError ? (
          <p className="text-sm text-destructive">{t('allowance.failedLoad')}</p>
        ) : (
          <AllowanceForm
            key={data?.updatedAt ?? 'new'}
            userId={userId}
            projectId={projectId}
            allowance={data ?? null}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AllowanceForm({
  userId,
  projectId,
  allowance,
}: {
  userId: string;
  projectId: string;
  allowance: CabinAllowance | null;
}) {
  const { t } = useTranslation('investments');
  const save = useSaveAllowance(userId, projectId);
  const { register, handleSubmit, setError, clearErrors, getValues, formState } = useForm<AllowanceValues>({
    defaultValues: {
      totalNights: String(allowance?.totalNights ?? ''),
      bonusNights: String(allowance?.bonusNights ?? 0),
      expiresAt: allowance?.expiresAt ?? inFiveYears(),
    },
    resolver: contractResolver<AllowanceValues>(cabinAllowanceInput, toBody, () => true),
    // Messages stay until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  const send = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(toBody(values));
        toastDone(t('allowance.updated'), t('allowance.saved'));
      } catch (err) {
        // A 400's field problems next to their fields, the first of them focused.
        const fields = serverFieldErrors(err);
        const invalid = FIELDS.filter((k) => fields[k]);
        invalid.forEach((k, i) => setError(k, { message: fields[k] }, { shouldFocus: i === 0 }));
      }
    },
    (invalid) => {
      const first = FIELDS.map((k) => invalid[k]?.message).find(Boolean);
      if (first) toastFailed(t('allowance.failedSave'), new Error(first));
    },
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The spec's own first check, above the fields, before the contract's.
    const { totalNights, expiresAt } = getValues();
    if (totalNights.trim() === '' || !expiresAt) {
      clearErrors();
      setError('root', { type: 'precheck', message: t('allowance.fillInAll') });
      return;
    }
    void send(e);
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {errors.root && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('allowance.totalNights')} error={errors.totalNights?.message}>
          <Input type="number" min={0} step={1} {...register('totalNights')} />
        </Field>
        <Field label={t('allowance.bonusNights')} error={errors.bonusNights?.message}>
          <Input type="number" min={0} step={1} {...register('bonusNights')} />
        </Field>
        <Field label={t('allowance.expiresOn')} error={errors.expiresAt?.message}>
          <Input type="date" {...register('expiresAt')} />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? t('allowance.saving') : t('allowance.save')}
        </Button>
      </div>
    </form>
  );
}
