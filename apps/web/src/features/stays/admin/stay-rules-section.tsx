import { useEffect, useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StayRuleSeason } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { serverFieldErrors } from '@/components/ui/field-errors';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAdminStayRules, useSaveStayRules } from '@/queries/stay-rules';

/** Monday first, as the calendars show the week (0 = Sunday … 6 = Saturday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

interface SeasonRow {
  key: number;
  from: string;
  to: string;
  minNights: string;
  checkInWeekdays: number[];
}

const rowOf = (s: StayRuleSeason, key: number): SeasonRow => ({
  key,
  from: s.from,
  to: s.to,
  minNights: String(s.minNights),
  checkInWeekdays: s.checkInWeekdays,
});

/** A number field's value for the contract: '' and text stay unparsable, so the server names them. */
const numberOf = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/**
 * The project's stay rules, edited as a whole (issue 35): turnover days, last-minute days and the seasons
 * with their minimum stay and check-in days. The server checks them and names each field it refuses.
 */
export function StayRulesSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation(['stays', 'common']);
  const headingId = useId();
  const current = useAdminStayRules(projectId);
  const save = useSaveStayRules(projectId, { failure: { fallback: t('admin.rules.saveFailed') } });
  const [turnover, setTurnover] = useState('0');
  const [lastMinute, setLastMinute] = useState('0');
  const [seasons, setSeasons] = useState<SeasonRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nextKey, setNextKey] = useState(1000);

  useEffect(() => {
    if (!current.data) return;
    setTurnover(String(current.data.turnoverDays));
    setLastMinute(String(current.data.lastMinuteDays));
    setSeasons(current.data.seasons.map(rowOf));
  }, [current.data]);

  const seasonErrors = [
    ...new Set(Object.entries(errors).flatMap(([k, m]) => (k.startsWith('seasons') ? [m] : []))),
  ];
  const change = (key: number, patch: Partial<SeasonRow>) =>
    setSeasons((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const toggleDay = (row: SeasonRow, day: number) =>
    change(row.key, {
      checkInWeekdays: row.checkInWeekdays.includes(day)
        ? row.checkInWeekdays.filter((d) => d !== day)
        : [...row.checkInWeekdays, day].sort(),
    });
  const add = () => {
    setSeasons((rows) => [...rows, { key: nextKey, from: '', to: '', minNights: '7', checkInWeekdays: [] }]);
    setNextKey((k) => k + 1);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        turnoverDays: Number(turnover),
        lastMinuteDays: numberOf(lastMinute),
        seasons: seasons.map((s) => ({
          from: s.from,
          to: s.to,
          minNights: numberOf(s.minNights),
          checkInWeekdays: s.checkInWeekdays,
        })),
      });
      toast({ title: t('admin.rules.saved') });
    } catch (err) {
      setErrors(serverFieldErrors(err));
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('admin.rules.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.rules.description')}</p>
      </div>
      {!current.data ? (
        <div role="status" aria-label={t('admin.rules.loading')}>
          <Skeleton className="h-24" />
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
            <Field label={t('admin.rules.turnover')} error={errors.turnoverDays}>
              <select
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                value={turnover}
                onChange={(e) => setTurnover(e.target.value)}
              >
                <option value="0">{t('admin.rules.turnoverNone')}</option>
                <option value="1">{t('admin.rules.turnoverOne')}</option>
              </select>
            </Field>
            <Field
              label={t('admin.rules.lastMinute')}
              hint={t('admin.rules.lastMinuteHint')}
              error={errors.lastMinuteDays}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={365}
                value={lastMinute}
                onChange={(e) => setLastMinute(e.target.value)}
              />
            </Field>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">{t('admin.rules.seasons')}</legend>
            {/* The server files a season's problem under its field's name, without the row. */}
            {seasonErrors.length > 0 && (
              <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive">
                {seasonErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
            {seasons.length === 0 && (
              <p className="text-sm text-muted-foreground">{t('admin.rules.noSeasons')}</p>
            )}
            {seasons.map((s, i) => (
              <div
                key={s.key}
                className="grid gap-3 rounded-md border p-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto]"
              >
                <Field label={t('admin.rules.from')}>
                  <Input
                    type="date"
                    value={s.from}
                    onChange={(e) => change(s.key, { from: e.target.value })}
                  />
                </Field>
                <Field label={t('admin.rules.to')}>
                  <Input type="date" value={s.to} onChange={(e) => change(s.key, { to: e.target.value })} />
                </Field>
                <Field label={t('admin.rules.minNights')}>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={60}
                    value={s.minNights}
                    onChange={(e) => change(s.key, { minNights: e.target.value })}
                  />
                </Field>
                <Button
                  type="button"
                  variant="ghost"
                  className="self-end"
                  aria-label={t('admin.rules.removeSeason', { from: s.from ? formatDate(s.from) : i + 1 })}
                  onClick={() => setSeasons((rows) => rows.filter((r) => r.key !== s.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                <fieldset className="sm:col-span-4">
                  <legend className="mb-1 text-sm">{t('admin.rules.checkInDays')}</legend>
                  <div className="flex flex-wrap gap-3">
                    {WEEK.map((day) => (
                      <label key={day} className="flex items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          checked={s.checkInWeekdays.includes(day)}
                          onChange={() => toggleDay(s, day)}
                        />
                        {t('admin.rules.weekday', { day: String(day) })}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </div>
            ))}
            <Button type="button" variant="outline" className="justify-self-start" onClick={add}>
              <Plus aria-hidden="true" />
              {t('admin.rules.addSeason')}
            </Button>
          </fieldset>
          <Button type="submit" disabled={save.isPending} className="justify-self-start">
            {save.isPending ? t('common:saving') : t('admin.rules.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
