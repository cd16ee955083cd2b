import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** A label tied to its control, with an optional hint and an error announced to screen readers. */
export function Field({
  label,
  hint,
  error,
  description,
  className,
  children,
}: {
  label: string;
  hint?: string;
  /** Live text under the control (a password's strength), also tied to it by aria-describedby. */
  description?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const descriptionId = description ? `${id}-description` : undefined;
  const describedBy = [hintId, descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {description && <div id={descriptionId}>{description}</div>}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
