import {
  Binoculars,
  Motorbike,
  PartyPopper,
  PawPrint,
  Snowflake,
  UtensilsCrossed,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';

/** Icons by perk type: the seven of docs/product.md §10 (a Map, so no inherited key can match). */
const ICONS: ReadonlyMap<string, LucideIcon> = new Map([
  ['horse', PawPrint],
  ['atv', Motorbike],
  ['safari', Binoculars],
  ['winter', Snowflake],
  ['income', Wallet],
  ['event', PartyPopper],
  ['dining', UtensilsCrossed],
]);

/** The perk types that have an icon of their own. */
export const PERK_ICON_TYPES: readonly string[] = [...ICONS.keys()];

/** The icon type a perk type shows: its own for the seven named ones, the safari icon for any other. */
const perkIconType = (type: string): string => (ICONS.has(type) ? type : 'safari');

export const perkIconFor = (type: string): LucideIcon => ICONS.get(perkIconType(type))!;

export function PerkIcon({ type, className }: { type: string; className?: string }) {
  const Icon = perkIconFor(type);
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" data-perk-icon={perkIconType(type)} />
    </span>
  );
}
