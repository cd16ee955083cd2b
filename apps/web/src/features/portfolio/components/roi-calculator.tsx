import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Calculator } from 'lucide-react';
import type { ROI_SCENARIOS } from '@portal/contracts';
import {
  ROI_AMOUNT_MAX,
  ROI_DEFAULTS,
  ROI_NIGHTLY_RATE_MAX,
  ROI_NIGHTS_MAX,
  ROI_NIGHTS_MIN,
  ROI_SHARE_MAX,
  parseRoiInput,
  projectRoi,
  roiInputProblems,
} from '@portal/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';

type Field = 'amountInvested' | 'nightlyRate' | 'nightsPerMonth' | 'sharePerNight';

/** Each field's label. */
const FIELD_LABEL = {
  amountInvested: 'roi.amountInvested',
  nightlyRate: 'roi.nightlyRate',
  nightsPerMonth: 'roi.nightsPerMonth',
  sharePerNight: 'roi.sharePerNight',
} as const satisfies Record<Field, string>;

/** Each scenario's name. */
const SCENARIO_LABEL = {
  conservative: 'roi.scenario.conservative',
  moderate: 'roi.scenario.moderate',
  optimistic: 'roi.scenario.optimistic',
} as const satisfies Record<(typeof ROI_SCENARIOS)[number]['id'], string>;

/**
 * A field's problem, as the contract words it in English, in the page's language: what the field
 * allows. A message it does not know is shown as it is.
 */
function problemText(
  t: TFunction<'portfolio'>,
  field: Field,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const label = t(FIELD_LABEL[field]);
  if (message.endsWith('must be a number')) return t('roi.problem.notANumber', { field: label });
  if (field === 'amountInvested' && message.includes('more than'))
    return t('roi.problem.amountPositive', { min: formatMoney(0) });
  if (field === 'amountInvested' && message.includes('at most'))
    return t('roi.problem.amountMax', { max: formatMoney(ROI_AMOUNT_MAX) });
  if (field === 'nightlyRate' && message.includes('negative')) return t('roi.problem.rateNegative');
  if (field === 'nightlyRate' && message.includes('at most'))
    return t('roi.problem.rateMax', { max: formatMoney(ROI_NIGHTLY_RATE_MAX) });
  const range = { min: formatNumber(ROI_NIGHTS_MIN), max: formatNumber(ROI_NIGHTS_MAX) };
  if (field === 'nightsPerMonth' && message.includes('whole number'))
    return t('roi.problem.nightsWhole', range);
  if (field === 'nightsPerMonth') return t('roi.problem.nightsRange', range);
  if (field === 'sharePerNight') return t('roi.problem.shareRange', { max: formatNumber(ROI_SHARE_MAX) });
  return message;
}

