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

/** The perk types that have an icon of their own (spec section 2). */
export const PERK_ICON_TYPES = ['horse', 'atv', 'safari', 'winter', 'income', 'event', 'dining'] as const;
export type PerkIconType = (typeof PERK_ICON_TYPES)[number];

const ICONS: ReadonlyMap<string, LucideIcon> = new Map<PerkIconType, LucideIcon>([
  ['horse', PawPrint],
  ['atv', Motorbike],
  ['safari', Binoculars],
  ['winter', Snowflake],
  ['income', Wallet],
  ['event', PartyPopper],
  ['dining', UtensilsCrossed],
]);

/** The icon type a perk type shows: its own for the seven of the spec, the safari icon for any other. */
export const perkIconType = (type: string): PerkIconType =>
  ICONS.has(type) ? (type as PerkIconType) : 'safari';

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
