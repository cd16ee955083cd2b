import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Save, Trash2 } from 'lucide-react';
import { investmentInput, type AdminInvestment } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contractResolver } from '@/components/ui/contract-resolver';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { confirmAction } from '@/lib/confirm';
import { formatMoney, formatPercent } from '@/lib/format';
import { useUpdateUser } from '@/queries/admin-users';
import { toastDone, toastFailed } from '@/components/admin/feedback';

/** The body of a save: only the selected project's entry, with an amount above 0 (docs/product.md §18). */
export function investmentsPayload(projectId: string, amount: number, startDate: string) {
  const entries =
    Number.isFinite(amount) && amount > 0 ? [{ projectId, amount, startDate: startDate || null }] : [];
  return { projectId, investments: entries };
}

interface InvestmentForm {
  amount: string;
  startDate: string;
}

/** The user's investment in the selected project: amount and start date; save or remove. */
export function InvestmentCard({
  userId,
  userName,
  projectId,
  projectName,
  investment,
}: {
  userId: string;
  userName: string;
  projectId: string;
  projectName: string;
  investment: AdminInvestment | undefined;
}) {
  const { t } = useTranslation('investments');
  const update = useUpdateUser({
    failure: ({ input }) =>
      input.investments?.length === 0 ? t('investment.failedRemove') : t('investment.failedSave'),
  });
  const { register, handleSubmit, setError, clearErrors, getValues, reset, formState } =
    useForm<InvestmentForm>({
      defaultValues: {
        amount: investment ? String(investment.amount) : '',
        startDate: investment?.startDate ?? '',
      },
      // The entry the body's `investments` holds (its schema in the server's body schema, updateUserInput).
      resolver: contractResolver<InvestmentForm>(
        investmentInput,
        (v) => ({ projectId, amount: Number(v.amount), startDate: v.startDate || null }),
        (name) => name === 'amount' || name === 'startDate',
      ),
      // Messages stay until the next submit.
      reValidateMode: 'onSubmit',
    });
  const { errors } = formState;

  const save = handleSubmit(
    async ({ amount, startDate }) => {
      const value = Number(amount);
      try {
        await update.mutateAsync({ id: userId, input: investmentsPayload(projectId, value, startDate) });
        toastDone(
          t('investment.updated'),
          t('investment.updatedText', { name: userName, project: projectName, amount: formatMoney(value) }),
        );
      } catch (err) {
        // A 400's field problems next to their fields, the first of them focused.
        const fields = serverFieldErrors(err);
        const invalid = (['amount', 'startDate'] as const).filter((k) => fields[`investments.${k}`]);
        invalid.forEach((k, i) =>
          setError(k, { message: fields[`investments.${k}`] }, { shouldFocus: i === 0 }),
        );
      }
    },
    (invalid) => {
      const first = invalid.amount ?? invalid.startDate;
      if (first?.message) toastFailed(t('investment.failedSave'), new Error(first.message));
    },
  );

  function onSave(e: FormEvent) {
    e.preventDefault();
    // The spec's own first check (an amount of 0 would remove the investment), before the contract's.
    const amount = getValues('amount');
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      clearErrors();
      setError('amount', { type: 'precheck', message: t('investment.amountAbove0') });
      return;
    }
    void save(e);
  }

  async function onRemove() {
    const ok = await confirmAction({
      title: t('investment.removeTitle', { name: userName, project: projectName }),
      description: t('investment.removeText'),
      confirmLabel: t('investment.removeConfirm'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ id: userId, input: { projectId, investments: [] } });
      reset({ amount: '', startDate: '' });
      toastDone(
        t('investment.removed'),
        t('investment.removedText', { name: userName, project: projectName }),
      );
    } catch {
      // Told by the write's failure toast.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('investment.title', { project: projectName })}</CardTitle>
        <CardDescription>
          {!investment
            ? t('investment.notLinked')
            : investment.amount > 0
              ? t('investment.returnsToDateShare', {
                  amount: formatMoney(investment.returns),
                  share: formatPercent((investment.returns / investment.amount) * 100),
                })
              : t('investment.returnsToDate', { amount: formatMoney(investment.returns) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSave} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('investment.amount')} error={errors.amount?.message}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('amount')} />
            </Field>
            <Field label={t('investment.startDate')} error={errors.startDate?.message}>
              <Input type="date" {...register('startDate')} />
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending}>
              <Save aria-hidden="true" />
              {update.isPending ? t('investment.saving') : t('investment.save')}
            </Button>
            {investment && (
              <Button
                variant="outline"
                className="text-destructive"
                onClick={() => void onRemove()}
                disabled={update.isPending}
              >
                <Trash2 aria-hidden="true" />
                {t('investment.remove')}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
