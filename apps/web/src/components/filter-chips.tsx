import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A row of toggle buttons that filter a list, each with the count of what it would show. */
export function FilterChips<Id extends string>({
  label,
  filters,
  value,
  onChange,
  counts,
}: {
  label: string;
  filters: readonly { id: Id; label: string }[];
  value: Id;
  onChange: (id: Id) => void;
  counts: Partial<Record<Id, number>>;
}) {
  return (
    <div role="group" aria-label={label} className="-mx-1 flex flex-wrap gap-2 px-1">
      {filters.map((f) => (
        <Button
          key={f.id}
          variant={value === f.id ? 'default' : 'outline'}
          size="sm"
          aria-pressed={value === f.id}
          onClick={() => onChange(f.id)}
        >
          {f.label}
          <span
            className={cn(
              'rounded-full px-1.5 text-xs tabular',
              value === f.id ? 'bg-primary-foreground/20' : 'bg-muted text-muted-foreground',
            )}
          >
            <span className="sr-only">(</span>
            {counts[f.id] ?? 0}
            <span className="sr-only">)</span>
          </span>
        </Button>
      ))}
    </div>
  );
}
