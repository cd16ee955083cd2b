import type { Performance } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { performanceFigures, type Holding } from '../portfolio/performance-figures';
import { loadPortfolio } from '../portfolio/service';

/** The investor's holdings, as `loadPortfolio` reads them (one query). */
export async function loadHoldings(db: DbOrTx, userId: string): Promise<Holding[]> {
  return (await loadPortfolio(db, userId)).holdings;
}

/** The figures for the portfolio and for each project, as `GET /api/investment/performance` answers. */
export function presentPerformance(holdings: readonly Holding[], asOf: string): Performance {
  return {
    asOf,
    portfolio: performanceFigures(holdings, asOf),
    projects: holdings.map((h) => ({
      projectId: h.projectId,
      name: h.name,
      ...performanceFigures([h], asOf),
    })),
  };
}
