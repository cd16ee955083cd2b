import { Progress as P } from 'radix-ui';
import { cn } from '@/lib/cn';

/**
 * A progress bar; `label` names it for screen readers. `value` is of `max` (100: a percentage), so that
 * `aria-valuenow`/`aria-valuemax` can be counts ('3200 of 11000'); `valueText` is what a screen reader
 * says of the value (`aria-valuetext`; by default the percentage).
 */
export function Progress({
  value,
  max = 100,
  label,
  valueText,
  className,
}: {
  value: number;
  max?: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const top = Number.isFinite(max) && max > 0 ? max : 100;
  const v = Math.max(0, Math.min(top, Number.isFinite(value) ? value : 0));
  return (
    <P.Root
      value={v}
      max={top}
      aria-label={label}
      {...(valueText ? { getValueLabel: () => valueText } : {})}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <P.Indicator
        className="h-full rounded-full bg-primary transition-[width]"
        style={{ width: `${(v / top) * 100}%` }}
      />
    </P.Root>
  );
}
