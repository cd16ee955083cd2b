import { cn } from '@/lib/cn';

/** The logo: a cabin roof with a lit window, and the product's name. */
export function BrandMark({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <div className={cn('flex items-center gap-2.5 font-semibold', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="oklch(0.45 0.085 170)" />
        <path d="M12 44 32 20l20 24z" fill="oklch(0.83 0.13 80)" />
        <rect x="27" y="34" width="10" height="10" rx="1" fill="oklch(0.3 0.06 175)" />
      </svg>
      {!compact && <span className="text-lg tracking-tight">Investor Portal</span>}
    </div>
  );
}
