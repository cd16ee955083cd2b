import { derivePayouts, type DerivedPayout } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { payoutSources } from '../portfolio/payouts';
import { loadPortfolio } from '../portfolio/service';

/**
 * The investor's payouts, from their holdings (`loadPortfolio`, one query): their monthly returns, their
 * rental income, their returns of capital and their adjustments, newest first, at most PAYOUTS_MAX of each.
 */
export async function listPayouts(db: DbOrTx, userId: string, today: string): Promise<DerivedPayout[]> {
  return derivePayouts(payoutSources(await loadPortfolio(db, userId)), today);
}
