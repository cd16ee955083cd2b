import { and, desc, eq, gte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  capitalReturns,
  bookings,
  interestRegistrations,
  investments,
  investorCount,
  monthlyReturnTotals,
  projectInvestmentTotals,
  projects,
  rentalIncomes,
  users,
} from '../../db/schema';
import {
  dayCameSql,
  paidAdjustmentsSql,
  paidRentalIncomeSql,
  unpaidMonthsCorrectionSql,
} from '../../db/investment-returns';
import type { DashboardRows } from './presenter';
import { selectAuditRows } from '../audit/service';

/** 'YYYY-MM' of the given month and the 11 before it, oldest first. */
export function lastTwelveMonths(now = new Date()): string[] {
  const out: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * The figures of the Admin Dashboard in four statements, whatever the amount of data: capital (overall
 * and for the selected project), counters, returns per month, and the latest admin activity.
 */
export async function getDashboard(
  db: DbOrTx,
  projectId: string | undefined,
  now = new Date(),
): Promise<DashboardRows> {
  const months = lastTwelveMonths(now);
  const p = projectId ?? null;

  const [[capital], [counters], series, activity] = await Promise.all([
    // From the totals the database keeps (migration 0022): one row a project, whatever the investors.
    db
      .execute(
        sql`select
        (select coalesce(sum(${projectInvestmentTotals.invested}), 0) from ${projectInvestmentTotals}) as invested,
        -- Income: the investments' returns, the rental income and the income adjustments, paid so far.
        (select coalesce(sum(${projectInvestmentTotals.returnsAllPaid}), 0) from ${projectInvestmentTotals})
          - ${unpaidMonthsCorrectionSql(null)} + ${paidRentalIncomeSql()}::numeric
          + ${paidAdjustmentsSql('income')}::numeric as returned,
        coalesce((select ${investorCount.n} from ${investorCount}),
          (select count(distinct ${investments.userId}) from ${investments}))::int as investors,
        coalesce((select ${projectInvestmentTotals.invested} from ${projectInvestmentTotals} where ${projectInvestmentTotals.projectId} = ${p}::uuid), 0) as p_invested,
        ${
          p
            ? sql`coalesce((select ${projectInvestmentTotals.returnsAllPaid} from ${projectInvestmentTotals} where ${projectInvestmentTotals.projectId} = ${p}::uuid), 0)
          - ${unpaidMonthsCorrectionSql(p)} + ${paidRentalIncomeSql(sql`ri.project_id = ${p}::uuid`)}::numeric
          + ${paidAdjustmentsSql('income', sql`adj.project_id = ${p}::uuid`)}::numeric`
            : sql`0`
        } as p_returned,
        coalesce((select ${projectInvestmentTotals.investments} from ${projectInvestmentTotals} where ${projectInvestmentTotals.projectId} = ${p}::uuid), 0) as p_investors`,
      )
      .then((r) =>
        (
          r as unknown as {
            rows: {
              invested: string;
              returned: string;
              investors: number;
              p_invested: string;
              p_returned: string;
              p_investors: number;
            }[];
          }
        ).rows.map((c) => ({
          invested: c.invested,
          returned: c.returned,
          investors: c.investors,
          pInvested: c.p_invested,
          pReturned: c.p_returned,
          pInvestors: c.p_investors,
        })),
      ),
    db
      .execute(
        sql`select
        (select count(*) from ${projects}) as projects,
        (select count(*) from ${projects} where ${projects.status} = 'active') as active_projects,
        (select ${projects.name} from ${projects} where ${projects.id} = ${p}::uuid) as project_name,
        (select count(*) from ${bookings} where ${bookings.status} = 'pending') as pending_bookings,
        (select count(*) from ${bookings} where ${bookings.status} = 'pending' and ${bookings.projectId} = ${p}::uuid) as project_pending_bookings,
        (select count(*) from ${interestRegistrations} where ${interestRegistrations.status} = 'new') as new_interest,
        (select count(*) from ${users} where not ${users.isActive} and ${users.activatedAt} is null) as awaiting_activation,
        (select coalesce(sum(${capitalReturns.amount}), 0) from ${capitalReturns}) as capital_returned,
        (select coalesce(sum(${capitalReturns.amount}), 0) from ${capitalReturns} where ${capitalReturns.projectId} = ${p}::uuid) as project_capital_returned`,
      )
      .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows),
    // Income paid, in the month of the day it was paid (a distribution paid after its month counts then),
    // from the sums per day paid and project that the database keeps (migration 0022).
    db
      .select({
        month: sql<string>`to_char(${monthlyReturnTotals.paidOn}, 'YYYY-MM')`,
        amount: sum(monthlyReturnTotals.amount),
      })
      .from(monthlyReturnTotals)
      .where(
        and(
          gte(monthlyReturnTotals.paidOn, `${months[0]!}-01`),
          dayCameSql(sql`${monthlyReturnTotals.paidOn}`),
          p ? eq(monthlyReturnTotals.projectId, p) : undefined,
        ),
      )
      .groupBy(sql`1`)
      .unionAll(
        // Rental income paid, in the month of its payment date.
        db
          .select({
            month: sql<string>`to_char(${rentalIncomes.paymentDate}, 'YYYY-MM')`,
            amount: sum(rentalIncomes.amount),
          })
          .from(rentalIncomes)
          .where(
            and(
              gte(rentalIncomes.paymentDate, `${months[0]!}-01`),
              sql`${rentalIncomes.paymentDate} <= (now() at time zone 'utc')::date`,
              p ? eq(rentalIncomes.projectId, p) : undefined,
            ),
          )
          .groupBy(sql`1`),
      ),
    selectAuditRows(db)
      // The audit list's order, which audit_log_created_id_idx gives read backwards (an order the index
      // cannot give had every entry read and sorted: 250 ms at 200,000).
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(8),
  ]);

  return { projectId: p, months, capital, counters, series, activity };
}
