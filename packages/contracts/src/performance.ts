import { z } from 'zod';
import { envelope, uuidString } from './common';

/**
 * The performance figures of a holding (one project, or the whole portfolio), as fund reports give them.
 * Money in euros; ratios as fractions (0.085 is 8.5 %). A figure that cannot be computed is null, never
 * a wrong number.
 */
export const performanceFigures = z.object({
  /** Paid in: the amount invested. */
  invested: z.number(),
  /** Capital paid back (a return of capital). */
  capitalReturned: z.number(),
  /** Income paid (the monthly returns and rental income whose payment date has come). */
  income: z.number(),
  /** Everything received minus everything paid in. */
  netCashFlow: z.number(),
  /** Distributions ÷ paid-in (DPI): what has come back for each euro invested. */
  dpi: z.number().nullable(),
  /** Income of the last 12 months ÷ the capital still invested. */
  cashYield12m: z.number().nullable(),
  /**
   * The annualized internal rate of return of the dated cash flows: each investment paid in on its start
   * date, each amount paid out on its payment date, and the capital still invested as if paid back at
   * cost on `asOf`.
   */
  xirr: z.number().nullable(),
});
export type PerformanceFigures = z.infer<typeof performanceFigures>;

export const performance = z.object({
  /** The day the figures are computed for, `YYYY-MM-DD`. */
  asOf: z.string(),
  portfolio: performanceFigures,
  projects: z.array(performanceFigures.extend({ projectId: uuidString, name: z.string() })),
});
export type Performance = z.infer<typeof performance>;

export const performanceAnswer = envelope(performance);
