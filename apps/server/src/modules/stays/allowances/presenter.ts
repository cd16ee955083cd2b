import { nightBalance, yearsUntil, type CabinAllowance, type CabinNights } from '@portal/contracts';
import type { cabinAllowances } from '../../../db/schema';
import { iso } from '../../../lib/format';

type AllowanceRow = typeof cabinAllowances.$inferSelect;

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
