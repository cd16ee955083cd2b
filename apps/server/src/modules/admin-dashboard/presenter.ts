import { fromCents, toCents, type AdminDashboard } from '@portal/contracts';
import { num } from '../../lib/format';
import { presentAuditEntry, type AuditRow } from '../audit/presenter';

/** What `getDashboard` reads, as the database answers it. */
export interface DashboardRows {
  /** The selected project, if any. */
  projectId: string | null;
  /** 'YYYY-MM' of the current month and the 11 before it, oldest first. */
  months: readonly string[];
  /** Capital overall and (the `p…` sums) in the selected project. */
  capital:
    | {
        invested: string;
        returned: string;
        investors: number;
        pInvested: string;
        pReturned: string;
        pInvestors: number;
      }
    | undefined;
  /** The counters, by their SQL names (counts come back as text). */
  counters: Record<string, unknown> | undefined;
  /** The sum of the monthly returns of each month that has any, and (again by month) of the rental income paid. */
  series: readonly { month: string; amount: string | null }[];
  /** The latest admin writes, newest first. */
  activity: readonly AuditRow[];
}

const int = (v: unknown) => Number(v ?? 0);

/** The Admin Dashboard's figures as JSON: amounts exact to the cent, every month of the twelve present. */
export function presentDashboard({
  projectId: p,
  months,
  capital,
  counters,
  series,
  activity,
}: DashboardRows): AdminDashboard {
  // A month may come twice: its monthly returns and its rental income.
  const byMonth = new Map<string, number>();
  for (const s of series) byMonth.set(s.month, (byMonth.get(s.month) ?? 0) + toCents(s.amount));
  const c = counters ?? {};
  return {
    overall: {
      invested: num(capital?.invested),
      returned: num(capital?.returned),
      capitalReturned: num(c.capital_returned as string | undefined),
      investors: int(capital?.investors),
      projects: int(c.projects),
      activeProjects: int(c.active_projects),
    },
    project:
      p && c.project_name != null
        ? {
            _id: p,
            name: String(c.project_name),
            invested: num(capital?.pInvested),
            returned: num(capital?.pReturned),
            capitalReturned: num(c.project_capital_returned as string | undefined),
            investors: int(capital?.pInvestors),
            pendingBookings: int(c.project_pending_bookings),
          }
        : null,
    pendingBookings: int(c.pending_bookings),
    newInterest: int(c.new_interest),
    awaitingActivation: int(c.awaiting_activation),
    returnsByMonth: months.map((month) => ({ month, amount: fromCents(byMonth.get(month) ?? 0) })),
    recentActivity: activity.map(presentAuditEntry),
  };
}
