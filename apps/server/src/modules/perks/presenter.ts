import {
  nightBalance,
  yearsUntil,
  type CabinAllowance,
  type CabinNights,
  type Perk,
} from '@portal/contracts';
import type { cabinAllowances, perks } from '../../db/schema';
import { iso } from '../../lib/format';

export type PerkRow = typeof perks.$inferSelect;
type AllowanceRow = typeof cabinAllowances.$inferSelect;

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

/** An allowance with the nights of this user's live requests in its project (sorted ascending). */
export interface AllowanceWithNights {
  allowance: AllowanceRow;
  requestedNights: string[];
}

/** The investor's cabin nights: the allowance less the nights of live requests (sorted ascending). */
export function presentCabinNights(
  { allowance: a, requestedNights }: AllowanceWithNights,
  today: string,
): CabinNights {
  const balance = nightBalance(a.totalNights, a.bonusNights, requestedNights.length);
  return {
    totalNights: a.totalNights,
    remainingNights: balance.remainingNights,
    bonusNights: balance.bonusNightsRemaining,
    bonusNightsTotal: a.bonusNights,
    bookedNights: requestedNights.length,
    yearsRemaining: yearsUntil(a.expiresAt, today),
    expirationDate: a.expiresAt,
    requestedNights,
  };
}

/** An allowance with how many of its nights are requested. */
export interface AllowanceWithBooked {
  allowance: AllowanceRow;
  bookedNights: number;
}

/** The allowance as the admin Investments screen reads it. */
export function presentAllowance({ allowance: a, bookedNights }: AllowanceWithBooked): CabinAllowance {
  const balance = nightBalance(a.totalNights, a.bonusNights, bookedNights);
  return {
    userId: a.userId,
    projectId: a.projectId,
    totalNights: a.totalNights,
    bonusNights: a.bonusNights,
    expiresAt: a.expiresAt,
    bookedNights,
    remainingNights: balance.remainingNights,
    bonusNightsRemaining: balance.bonusNightsRemaining,
    updatedAt: iso(a.updatedAt)!,
  };
}
