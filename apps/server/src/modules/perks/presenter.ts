import type { Perk } from '@portal/contracts';
import type { perks } from '../../db/schema';
import { iso } from '../../lib/format';

export type PerkRow = typeof perks.$inferSelect;

/** The only way a perk row becomes JSON. */
export function presentPerk(p: PerkRow): Perk {
  return {
    _id: p.id,
    projectId: p.projectId,
    name: p.name,
    type: p.type,
    category: p.category,
    icon: p.icon,
    description: p.description,
    discount: p.discount,
    status: p.status,
    bookingAvailable: p.bookingAvailable,
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
  };
}