function NumberField({
  label,
  value,
  onChange,
  prefix,
  suffix,
  min = 0,
  max,
  step,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  prefix?: string;
  suffix?: string;
  min?: number;
  max?: number;
  step?: string;
  /** What the field allows, when its value is outside it. */
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {prefix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
          >
            {prefix}
          </span>
        )}
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step ?? 'any'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('tabular', prefix && 'pl-7', suffix && 'pr-8')}
        />
        {suffix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            {suffix}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function Result({ label, detail, children }: { label: string; detail: string; children: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border bg-card px-3 py-2.5">
      <div className="min-w-0">
        <p className="text-sm font-medium">{label}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      <div className="shrink-0 whitespace-nowrap text-right">{children}</div>
    </li>
  );
}

/**
 * ROI Projections Calculator (docs/product.md §6). Inputs stay as typed, each with a message next to it when
 * outside its bounds (an amount above €0, a rate up to €10,000, 1 to 30 nights, a share up to 100%); the
 * arithmetic counts what cannot be parsed as 0, negatives as 0 and a value above its bound as the bound.
 */
export function RoiCalculator() {
  const [values, setValues] = useState<Record<Field, string>>({
    amountInvested: String(ROI_DEFAULTS.amountInvested),
    nightlyRate: String(ROI_DEFAULTS.nightlyRate),
    nightsPerMonth: String(ROI_DEFAULTS.nightsPerMonth),
    sharePerNight: String(ROI_DEFAULTS.sharePerNight),
  });
  const set = (k: Field) => (v: string) => setValues((s) => ({ ...s, [k]: v }));
  const projection = projectRoi({
    amountInvested: parseRoiInput(values.amountInvested),
    nightlyRate: parseRoiInput(values.nightlyRate),
    nightsPerMonth: parseRoiInput(values.nightsPerMonth),
    sharePerNight: parseRoiInput(values.sharePerNight),
  });
  const { inputs } = projection;
  const problems = roiInputProblems(values);
  const { t } = useTranslation('portfolio');
  const problem = (k: Field) => problemText(t, k, problems[k]);

  return (
    <Card className="flex h-full flex-col" aria-labelledby="roi-heading" role="region">
      <CardHeader className="pb-4">
        <div className="flex items-center gap-2">
          <Calculator className="size-5 text-primary" aria-hidden="true" />
          <CardTitle id="roi-heading">{t('roi.title')}</CardTitle>
        </div>
        <CardDescription>{t('roi.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={t('roi.amountInvested')}
            prefix="€"
            max={ROI_AMOUNT_MAX}
            value={values.amountInvested}
            onChange={set('amountInvested')}
            error={problem('amountInvested')}
          />
          <NumberField
            label={t('roi.nightlyRate')}
            prefix="€"
            max={ROI_NIGHTLY_RATE_MAX}
            value={values.nightlyRate}
            onChange={set('nightlyRate')}
            error={problem('nightlyRate')}
          />
          <NumberField
            label={t('roi.nightsPerMonth')}
            min={ROI_NIGHTS_MIN}
            max={ROI_NIGHTS_MAX}
            step="1"
            value={values.nightsPerMonth}
            onChange={set('nightsPerMonth')}
            error={problem('nightsPerMonth')}
          />
          <NumberField
            label={t('roi.sharePerNight')}
            suffix="%"
            max={ROI_SHARE_MAX}
            value={values.sharePerNight}
            onChange={set('sharePerNight')}
            error={problem('sharePerNight')}
          />
        </div>
        <div aria-live="polite" className="grid gap-3">
          <div className="rounded-lg bg-accent px-4 py-3 text-accent-foreground">
            <p className="text-sm">{t('roi.exactMonthly')}</p>
            <p className="tabular text-2xl font-semibold" data-testid="roi-monthly">
              {formatMoney(projection.monthlyReturn)}
              <span className="text-sm font-normal"> {t('roi.perMonth')}</span>
            </p>
            <p className="text-xs opacity-80">
              {t('roi.formula', {
                nights: formatNumber(inputs.nightsPerMonth, 4),
                rate: formatMoney(inputs.nightlyRate),
                share: formatNumber(inputs.sharePerNight, 4),
              })}
            </p>
          </div>
          <ul className="grid gap-2" aria-label={t('roi.scenarios')}>
            {projection.scenarios.map((s) => (
              <Result
                key={s.id}
                label={t(SCENARIO_LABEL[s.id])}
                detail={t('roi.scenarioDetail', {
                  count: s.nights,
                  n: formatNumber(s.nights),
                  occupancy: formatNumber(s.occupancy),
                })}
              >
                <p className="tabular font-semibold" data-testid={`roi-${s.id}-monthly`}>
                  {formatMoney(s.monthlyReturn)}
                  <span className="text-xs font-normal text-muted-foreground"> {t('roi.perMonth')}</span>
                </p>
                <p className="tabular text-xs text-success" data-testid={`roi-${s.id}-annual`}>
                  {t('roi.annualRoi', { percent: formatPercent(s.annualROI) })}
                </p>
              </Result>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
