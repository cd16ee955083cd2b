import { z } from 'zod';
import { auditEntry } from './audit';
import { projectIdQuery, uuidString } from './common';

/** The admin dashboard's answer: the figures an operator wants first, overall and for one project. */

export const capitalFigures = z.object({
  invested: z.number(),
  /** Income paid (the investments' returns and the rental income paid so far). */
  returned: z.number(),
  /** Returns of capital paid (final capital distributions). */
  capitalReturned: z.number(),
  investors: z.number(),
});
export type CapitalFigures = z.infer<typeof capitalFigures>;

export const adminDashboard = z.object({
  overall: capitalFigures.extend({ projects: z.number(), activeProjects: z.number() }),
  project: capitalFigures
    .extend({ _id: uuidString, name: z.string(), pendingBookings: z.number() })
    .nullable(),
  pendingBookings: z.number(),
  newInterest: z.number(),
  awaitingActivation: z.number(),
  /**
   * Returns paid per month over the last 12 months (the selected project, else every project): the
   * monthly returns by their month, rental income paid by the month of its payment date.
   */
  returnsByMonth: z.array(z.object({ month: z.string(), amount: z.number() })),
  recentActivity: z.array(auditEntry),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const dashboardQuery = projectIdQuery;
