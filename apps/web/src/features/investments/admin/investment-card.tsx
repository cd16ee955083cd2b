import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
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
  const update = useUpdateUser({
    failure: ({ input }) =>
      input.investments?.length === 0 ? 'Failed to remove investment' : 'Failed to save investments',
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
        toastDone('Updated', `${userName}'s investment in ${projectName} is ${formatMoney(value)}.`);
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
      if (first?.message) toastFailed('Failed to save investments', new Error(first.message));
    },
  );

  function onSave(e: FormEvent) {
    e.preventDefault();
    // The spec's own first check (an amount of 0 would remove the investment), before the contract's.
    const amount = getValues('amount');
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      clearErrors();
      setError('amount', { type: 'precheck', message: 'Enter an amount above 0' });
      return;
    }
    void save(e);
  }

  async function onRemove() {
    const ok = await confirmAction({
      title: `Remove ${userName}'s investment in ${projectName}?`,
      description: 'Recorded monthly returns are kept.',
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    try {
      await update.mutateAsync({ id: userId, input: { projectId, investments: [] } });
      reset({ amount: '', startDate: '' });
      toastDone('Investment removed', `${userName} is no longer linked to ${projectName}.`);
    } catch {
      // Told by the write's failure toast.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Investment in {projectName}</CardTitle>
        <CardDescription>
          {investment
            ? `Returns to date ${formatMoney(investment.returns)}${
                investment.amount > 0
                  ? ` · ${formatPercent((investment.returns / investment.amount) * 100)} of the amount`
                  : ''
              }`
            : 'Not linked to this project yet: save an amount to link them.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSave} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount invested (€)" error={errors.amount?.message}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('amount')} />
            </Field>
            <Field label="Start date" error={errors.startDate?.message}>
              <Input type="date" {...register('startDate')} />
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending}>
              <Save aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save Investment'}
            </Button>
            {investment && (
              <Button
                variant="outline"
                className="text-destructive"
                onClick={() => void onRemove()}
                disabled={update.isPending}
              >
                <Trash2 aria-hidden="true" />
                Remove Investment
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
