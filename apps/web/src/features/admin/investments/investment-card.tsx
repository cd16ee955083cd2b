import { useState, type FormEvent } from 'react';
import { Save, Trash2 } from 'lucide-react';
import { updateUserInput, type AdminInvestment } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { confirmAction } from '@/lib/confirm';
import { formatMoney, formatPercent } from '@/lib/format';
import { useUpdateUser } from '@/queries/users';
import { toastDone, toastFailed } from '../components/feedback';

/** The body of a save: only the selected project's entry, with an amount above 0 (docs/product.md §18). */
export function investmentsPayload(projectId: string, amount: number, startDate: string) {
  const entries =
    Number.isFinite(amount) && amount > 0 ? [{ projectId, amount, startDate: startDate || null }] : [];
  return { projectId, investments: entries };
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
  const [amount, setAmount] = useState(investment ? String(investment.amount) : '');
  const [startDate, setStartDate] = useState(investment?.startDate ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUser();
  const fe = useFieldErrors();

  async function onSave(e: FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      setError('Enter an amount above 0');
      return;
    }
    setError(null);
    const input = investmentsPayload(projectId, value, startDate);
    if (!fe.check(updateUserInput, input, (m) => toastFailed('Failed to save investments', new Error(m))))
      return;
    try {
      await update.mutateAsync({ id: userId, input });
      toastDone('Updated', `${userName}'s investment in ${projectName} is ${formatMoney(value)}.`);
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to save investments', err);
    }
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
      setAmount('');
      setStartDate('');
      toastDone('Investment removed', `${userName} is no longer linked to ${projectName}.`);
    } catch (err) {
      toastFailed('Failed to remove investment', err);
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
        <form ref={fe.formRef} onSubmit={(e) => void onSave(e)} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount invested (€)" error={error ?? fe.of('investments.amount')}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field>
            <Field label="Start date" error={fe.of('investments.startDate')}>
              <Input type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
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
