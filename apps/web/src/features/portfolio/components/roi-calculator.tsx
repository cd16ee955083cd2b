import { useId, useState, type ReactNode } from 'react';
import { Calculator } from 'lucide-react';
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
import { formatCount, formatMoney, formatPercent } from '@/lib/format';

type Field = 'amountInvested' | 'nightlyRate' | 'nightsPerMonth' | 'sharePerNight';

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

  return (
    <Card className="flex h-full flex-col" aria-labelledby="roi-heading" role="region">
      <CardHeader className="pb-4">
        <div className="flex items-center gap-2">
          <Calculator className="size-5 text-primary" aria-hidden="true" />
          <CardTitle id="roi-heading">ROI Projections Calculator</CardTitle>
        </div>
        <CardDescription>See what a cabin share could earn you each month.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label="Amount Invested"
            prefix="€"
            max={ROI_AMOUNT_MAX}
            value={values.amountInvested}
            onChange={set('amountInvested')}
            error={problems.amountInvested}
          />
          <NumberField
            label="Nightly Rate"
            prefix="€"
            max={ROI_NIGHTLY_RATE_MAX}
            value={values.nightlyRate}
            onChange={set('nightlyRate')}
            error={problems.nightlyRate}
          />
          <NumberField
            label="Nights/Month"
            min={ROI_NIGHTS_MIN}
            max={ROI_NIGHTS_MAX}
            step="1"
            value={values.nightsPerMonth}
            onChange={set('nightsPerMonth')}
            error={problems.nightsPerMonth}
          />
          <NumberField
            label="Share per Night"
            suffix="%"
            max={ROI_SHARE_MAX}
            value={values.sharePerNight}
            onChange={set('sharePerNight')}
            error={problems.sharePerNight}
          />
        </div>
        <div aria-live="polite" className="grid gap-3">
          <div className="rounded-lg bg-accent px-4 py-3 text-accent-foreground">
            <p className="text-sm">Exact monthly return</p>
            <p className="tabular text-2xl font-semibold" data-testid="roi-monthly">
              {formatMoney(projection.monthlyReturn)}
              <span className="text-sm font-normal"> / month</span>
            </p>
            <p className="text-xs opacity-80">
              {inputs.nightsPerMonth} nights × {formatMoney(inputs.nightlyRate)} × {inputs.sharePerNight}%
            </p>
          </div>
          <ul className="grid gap-2" aria-label="Scenarios for a 30-day month">
            {projection.scenarios.map((s) => (
              <Result
                key={s.id}
                label={s.label}
                detail={`${s.occupancy}% occupancy · ${formatCount(s.nights, 'night')}`}
              >
                <p className="tabular font-semibold" data-testid={`roi-${s.id}-monthly`}>
                  {formatMoney(s.monthlyReturn)}
                  <span className="text-xs font-normal text-muted-foreground"> / month</span>
                </p>
                <p className="tabular text-xs text-success" data-testid={`roi-${s.id}-annual`}>
                  {formatPercent(s.annualROI)} annual ROI
                </p>
              </Result>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
