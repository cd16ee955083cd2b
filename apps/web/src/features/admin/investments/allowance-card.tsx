import { useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import { cabinAllowanceInput, type CabinAllowance } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { useFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAllowance, useSaveAllowance } from '@/queries/perks';
import { toastDone, toastFailed } from '../components/feedback';

const inFiveYears = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 5);
  return d.toISOString().slice(0, 10);
};

/** The user's cabin-night allowance in the selected project. */
export function AllowanceCard({ userId, projectId }: { userId: string; projectId: string }) {
  const { data, isLoading, isError } = useAllowance(userId, projectId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cabin-night allowance</CardTitle>
        <CardDescription>
          {data
            ? `${data.remainingNights} of ${data.totalNights} nights remaining · ${data.bookedNights} booked · ${data.bonusNightsRemaining} bonus nights left`
            : 'Nights this investor may book in the project each year of the term.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-20" />
        ) : isError ? (
          <p className="text-sm text-destructive">Failed to load data</p>
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
  const [total, setTotal] = useState(String(allowance?.totalNights ?? ''));
  const [bonus, setBonus] = useState(String(allowance?.bonusNights ?? 0));
  const [expires, setExpires] = useState(allowance?.expiresAt ?? inFiveYears());
  const [error, setError] = useState<string | null>(null);
  const save = useSaveAllowance(userId, projectId);
  const fe = useFieldErrors();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (total.trim() === '' || !expires) {
      setError('Please fill in all fields');
      return;
    }
    setError(null);
    const input = { totalNights: Number(total), bonusNights: Number(bonus || 0), expiresAt: expires };
    if (
      !fe.check(cabinAllowanceInput, input, (m) => toastFailed('Failed to save cabin nights', new Error(m)))
    )
      return;
    try {
      await save.mutateAsync(input);
      toastDone('Updated', 'Cabin-night allowance saved.');
    } catch (err) {
      fe.fromError(err);
      toastFailed('Failed to save cabin nights', err);
    }
  }

  return (
    <form ref={fe.formRef} onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Total nights" error={fe.of('totalNights')}>
          <Input type="number" min={0} step={1} value={total} onChange={(e) => setTotal(e.target.value)} />
        </Field>
        <Field label="Bonus nights" error={fe.of('bonusNights')}>
          <Input type="number" min={0} step={1} value={bonus} onChange={(e) => setBonus(e.target.value)} />
        </Field>
        <Field label="Expires on" error={fe.of('expiresAt')}>
          <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving...' : 'Save Allowance'}
        </Button>
      </div>
    </form>
  );
}
