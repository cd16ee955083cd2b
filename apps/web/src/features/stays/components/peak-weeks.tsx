import { useState } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_ALLOCATION_CHOICES, todayIso, type Allocation } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAllocations, useSaveAllocationPreferences } from '@/queries/allocations';
import { AllocationResultView, allocationStayLine, DrawCheck } from './allocation-result';

/** The ranking of one open allocation: a checkbox per stay, the chosen ones in order, and Save. */
function Ranking({ allocation, closed }: { allocation: Allocation; closed: boolean }) {
  const { t } = useTranslation('stays');
  const [choices, setChoices] = useState(allocation.myChoices);
  const save = useSaveAllocationPreferences({ failure: t('allocations.saveFailed') });
  const lineOf = new Map(allocation.stays.map((s) => [s._id, allocationStayLine(s)]));
  const full = choices.length >= MAX_ALLOCATION_CHOICES;
  const changed = choices.join() !== allocation.myChoices.join();

  const toggle = (id: string, on: boolean) =>
    setChoices((c) => (on ? (c.includes(id) ? c : [...c, id]) : c.filter((x) => x !== id)));
  const move = (from: number, to: number) =>
    setChoices((c) => {
      const next = [...c];
      const [id] = next.splice(from, 1);
      next.splice(to, 0, id!);
      return next;
    });

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2" disabled={closed}>
        <legend className="mb-1 text-sm font-medium">{t('allocations.staysLabel')}</legend>
        <p className="text-xs text-muted-foreground">
          {t('allocations.limit', { max: formatNumber(MAX_ALLOCATION_CHOICES) })}
        </p>
        {allocation.stays.map((s) => {
          const on = choices.includes(s._id);
          return (
            <label key={s._id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={on}
                disabled={!on && full}
                onChange={(e) => toggle(s._id, e.target.checked)}
              />
              <span className="tabular">{lineOf.get(s._id)}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t('allocations.ranking')}</h3>
        {choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('allocations.rankingEmpty')}</p>
        ) : (
          <ol className="grid gap-2" aria-label={t('allocations.ranking')}>
            {choices.map((id, i) => {
              const stay = lineOf.get(id) ?? '';
              return (
                <li key={id} className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm">
                  <span className="min-w-0 flex-1 tabular">
                    <span className="font-semibold">{formatNumber(i + 1)}.</span> {stay}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={closed || i === 0}
                      aria-label={t('allocations.moveUpStay', { stay })}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                      {t('allocations.moveUp')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={closed || i === choices.length - 1}
                      aria-label={t('allocations.moveDownStay', { stay })}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                      {t('allocations.moveDown')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={closed}
                      aria-label={t('allocations.removeStay', { stay })}
                      onClick={() => toggle(id, false)}
                    >
                      <X aria-hidden="true" />
                      {t('allocations.remove')}
                    </Button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {!closed && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            disabled={!changed || save.isPending}
            onClick={() =>
              save.mutate(
                { id: allocation._id, choices },
                { onSuccess: () => toast({ title: t('allocations.saved') }) },
              )
            }
          >
            {t('allocations.save')}
          </Button>
          {changed && <p className="text-sm text-muted-foreground">{t('allocations.unsaved')}</p>}
        </div>
      )}
    </div>
  );
}

/** One allocation: its rule and dates, then the ranking while it is open, or the result once run. */
function AllocationCard({ allocation, now }: { allocation: Allocation; now: number }) {
  const { t } = useTranslation('stays');
  const closed = Date.parse(allocation.preferencesDue) <= now;
  const dates = {
    due: formatDate(allocation.preferencesDue, 'full'),
    runs: formatDate(allocation.runsAt, 'full'),
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('allocations.cardTitle', { title: allocation.title })}</CardTitle>
        <CardDescription>{t('allocations.rule')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {allocation.status === 'run' ? (
          <AllocationResultView allocation={allocation} />
        ) : (
          <>
            <p className="text-sm">
              {closed ? t('allocations.closed', dates) : t('allocations.dates', dates)}
            </p>
            {/* A new ranking from the server (saved here or in another tab) starts the form again. */}
            <Ranking key={allocation.myChoices.join()} allocation={allocation} closed={closed} />
            <DrawCheck seed={null} seedHash={allocation.seedHash} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * "Peak weeks" on Perks: a card per allocation of the project that is open, or has run and still has
 * stays ahead (its result). Nothing when there are none.
 */
export function PeakWeeks({ projectId }: { projectId: string }) {
  const allocations = useAllocations(projectId).data ?? [];
  const today = todayIso();
  const shown = allocations.filter((a) => a.status === 'open' || a.stays.some((s) => s.checkOut >= today));
  if (!shown.length) return null;
  const now = Date.now();
  return (
    <>
      {shown.map((a) => (
        <AllocationCard key={a._id} allocation={a} now={now} />
      ))}
    </>
  );
}
