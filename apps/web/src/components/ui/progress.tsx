import { Progress as P } from 'radix-ui';
import { cn } from '@/lib/cn';

/** A progress bar; `label` names it for screen readers. */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <P.Root
      value={v}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <P.Indicator className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${v}%` }} />
    </P.Root>
  );
}
