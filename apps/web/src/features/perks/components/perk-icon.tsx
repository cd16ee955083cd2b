import {
  Binoculars,
  Bus,
  Crown,
  Gift,
  House,
  Motorbike,
  Mountain,
  PartyPopper,
  PawPrint,
  Percent,
  Snowflake,
  Sparkles,
  Star,
  UtensilsCrossed,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';

/** Icons by perk type (spec section 2); any other type shows the safari icon. */
const ICONS: Record<string, LucideIcon> = {
  horse: PawPrint,
  atv: Motorbike,
  safari: Binoculars,
  winter: Snowflake,
  income: Wallet,
  event: PartyPopper,
  dining: UtensilsCrossed,
  cabin: House,
  activity: Mountain,
  wellness: Sparkles,
  transport: Bus,
  exclusive: Crown,
  gift: Gift,
  featured: Star,
  discount: Percent,
};

export const perkIconFor = (type: string): LucideIcon => ICONS[type] ?? Binoculars;

export function PerkIcon({ type, className }: { type: string; className?: string }) {
  const Icon = perkIconFor(type);
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" data-perk-icon={type in ICONS ? type : 'safari'} />
    </span>
  );
}
