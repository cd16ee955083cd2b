import type { Performance } from '@portal/contracts';
import { performanceFigures, type Holding } from '../portfolio/performance-figures';

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
